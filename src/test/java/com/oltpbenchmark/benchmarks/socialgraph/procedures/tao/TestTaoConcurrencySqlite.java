package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite (WAL) with many connections: writers queue on the database write lock, which every
 * TAOBench write takes with its first statement, so none fails with SQLITE_BUSY on a lock upgrade.
 */
class TestTaoConcurrencySqlite extends TaoConcurrencyContract {

  @TempDir Path dir;

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.sqlite(dir, "sg_t2_race"));
  }
}
