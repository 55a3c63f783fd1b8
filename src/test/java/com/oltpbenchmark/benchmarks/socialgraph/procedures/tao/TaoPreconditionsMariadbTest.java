package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

class TaoPreconditionsMariadbTest extends TaoPreconditionContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.mariadb("sg_tao_pre"));
  }
}
