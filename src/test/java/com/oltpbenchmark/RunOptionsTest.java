package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.State;
import com.oltpbenchmark.types.TransactionStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junitpioneer.jupiter.RetryingTest;

/** Per-run options: connections, session setup, after-load and DDL scripts, seeds, exports. */
class RunOptionsTest {
  @TempDir Path dir;

  private static boolean tableExists(TestDatabase db, String table) throws Exception {
    try (Connection c = db.connect();
        ResultSet rs = c.getMetaData().getTables(null, null, table, null)) {
      return rs.next();
    }
  }

  @RetryingTest(3)
  void newConnectionPerTransaction() throws Exception {
    TestDatabase db = TestDatabase.postgres("bb_r1_newconn");
    String body =
        "<terminals>2</terminals><newConnectionPerTxn>true</newConnectionPerTxn>"
            + "<works><work><time>1</time><rate>10</rate><weights>100</weights></work></works>"
            + EngineHarness.types("ReadRow");
    long before = connectionsSoFar(db);
    EngineHarness.Run r =
        EngineHarness.run(EngineHarness.write(dir, "newconn.xml", EngineHarness.xml(db, body)));
    assertEquals(State.EXIT, r.outcome.finalState);
    long success = r.count(TransactionStatus.SUCCESS);
    assertEquals(10, success + r.outcome.unservedRequests.get(1));
    assertTrue(success >= 8, "served " + success);
    // create, catalog and the two loader threads open 4; then one per transaction (a persistent
    // connection per worker would add only 2)
    long opened = connectionsSoFar(db) - before;
    assertTrue(
        opened >= success + 4,
        "opened " + opened + " connections for " + success + " transactions");
  }

  /** Sessions ever started on this database (PostgreSQL statistics). */
  private static long connectionsSoFar(TestDatabase db) throws Exception {
    return db.firstLong(
        "SELECT COALESCE(sessions, 0) FROM pg_stat_database WHERE datname = current_database()");
  }

  @Test
  void sessionSetupAfterLoadAndDdlOverride() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_scripts");
    Path setup =
        EngineHarness.write(
            dir, "setup.sql", "CREATE TABLE IF NOT EXISTS session_setup_ran (x INT)");
    Path afterLoad =
        EngineHarness.write(
            dir,
            "after.sql",
            "CREATE TABLE after_load_ran (x INT);\nINSERT INTO after_load_ran VALUES (7);\n");
    Path ddl =
        EngineHarness.write(
            dir,
            "ddl.sql",
            new String(
                    getClass()
                        .getResourceAsStream("/benchmarks/testbench/ddl-generic.sql")
                        .readAllBytes(),
                    StandardCharsets.UTF_8)
                .replace("'generic'", "'override'"));
    String body =
        "<terminals>1</terminals><loaderThreads>1</loaderThreads>"
            + EngineHarness.element("sessionsetupfile", setup)
            + EngineHarness.element("afterload", afterLoad)
            + EngineHarness.element("ddlpath", ddl)
            + "<works><work><time>1</time><rate>5</rate><weights>100</weights></work></works>"
            + EngineHarness.types("Noop");
    Path cfg = EngineHarness.write(dir, "scripts.xml", EngineHarness.xml(db, body));
    int code =
        DBWorkload.run(
            RunArgs.createLoadExecute("testbench", cfg, dir.resolve("out"), "--raw-output=false"));
    assertEquals(0, code);
    assertTrue(tableExists(db, "session_setup_ran"), "session setup file ran");
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      try (ResultSet rs = st.executeQuery("SELECT x FROM after_load_ran")) {
        assertTrue(rs.next());
        assertEquals(7, rs.getInt(1));
      }
      try (ResultSet rs = st.executeQuery("SELECT name FROM ddl_source")) {
        assertTrue(rs.next());
        assertEquals("override", rs.getString(1), "ddlpath replaces the packaged DDL");
      }
    }
    try (var files = Files.list(dir.resolve("out"))) {
      assertTrue(
          files.noneMatch(p -> p.toString().endsWith(".raw.csv")),
          "--raw-output=false writes no raw.csv");
    }
  }

  @RetryingTest(3)
  void everyNewSessionRunsTheSessionSetupFile() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_sessions");
    Path afterLoad = EngineHarness.write(dir, "after.sql", "CREATE TABLE session_log (x INT);\n");
    Path setup = EngineHarness.write(dir, "setup.sql", "INSERT INTO session_log VALUES (1)");
    String body =
        "<terminals>1</terminals><loaderThreads>1</loaderThreads>"
            + "<newConnectionPerTxn>true</newConnectionPerTxn>"
            + EngineHarness.element("sessionsetupfile", setup)
            + EngineHarness.element("afterload", afterLoad)
            + "<works><work><time>1</time><rate>10</rate><weights>100</weights></work></works>"
            + EngineHarness.types("Noop");
    Path cfg = EngineHarness.write(dir, "sessions.xml", EngineHarness.xml(db, body));
    assertEquals(
        0, DBWorkload.run(RunArgs.createLoadExecute("testbench", cfg, dir.resolve("out"))));
    assertEquals(
        10,
        db.firstLong("SELECT COUNT(*) FROM session_log"),
        "one setup per per-transaction connection");
  }

  @Test
  void randomSeedMakesTheTransactionMixReproducible() throws Exception {
    List<List<Long>> mixes = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      String body =
          "<terminals>1</terminals><randomSeed>99</randomSeed>"
              + EngineHarness.oneWork(1, 50, "50,50")
              + EngineHarness.types("Noop", "NoopB");
      EngineHarness.Run r =
          EngineHarness.run(EngineHarness.sqliteConfig(dir, "bb_r1_seed" + i, body));
      List<Long> mix = new ArrayList<>();
      for (long[] e : r.events) {
        mix.add(e[0]);
      }
      mixes.add(mix);
    }
    // a stalled machine may serve fewer than the 50 due; the order of those served is what counts
    int common = Math.min(mixes.get(0).size(), mixes.get(1).size());
    assertTrue(common >= 10, "served " + common);
    assertEquals(mixes.get(0).subList(0, common), mixes.get(1).subList(0, common));
    assertTrue(mixes.get(0).contains(1L) && mixes.get(0).contains(2L));
  }

  @Test
  void dialectsExportPrintsTheProcedureSql() throws Exception {
    String body =
        EngineHarness.oneWork(1, 5, "50,50") + EngineHarness.types("ReadRow", "UpdateRow");
    Path cfg = EngineHarness.sqliteConfig(dir, "bb_r1_export", body);
    PrintStream old = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      code =
          DBWorkload.run(
              new String[] {"-b", "testbench", "-c", cfg.toString(), "--dialects-export=true"});
    } finally {
      System.setOut(old);
    }
    assertEquals(0, code);
    String xml = out.toString(StandardCharsets.UTF_8);
    assertTrue(xml.contains("<dialect type=\"SQLITE\">"), xml);
    assertTrue(
        xml.contains(
            "<statement name=\"update\">UPDATE kv SET v = v + 1 WHERE k = ?" + "</statement>"),
        xml);
  }
}
