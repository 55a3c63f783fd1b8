package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;

/** MariaDB (InnoDB) at REPEATABLE READ, the isolation of the sample config. */
class TaoConcurrencyMariadbTest extends TaoConcurrencyContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.mariadb("sg_tao_race"));
  }
}
