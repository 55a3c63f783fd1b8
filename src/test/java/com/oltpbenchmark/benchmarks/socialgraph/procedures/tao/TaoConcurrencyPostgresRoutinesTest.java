package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

/** {@link TaoConcurrencyContract} with each write sent as one call of the server routine. */
class TaoConcurrencyPostgresRoutinesTest extends TaoConcurrencyContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.postgres("sg_tao_race_rt"), true);
  }
}
