package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.Connection;

/** PostgreSQL with SERIALIZABLE writers: the losers first see serialization failures, retry. */
class TaoConcurrencyPostgresSerializableTest extends TaoConcurrencyContract {

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.postgres("sg_tao_race_ser"));
  }

  @Override
  int writerIsolation() {
    return Connection.TRANSACTION_SERIALIZABLE;
  }
}
