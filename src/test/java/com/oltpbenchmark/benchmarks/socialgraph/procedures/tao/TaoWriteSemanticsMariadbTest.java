package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

/** TAOBench's write semantics on MariaDB, step by step (TaoWrites). */
class TaoWriteSemanticsMariadbTest extends TaoWriteSemanticsContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.mariadb("sg_tao_sem_mariadb"));
  }
}
