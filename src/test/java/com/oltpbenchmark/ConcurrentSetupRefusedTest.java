package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.audit.LoadLock;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * While one {@code --create --load} holds a database, a second one is refused with one line before
 * it drops anything: the first one's graph is still there afterwards, and once the first one has
 * finished a create and load go ahead again. The first load is stood in for by the load lock
 * itself, taken by the test, so the overlap does not depend on timing.
 */
class ConcurrentSetupRefusedTest {

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres", "mariadb"})
  void aSecondSetupIsRefusedWhileTheFirstHoldsTheDatabase(String sample) throws Exception {
    check(sample, TestDatabase.forSample(sample, dir, "setup_lock"));
  }

  @Test
  void sqliteFileOfAUrl() {
    assertEquals(
        Path.of("/tmp/a.db"), LoadLock.sqliteFile("jdbc:sqlite:/tmp/a.db?journal_mode=WAL"));
    assertEquals(Path.of("/tmp/b.db"), LoadLock.sqliteFile("jdbc:sqlite:file:/tmp/b.db"));
    assertNull(LoadLock.sqliteFile("jdbc:sqlite::memory:"));
    assertNull(LoadLock.sqliteFile("jdbc:sqlite:"));
  }

  private void check(String sample, TestDatabase db) throws Exception {
    Path config = CliRun.sampleConfig(dir, sample, db, "0.01");
    CliRun first = run(config, "--create=true", "--load=true");
    assertEquals(0, first.code, first.toString());

    try (LoadLock other = LoadLock.acquire(db.connect(), db.url)) {
      String line =
          run(config, "--create=true", "--load=true").endedWithOneLine(DBWorkload.EXIT_FAILURE);
      assertTrue(
          line.contains(
              "refusing to create or load: another socialgraph create/load is running on"
                  + " this database"),
          line);
      if (!sample.equals("sqlite")) {
        // the server names the session that holds the lock
        assertTrue(line.contains("connect") || line.contains("connection"), line);
      }
    }
    // the refused run dropped nothing: the first graph still runs
    CliRun execute = run(config, "--execute=true");
    assertEquals(0, execute.code, execute.toString());
    // and with the lock released, a create and load go ahead
    CliRun again = run(config, "--create=true", "--load=true");
    assertEquals(0, again.code, again.toString());
  }

  private CliRun run(Path config, String... actions) {
    return CliRun.socialgraph(config, dir.resolve("results"), actions);
  }
}
