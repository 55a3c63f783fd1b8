package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.testutil.TestDatabase;

/**
 * The store contract on MyRocks (RocksDB tables of ddl-myrocks.sql), with link writes as server
 * routine calls as the runs send them, at READ COMMITTED as the LinkBench sample runs.
 */
class StoreContractMyRocksTest extends StoreContractTestBase {

  @Override
  ProcedureFixture createFixture() throws Exception {
    TestDatabase db = TestDatabase.myrocks("sg_store_rocks");
    return new ProcedureFixture(db, "TRANSACTION_READ_COMMITTED").withServerRoutines(db);
  }
}
