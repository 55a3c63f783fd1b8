package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

/** PostgreSQL at READ COMMITTED, the isolation of the sample config. */
class TaoConcurrencyPostgresTest extends TaoConcurrencyContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.postgres("sg_tao_race"));
  }
}
