package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite (WAL) with several connections: writers queue on the database write lock, which every
 * TAOBench write takes with its first statement, so none fails with SQLITE_BUSY on a lock upgrade.
 * Races use 4 terminals and the continuous stress 2, as the SQLite sample config does: with many
 * more, SQLite's polling busy handler can starve one writer past the driver's 3 s busy timeout.
 */
class TaoConcurrencySqliteTest extends TaoConcurrencyContract {

  @TempDir Path dir;

  @Override
  int raceTerminals() {
    return 4;
  }

  @Override
  int stressTerminals() {
    return 2;
  }

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.sqlite(dir, "sg_tao_race"));
  }
}
