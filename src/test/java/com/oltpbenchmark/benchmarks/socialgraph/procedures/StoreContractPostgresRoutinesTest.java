package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.testutil.TestDatabase;

/** The store contract with link writes sent as one call of the server routine each. */
class StoreContractPostgresRoutinesTest extends StoreContractTestBase {

  @Override
  ProcedureFixture createFixture() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_store_rt");
    return new ProcedureFixture(db, "TRANSACTION_READ_COMMITTED").withServerRoutines(db);
  }
}
