package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;
import org.junit.jupiter.api.Test;

/** {@link TaoPreconditionContract} with each write sent as one call of the server routine. */
class TaoPreconditionsPostgresRoutinesTest extends TaoPreconditionContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.postgres("sg_tao_pre_rt"), true);
  }

  @Test
  void plainWritesSkipTheRoutineCall() throws Exception {
    plainWritesGoAsTheirOneStatement();
  }
}
