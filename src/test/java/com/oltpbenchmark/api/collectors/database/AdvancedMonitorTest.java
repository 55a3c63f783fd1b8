package com.oltpbenchmark.api.collectors.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -mt advanced} never does silently nothing: monitor files, or one line saying why not. */
class AdvancedMonitorTest {
  @TempDir Path dir;

  private static boolean statementsAvailable(TestDatabase db) {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_stat_statements LIMIT 1")) {
        return true;
      }
    } catch (java.sql.SQLException e) {
      return false;
    }
  }

  @Test
  void postgresWritesUpstreamsFilesOrSaysHowToEnableThem() throws Exception {
    TestDatabase db = TestDatabase.postgres("dbfig_mt");
    boolean available = statementsAvailable(db);
    List<String> lines = new ArrayList<>();
    Path monitor = dir.resolve("monitor");
    AdvancedMonitor m =
        AdvancedMonitor.start(DatabaseType.POSTGRES, db::connect, 100, monitor, true, lines::add);
    if (!available) {
      assertNull(m);
      assertEquals(1, lines.size(), "" + lines);
      assertTrue(
          lines.get(0).contains("shared_preload_libraries")
              && lines.get(0).contains("CREATE EXTENSION pg_stat_statements"),
          lines.get(0));
      assertFalse(Files.exists(monitor), "no half-written monitor directory");
      return;
    }
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      for (int i = 0; i < 5; i++) {
        s.executeQuery("/* MONITOR-Probe */ SELECT " + i).close();
      }
    }
    Thread.sleep(300);
    m.finish();
    m.close();
    try (var files = Files.list(monitor)) {
      List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
      assertEquals(2, names.size(), "" + names);
      assertTrue(names.get(0).matches("repeated_query_event_\\d+\\.csv"), "" + names);
      assertTrue(names.get(1).matches("single_query_event_\\d+\\.csv"), "" + names);
      List<String> single = Files.readAllLines(monitor.resolve(names.get(1)));
      assertEquals("QueryId,query_text", single.get(0));
      assertTrue(single.stream().anyMatch(l -> l.startsWith("Probe,")), "" + single);
      List<String> repeated = Files.readAllLines(monitor.resolve(names.get(0)));
      assertTrue(repeated.get(0).startsWith("QueryId,Instant,execution_count,"), repeated.get(0));
    }
  }

  @Test
  void otherDatabasesSayWhatIsCollectedInstead() {
    List<String> lines = new ArrayList<>();
    assertNull(
        AdvancedMonitor.start(
            DatabaseType.MARIADB,
            () -> {
              throw new AssertionError("no connection is opened");
            },
            100,
            dir.resolve("monitor"),
            true,
            lines::add));
    assertEquals(1, lines.size());
    assertTrue(
        lines.get(0).contains("on MARIADB") && lines.get(0).contains("database.csv"), lines.get(0));
  }
}
