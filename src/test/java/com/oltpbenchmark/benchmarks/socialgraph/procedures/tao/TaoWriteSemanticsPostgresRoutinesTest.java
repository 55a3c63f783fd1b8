package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

/**
 * TAOBench's write semantics on PostgreSQL, through the server routines (routines/postgres.sql).
 */
class TaoWriteSemanticsPostgresRoutinesTest extends TaoWriteSemanticsContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.postgres("sg_tao_sem_postgres_rt"), true);
  }
}
