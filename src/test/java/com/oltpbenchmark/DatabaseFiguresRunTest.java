package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database figures of real LinkBench runs: a read-only phase on a graph held in memory, then a
 * write-only phase. The counters must move the way the work implies, and the whole run's figures
 * must agree with a reading this test takes itself before and after the run.
 */
class DatabaseFiguresRunTest {
  @TempDir Path dir;

  /** GetNode .. DeleteLink, in the sample's transaction-type order. */
  private static final String READ_ONLY = "30, 0, 0, 0, 10, 50, 10, 0, 0, 0";

  private static final String WRITE_ONLY = "0, 20, 20, 0, 0, 0, 0, 40, 20, 0";

  private Path config(TestDatabase db, String sample) throws Exception {
    String xml = Files.readString(Path.of("config", sample, "sample_socialgraph_config.xml"));
    xml = CliRun.element(xml, "url", db.url.replace("&", "&amp;"));
    xml = CliRun.element(xml, "terminals", "2");
    xml = xml.replace("<linkbench>", "<linkbench><maxid1>2001</maxid1>");
    xml =
        xml.replaceAll(
            "(?s)<works>.*</works>",
            "<works><work><time>4</time><rate>unlimited</rate><weights>"
                + READ_ONLY
                + "</weights></work><work><time>4</time><rate>unlimited</rate><weights>"
                + WRITE_ONLY
                + "</weights></work></works>");
    return Files.writeString(dir.resolve(sample + ".xml"), xml);
  }

  /** {@code sample}'s config on {@code db}, its graph created and loaded. */
  private Path loadedConfig(TestDatabase db, String sample) throws Exception {
    Path cfg = config(db, sample);
    CliRun load = CliRun.socialgraph(cfg, dir.resolve("load"), "--create", "--load");
    assertEquals(0, load.code, load.err);
    return cfg;
  }

  /** Runs the phases of {@code cfg} (1 s windows, no audit) into {@link #runDir}; its summary. */
  private Map<String, Object> executed(Path cfg) throws Exception {
    CliRun run = CliRun.socialgraph(cfg, runDir(), "--execute", "-s", "1", "--audit=false");
    assertEquals(0, run.code, run.err);
    return summary(runDir());
  }

