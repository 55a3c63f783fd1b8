package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.testutil.ResultFiles;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.io.TempDir;
import org.junitpioneer.jupiter.RetryingTest;

/**
 * A database that stops answering shortly before the end of the run (a lock held by this test on
 * every socialgraph table, from the middle of the phase until the run has written its results): the
 * run still ends at the phase end plus the in-flight grace, reports the requests it abandoned and
 * how long they had waited, writes the seconds of the stall as empty rows up to the phase end, and
 * the audit afterwards (the run's own, once the lock is gone) passes.
 *
 * <p>Timed against the wall clock, so retried (docs/testing.md): the lock is held until 25 s after
 * the phase end, and the run must give up its stalled requests within the grace plus a 10 s margin
 * (which holds on a busy two-core machine); the old behaviour waited for the lock's release. The
 * run's own audit then waits for the release, so the times are read from the log lines, not from
 * when the results were written.
 */
class StallAtEndTest {
  private static final int TERMINALS = 4;
  private static final int PHASE_SECONDS = 8;
  private static final double GRACE_SECONDS = 2;
  private static final long MARGIN_MS = 10_000;

  /** How long the lock stays held after the phase's scheduled end. */
  private static final long HOLD_AFTER_END_MS = 25_000;

  @TempDir Path dir;

  @RetryingTest(3)
  void postgresStalledAcrossTheEnd() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_stall_end");
    stalledRun(
        db,
        "postgres",
        "LOCK TABLE nodetable, linktable, counttable IN ACCESS EXCLUSIVE MODE",
        null,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            + " AND pid <> pg_backend_pid()");
  }

  @RetryingTest(3)
  void mariadbStalledAcrossTheEnd() throws Exception {
    TestDatabase db = TestDatabase.mariadb("sg_stall_end");
    stalledRun(
        db,
        "mariadb",
        "LOCK TABLES nodetable WRITE, linktable WRITE, counttable WRITE",
        "UNLOCK TABLES",
        "SELECT count(*) FROM information_schema.processlist WHERE db = database()"
            + " AND id <> connection_id()");
  }

  /**
   * @param lock the statement that blocks every request (held in an open transaction)
   * @param unlock the statement that releases it, null when ending the transaction does
   * @param sessions counts the other sessions on the test database
   */
  private void stalledRun(
      TestDatabase db, String sample, String lock, String unlock, String sessions)
      throws Exception {
    String xml = Files.readString(Path.of("config", sample, "sample_taobench_config.xml"));
    xml = CliRun.element(xml, "url", db.url.replace("&", "&amp;"));
    xml = CliRun.element(xml, "scalefactor", "0.2");
    xml = CliRun.element(xml, "terminals", String.valueOf(TERMINALS));
    xml = CliRun.element(xml, "warmup", "0");
    xml = CliRun.element(xml, "time", String.valueOf(PHASE_SECONDS));
    xml =
        xml.replace(
            "<terminals>", "<inFlightGrace>" + GRACE_SECONDS + "</inFlightGrace>\n    <terminals>");
    Path config = Files.writeString(dir.resolve("stall.xml"), xml);
    Path results = dir.resolve("results");
    CliRun load = CliRun.socialgraph(config, dir.resolve("load"), "--create", "--load");
    assertEquals(0, load.code, load.err);

    AtomicReference<Throwable> holderFailed = new AtomicReference<>();
    Thread holder =
        new Thread(
            () -> {
              try {
                holdLockAcrossTheEnd(db, lock, unlock, sessions);
              } catch (Throwable t) {
                holderFailed.set(t);
              }
            },
            "lock-holder");
    holder.start();
    CliRun run = CliRun.socialgraphProcess(config, results, "--execute");
    holder.join(TimeUnit.SECONDS.toMillis(150));
    if (holderFailed.get() != null) {
      throw new AssertionError("the lock holder failed", holderFailed.get());
    }
    assertEquals(0, run.code, run.out);

    JsonNode summary = new ObjectMapper().readTree(file(results, ".summary.json").toFile());
    long phaseStart = logTime(run.out, "PHASE START");
    long gaveUp = logTime(run.out, "were abandoned");
    long allowed = PHASE_SECONDS * 1000L + (long) (GRACE_SECONDS * 1000) + MARGIN_MS;
    assertTrue(
        gaveUp - phaseStart <= allowed,
        "the run gave up its stalled requests "
            + (gaveUp - phaseStart)
            + " ms after the phase start, more than "
            + allowed);
    JsonNode inFlight = summary.get("In Flight At End");
    assertTrue(inFlight.get("Requests").asLong() >= 1, inFlight.toString());
    assertTrue(inFlight.get("Requests").asLong() <= TERMINALS, inFlight.toString());
    assertEquals(GRACE_SECONDS, inFlight.get("Grace (seconds)").asDouble(), 1e-9);
    assertTrue(
        inFlight.get("Longest Wait (seconds)").asDouble() >= GRACE_SECONDS + 1,
        "abandoned requests had waited through the end and the grace: " + inFlight);
    assertTrue(run.out.contains("In flight at end: "), run.out);

    List<String> samples = Files.readAllLines(file(results, ".samples.csv"));
    assertEquals(PHASE_SECONDS + 1, samples.size(), "a row per second up to the phase end");
    String last = samples.get(samples.size() - 1);
    assertEquals("0", last.split(",")[1], "the stalled last second measured nothing: " + last);
    String results5s = Files.readString(file(results, ".results.csv"));
    assertTrue(results5s.lines().count() >= 2, results5s);

    // the audit comes after the result table (which says so) and ends the console with its verdict
    assertTrue(run.out.contains("socialgraph audit: PASS"), run.out);
  }

  /** Milliseconds of the day of the first log line containing {@code text}. */
  private static long logTime(String out, String text) {
    for (String line : out.split("\n")) {
      if (line.contains(text) && line.matches("^\\d\\d:\\d\\d:\\d\\d,\\d{3} .*")) {
        return LocalTime.parse(line.substring(0, 12).replace(',', '.')).toNanoOfDay() / 1_000_000;
      }
    }
    throw new AssertionError("no log line with '" + text + "' in:\n" + out);
  }

  /**
   * Waits until the run's terminals are connected, lets the phase run a third of its time, then
   * takes {@code lock} and holds it until {@link #HOLD_AFTER_END_MS} after the phase's end.
   */
  private static void holdLockAcrossTheEnd(
      TestDatabase db, String lock, String unlock, String sessions) throws Exception {
    try (Connection c = db.connect()) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (count(c, sessions) < TERMINALS) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("the run's terminals never connected");
        }
        Thread.sleep(50);
      }
      long connected = System.nanoTime();
      Thread.sleep(PHASE_SECONDS * 1000L / 3);
      c.setAutoCommit(false);
      try (Statement st = c.createStatement()) {
        st.execute(lock);
        long release =
            connected + TimeUnit.MILLISECONDS.toNanos(PHASE_SECONDS * 1000L + HOLD_AFTER_END_MS);
        while (System.nanoTime() < release) {
          Thread.sleep(100);
        }
        if (unlock != null) {
          st.execute(unlock);
        }
      }
      c.rollback();
    }
  }

  private static long count(Connection c, String sql) throws Exception {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static Path file(Path results, String suffix) throws Exception {
    return ResultFiles.only(results, suffix);
  }
}
