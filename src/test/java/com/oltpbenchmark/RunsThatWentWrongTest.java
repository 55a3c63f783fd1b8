package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs that went wrong do not look right, on PostgreSQL with a LinkBench-only workload (UpdateNode
 * alone): a run whose requests all fail shows 0 served beside its attempted throughput and keeps
 * the server's message; a run whose terminals are all blocked exits {@link
 * ExitCodes#NOTHING_SERVED} with one line even though its audit passes; a normal run's audit says
 * the TAOBench checks are not applicable instead of passed with nothing examined.
 */
class RunsThatWentWrongTest {

  private static final int PHASE_SECONDS = 2;
  private static final String REFUSAL = "updates refused by the test (password=hunter2)";

  @TempDir Path dir;

  @Test
  void allFailedBlockedAndLinkBenchOnlyRuns() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_went_wrong");
    Path config = config(db, "");
    assertEquals(0, run(config, "load", "--create", "--load").code);

    linkBenchOnlyRunSaysTheTaoChecksAreNotApplicable(config);
    allFailedRunShowsNothingServedAndTheServerMessage(db);
    blockedRunExitsNothingServedThoughTheAuditPasses(db, config);
  }

  private void linkBenchOnlyRunSaysTheTaoChecksAreNotApplicable(Path config) throws Exception {
    CliRun r = run(config, "normal", "--execute");
    assertEquals(0, r.code, r.err);
    JSONObject summary = json(dir.resolve("normal"), ".summary.json");
    assertTrue(summary.getLong("Served Requests") > 0, summary.toString());
    JSONObject audit = json(dir.resolve("normal"), ".audit.json");
    JSONArray checks = audit.getJSONArray("checks");
    int notApplicable = 0;
    for (int i = 0; i < checks.length(); i++) {
      JSONObject c = checks.getJSONObject(i);
      assertFalse(
          "passed".equals(c.getString("status")) && c.getLong("examined") == 0,
          "passed with nothing examined: " + c);
      if (c.getString("name").startsWith("tao")) {
        assertEquals("not applicable", c.getString("status"), c.toString());
        assertTrue(
            c.getString("skipped")
                .startsWith("not applicable: no TAOBench association types in this graph"),
            c.toString());
        notApplicable++;
      }
    }
    assertEquals(3, notApplicable, checks.toString());
    String report = read(dir.resolve("normal"), ".report.html");
    assertTrue(report.contains("not applicable: no TAOBench association types"), "report.html");
  }

  private void allFailedRunShowsNothingServedAndTheServerMessage(TestDatabase db) throws Exception {
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      st.execute(
          "CREATE OR REPLACE FUNCTION sg_refuse_update() RETURNS trigger AS $$ BEGIN RAISE"
              + " EXCEPTION '"
              + REFUSAL
              + "'; END $$ LANGUAGE plpgsql");
      st.execute(
          "CREATE TRIGGER sg_refuse_update BEFORE UPDATE ON nodetable FOR EACH ROW EXECUTE"
              + " FUNCTION sg_refuse_update()");
    }
    try {
      Path config = config(db, "");
      CliRun r =
          CliRun.process(
              120,
              "-b",
              "socialgraph",
              "-c",
              config.toString(),
              "-d",
              dir.resolve("failed").toString(),
              "--execute");
      assertEquals(ExitCodes.TOO_MANY_ERRORS, r.code, r.out);
      assertTrue(
          r.out.matches(
              "(?s).*Throughput [0-9.]+ requests/s attempted, 0\\.0 requests/s served;"
                  + " [1-9][0-9]* requests measured, 0 served, in .*"),
          r.out);
      assertTrue(r.out.contains("benchbase: the run failed: "), r.out);
      assertFalse(r.out.contains("Exception"), r.out);

      JSONObject summary = json(dir.resolve("failed"), ".summary.json");
      assertEquals(0, summary.getLong("Served Requests"));
      assertTrue(summary.getLong("Measured Requests") > 0, summary.toString());
      String message = summary.getJSONObject("Error Messages").getString("P0001");
      assertTrue(message.contains("updates refused by the test (password=********"), message);
      assertFalse(summary.toString().contains("hunter2"), summary.toString());
      assertEquals(1, summary.getJSONObject("Error Messages").length(), summary.toString());
    } finally {
      try (Connection c = db.connect();
          Statement st = c.createStatement()) {
        st.execute("DROP TRIGGER sg_refuse_update ON nodetable");
      }
    }
  }

  private void blockedRunExitsNothingServedThoughTheAuditPasses(TestDatabase db, Path config)
      throws Exception {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (Connection lock = db.connect()) {
      lock.setAutoCommit(false);
      try (Statement st = lock.createStatement()) {
        // every node row: each UpdateNode waits; reads (the preflight's, the audit's) do not
        st.executeQuery("SELECT id FROM nodetable FOR UPDATE").close();
      }
      Future<CliRun> running = pool.submit(() -> run(config, "blocked", "--execute"));
      waitForBlockedTerminals(db, 2, running);
      // the phase started before the terminals blocked; hold the lock past its end
      Thread.sleep((PHASE_SECONDS + 2) * 1000L);
      lock.rollback();
      CliRun r = running.get(120, TimeUnit.SECONDS);
      assertEquals(ExitCodes.NOTHING_SERVED, r.code, r.err);
      List<String> lines = r.errLines();
      assertEquals(1, lines.size(), r.err);
      assertTrue(
          lines.get(0).matches("benchbase: the run (measured|served) no request: .*"), r.err);
      JSONObject summary = json(dir.resolve("blocked"), ".summary.json");
      assertEquals(0, summary.getLong("Served Requests"), summary.toString());
      assertEquals("PASS", summary.getJSONObject("Audit").getString("verdict"), summary.toString());
    } finally {
      pool.shutdownNow();
    }
  }

  /** Waits until {@code n} sessions of the run wait on a lock (at most 60 s). */
  private static void waitForBlockedTerminals(TestDatabase db, int n, Future<CliRun> running)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      while (System.nanoTime() < deadline) {
        try (ResultSet rs =
            st.executeQuery(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    + " AND wait_event_type = 'Lock'")) {
          rs.next();
          if (rs.getInt(1) >= n) {
            return;
          }
        }
        if (running.isDone()) {
          throw new AssertionError("the run ended before its terminals blocked: " + running.get());
        }
        Thread.sleep(100);
      }
    }
    throw new AssertionError("the run's terminals did not block within 60 s");
  }

  /** The sample config with UpdateNode alone, 2 terminals, no warm-up, a short phase. */
  private Path config(TestDatabase db, String extra) throws Exception {
    Path sample = CliRun.sampleConfig(dir, "postgres", db, "0.01");
    String xml = Files.readString(sample);
    xml = CliRun.element(xml, "terminals", "2");
    xml = CliRun.element(xml, "warmup", "0");
    xml = CliRun.element(xml, "time", Integer.toString(PHASE_SECONDS));
    xml = CliRun.element(xml, "weights", "0, 0, 100, 0, 0, 0, 0, 0, 0, 0");
    xml = xml.replace("<terminals>", extra + "<terminals>");
    return Files.writeString(dir.resolve("config" + extra.length() + ".xml"), xml);
  }

  private CliRun run(Path config, String results, String... actions) {
    return CliRun.socialgraph(config, dir.resolve(results), actions);
  }

  private static JSONObject json(Path results, String suffix) throws Exception {
    return new JSONObject(read(results, suffix));
  }

  private static String read(Path results, String suffix) throws Exception {
    try (Stream<Path> files = Files.list(results)) {
      Path f = files.filter(p -> p.toString().endsWith(suffix)).findFirst().orElseThrow();
      return Files.readString(f);
    }
  }
}