  private Path runDir() {
    return dir.resolve("run");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> summary(Path out) throws Exception {
    try (Stream<Path> s = Files.list(out)) {
      Path f = s.filter(p -> p.toString().endsWith(".summary.json")).findFirst().orElseThrow();
      assertTrue(
          Files.exists(Path.of(f.toString().replace(".summary.json", ".database.csv"))),
          "database.csv beside " + f);
      return new ObjectMapper().readValue(f.toFile(), Map.class);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> phase(Map<String, Object> database, int id) {
    for (Object o : (List<Object>) database.get("Phases")) {
      Map<String, Object> p = (Map<String, Object>) o;
      if (((Number) p.get("Phase")).intValue() == id) {
        assertEquals(Boolean.TRUE, p.get("Complete"), "phase " + id + " complete: " + p);
        return p;
      }
    }
    throw new AssertionError("no phase " + id + " in " + database);
  }

  @SuppressWarnings("unchecked")
  private static double perRequest(Map<String, Object> phase, String figure) {
    Object v = ((Map<String, Object>) phase.get("Per Request")).get(figure);
    assertNotNull(v, figure + " in " + phase);
    return ((Number) v).doubleValue();
  }

  private static long[] pgCounters(TestDatabase db) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT tup_inserted + tup_updated + tup_deleted, xact_commit FROM"
                    + " pg_stat_database WHERE datname = current_database()")) {
      rs.next();
      return new long[] {rs.getLong(1), rs.getLong(2)};
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void postgresFiguresFollowTheWorkAndAgreeWithAnOwnReading() throws Exception {
    TestDatabase db = TestDatabase.postgres("dbfig");
    Path cfg = loadedConfig(db, "postgres");
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      // so that autovacuum, setting hint bits and visibility, writes no WAL in the read phase
      st.execute("VACUUM (ANALYZE)");
    }
    Thread.sleep(1200); // the loader's sessions report their statistics when they end
    long[] before = pgCounters(db);
    Map<String, Object> s = executed(cfg);
    long[] after = pgCounters(db);
    Map<String, Object> d = (Map<String, Object>) s.get("Database");
    assertNotNull(d, "summary has a Database key: " + s.keySet());
    assertEquals("PostgreSQL", d.get("Family"));
    assertEquals(0, ((Number) d.get("Gaps")).intValue(), "no gaps: " + d);

    Map<String, Object> ro = phase(d, 1);
    Map<String, Object> wo = phase(d, 2);
    List<Object> summaryPhases = (List<Object>) s.get("Phases");
    for (int i = 0; i < 2; i++) {
      assertEquals(
          ((Map<String, Object>) summaryPhases.get(i)).get("Requests"),
          phase(d, i + 1).get("Requests"),
          "phase " + (i + 1) + " requests as the summary's Phases count them");
    }
    Map<String, Object> roTotals = (Map<String, Object>) ro.get("Totals");
    Map<String, Object> woTotals = (Map<String, Object>) wo.get("Totals");
    assertEquals(0L, ((Number) roTotals.get("rows_changed")).longValue(), "read-only: " + ro);
    assertTrue(perRequest(wo, "Rows changed") >= 0.9, "every write changes a row: " + wo);
    // the graph of 2,000 nodes sits in shared_buffers after the load
    assertTrue(perRequest(ro, "Disk reads") < 0.05, "read-only reads from memory: " + ro);
    double roWal = perRequest(ro, "WAL/redo KB");
    double woWal = perRequest(wo, "WAL/redo KB");
    assertTrue(woWal > 0.05, "write-only phase writes WAL: " + wo);
    System.out.printf("WAL KB per request: read-only %.4f, write-only %.4f%n", roWal, woWal);
    if (TestDatabase.serversRequired()) {
      // WAL is the cluster's: only where nothing else runs (CI) is the read phase's WAL its own
      assertTrue(roWal < 0.1 * woWal, "read-only WAL " + roWal + " vs write-only " + woWal);
    }

    // the whole run against this test's own reading of the database's counters
    Map<String, Object> whole = (Map<String, Object>) d.get("Whole Run");
    Map<String, Object> totals = (Map<String, Object>) whole.get("Totals");
    long ownChanged = after[0] - before[0];
    long figChanged = ((Number) totals.get("rows_changed")).longValue();
    assertTrue(ownChanged > 100, "the run changed rows: " + ownChanged);
    assertEquals(ownChanged, figChanged, 0.05 * ownChanged, "rows changed, summary vs own reading");
    long ownCommits = after[1] - before[1];
    long figCommits = ((Number) totals.get("commits")).longValue();
    assertEquals(ownCommits, figCommits, 0.05 * ownCommits, "commits, summary vs own reading");
    long requests = ((Number) s.get("Measured Requests")).longValue();
    assertEquals(requests, ((Number) whole.get("Requests")).longValue(), "every request counted");
    double perReqOwn = (double) ownChanged / requests;
    assertEquals(
        perReqOwn,
        ((Number) ((Map<String, Object>) whole.get("Per Request")).get("Rows changed"))
            .doubleValue(),
        0.05 * perReqOwn,
        "rows changed per request");
    // the server's and the driver's processes, read with the database's counters
    assertTrue(perRequest(wo, "Driver CPU microseconds") > 0, "" + wo);
    if (String.valueOf(d.get("Server Process")).startsWith("pid ")) {
      assertTrue(perRequest(wo, "Server CPU microseconds") > 0, "" + wo);
      // the phases' server CPU against the measured window's, read apart by the control thread
      long phasesCpu = 0;
      for (Map<String, Object> p : List.of(ro, wo)) {
        phasesCpu +=
            ((Number) ((Map<String, Object>) p.get("Totals")).get("server_cpu_us")).longValue();
      }
      Map<String, Object> server = (Map<String, Object>) s.get("Server Process");
      double windowCpu = ((Number) server.get("CPU (seconds)")).doubleValue() * 1e6;
      assertEquals(windowCpu, phasesCpu, 0.05 * windowCpu, "server CPU, phases vs window");
    }
    Number sizeStart = (Number) d.get("Size at start (bytes)");
    Number sizeEnd = (Number) d.get("Size at end (bytes)");
    assertTrue(sizeStart.longValue() > 0 && sizeEnd.longValue() >= sizeStart.longValue(), "" + d);
    List<String> csv =
        Files.readAllLines(
            Files.list(runDir())
                .filter(p -> p.toString().endsWith(".database.csv"))
                .findFirst()
                .get());
    assertTrue(csv.get(0).startsWith("Time (seconds),Event,Phase,Gap,"), csv.get(0));
    assertTrue(csv.stream().filter(l -> l.contains(",window,")).count() >= 4, "" + csv);
    assertFalse(csv.stream().anyMatch(l -> l.split(",", -1)[3].equals("1")), "no gap rows");
  }

  @Test
  @SuppressWarnings("unchecked")
  void mariadbFiguresFollowTheWork() throws Exception {
    TestDatabase db = TestDatabase.mariadb("dbfig");
    Map<String, Object> d =
        (Map<String, Object>) executed(loadedConfig(db, "mariadb")).get("Database");
    assertEquals("MariaDB/MySQL", d.get("Family"));
    Map<String, Object> ro = phase(d, 1);
    Map<String, Object> wo = phase(d, 2);
    // the server's counters: other databases on a shared server add to them
    assertTrue(perRequest(wo, "WAL/redo KB") > 0.05, "write-only phase writes redo: " + wo);
    // data pages are flushed later (checkpoints), so a short phase may write none yet
    assertTrue(perRequest(wo, "KB written") >= 0, "" + wo);
    assertTrue(perRequest(wo, "Rows changed") >= 0.9, "" + wo);
    for (String figure : new String[] {"Row-lock waits per 1000", "Deadlocks per 1000"}) {
      assertTrue(perRequest(wo, figure) >= 0, figure + " present: " + wo);
    }
    if (TestDatabase.serversRequired()) {
      assertTrue(perRequest(ro, "Disk reads") < 0.05, "read-only reads from memory: " + ro);
      assertTrue(
          perRequest(ro, "WAL/redo KB") < 0.1 * perRequest(wo, "WAL/redo KB"),
          "read-only redo: " + ro + " vs " + wo);
    }
    assertTrue(((Number) d.get("Size at end (bytes)")).longValue() > 0, "" + d);
  }

  @Test
  @SuppressWarnings("unchecked")
  void sqliteHasSizesAndNoRunningTotals() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "dbfig");
    Map<String, Object> d =
        (Map<String, Object>) executed(loadedConfig(db, "sqlite")).get("Database");
    assertEquals("SQLite", d.get("Family"));
    Map<String, Object> wo = phase(d, 2);
    // SQLite keeps no running totals: its per-request figures are absent, not zero; the driver's
    // CPU is there (SQLite's work is done inside the driver)
    assertEquals(
        java.util.Set.of("Driver CPU microseconds"),
        ((Map<String, Object>) wo.get("Per Request")).keySet(),
        "" + wo);
    assertEquals("SQLite", d.get("Family"));
    assertTrue(String.valueOf(d.get("Server Process")).contains("embedded"), "" + d);
    long start = ((Number) d.get("Size at start (bytes)")).longValue();
    long end = ((Number) d.get("Size at end (bytes)")).longValue();
    assertTrue(start > 0 && end >= start, "size " + start + " -> " + end);
  }

  @Test
  @SuppressWarnings("unchecked")
  void aCounterTheUserMayNotReadIsOneLineAndTheRunGoesOn() throws Exception {
    TestDatabase db = TestDatabase.postgres("dbfig_role");
    Path cfg = loadedConfig(db, "postgres");
    String role = db.url.replaceAll(".*/([^/?]+)\\?.*", "$1") + "_runner";
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP ROLE IF EXISTS " + role);
      s.execute("CREATE ROLE " + role + " LOGIN");
      s.execute("GRANT ALL ON ALL TABLES IN SCHEMA public TO " + role);
      s.execute("GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO " + role);
      s.execute("GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO " + role);
      s.execute("GRANT ALL ON ALL PROCEDURES IN SCHEMA public TO " + role);
    }
    try {
      Path asRole =
          Files.writeString(
              dir.resolve("role.xml"), CliRun.element(Files.readString(cfg), "username", role));
      Map<String, Object> d = (Map<String, Object>) executed(asRole).get("Database");
      List<String> notices = (List<String>) d.get("Notices");
      assertEquals(1, notices.size(), "one line: " + notices);
      assertTrue(
          notices.get(0).contains("pg_ls_waldir") && notices.get(0).contains("pg_monitor"),
          notices.get(0));
      assertTrue(phase(d, 2).get("Per Request") != null, "the other figures stay: " + d);
      assertEquals(0, ((Number) d.get("Gaps")).intValue());
    } finally {
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        s.execute("DROP OWNED BY " + role);
        s.execute("DROP ROLE IF EXISTS " + role);
      }
    }
  }
}
