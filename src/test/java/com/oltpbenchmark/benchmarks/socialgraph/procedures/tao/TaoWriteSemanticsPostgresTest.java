package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

/** TAOBench's write semantics on PostgreSQL, step by step (TaoWrites). */
class TaoWriteSemanticsPostgresTest extends TaoWriteSemanticsContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.postgres("sg_tao_sem_postgres"));
  }
}
