package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

/** TAOBench's write preconditions on MyRocks (RocksDB tables), at REPEATABLE READ. */
class TaoPreconditionsMyRocksTest extends TaoPreconditionContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.myrocks("sg_tao_pre_rocks"));
  }
}
