package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

class TaoPreconditionsPostgresTest extends TaoPreconditionContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.postgres("sg_tao_pre"));
  }
}
