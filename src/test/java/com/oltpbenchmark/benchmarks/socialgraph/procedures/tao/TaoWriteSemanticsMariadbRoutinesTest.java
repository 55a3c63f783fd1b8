package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

/** TAOBench's write semantics on MariaDB, through the server routines (routines/mysql.sql). */
class TaoWriteSemanticsMariadbRoutinesTest extends TaoWriteSemanticsContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.mariadb("sg_tao_sem_mariadb_rt"), true);
  }
}
