package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

/** TAOBench's write semantics on MyRocks, step by step (TaoWrites). */
class TaoWriteSemanticsMyRocksTest extends TaoWriteSemanticsContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.myrocks("sg_tao_sem_myrocks"));
  }
}
