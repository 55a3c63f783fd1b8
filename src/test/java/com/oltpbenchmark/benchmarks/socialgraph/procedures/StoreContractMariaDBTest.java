package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.testutil.TestDatabase;

class StoreContractMariaDBTest extends StoreContractTestBase {

  @Override
  ProcedureFixture createFixture() throws Exception {
    return new ProcedureFixture(TestDatabase.mariadb("sg_store"), "TRANSACTION_REPEATABLE_READ");
  }
}
