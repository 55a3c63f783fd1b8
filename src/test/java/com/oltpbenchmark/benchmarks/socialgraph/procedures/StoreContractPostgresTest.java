package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.testutil.TestDatabase;

class StoreContractPostgresTest extends StoreContractTestBase {

  @Override
  ProcedureFixture createFixture() throws Exception {
    return new ProcedureFixture(TestDatabase.postgres("sg_store"), "TRANSACTION_READ_COMMITTED");
  }
}
