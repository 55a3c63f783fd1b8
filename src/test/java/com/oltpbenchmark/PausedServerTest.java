package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.testutil.PrivatePostgres;
import com.oltpbenchmark.testutil.ResultFiles;
import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that stops answering before the phase end and does not come back while the process runs
 * (a private PostgreSQL paused with SIGSTOP): the process still ends within the in-flight grace
 * plus a few seconds of the phase end, its result files are written, the console and the summary
 * tell the same story about the database figures, and the audit says in one line that it could not
 * run, with its exit code. The server is resumed and stopped afterwards.
 */
class PausedServerTest {
  private static final int TERMINALS = 4;
  private static final int PHASE_SECONDS = 8;
  private static final double GRACE_SECONDS = 2;

  /**
   * What the process may take past the phase end besides the grace: the database's answer bound (5
   * s), the files, the JVM's exit; wide for a busy two-core machine.
   */
  private static final long MARGIN_MS = 15_000;

  @TempDir Path dir;

  @Test
  void aServerPausedPastThePhaseEndHoldsNeitherTheProcessNorItsResults() throws Exception {
    try (PrivatePostgres pg = PrivatePostgres.start()) {
      TestDatabase db = pg.database("sg_paused");
      Path config = config(db);
      CliRun load = CliRun.socialgraph(config, dir.resolve("load"), "--create", "--load");
      assertEquals(0, load.code, load.err);

      Path results = dir.resolve("results");
      Process p =
          CliRun.start(
              CliRun.javaCommand(List.of(), RunArgs.socialgraph(config, results, "--execute")));
      StringBuilder text = new StringBuilder();
      Thread reader = CliRun.copyLines(p, text);
      String out;
      long afterPhaseEndMs;
      try {
        String phaseStart = awaitLine(text, "PHASE START", 180);
        long phaseEndMs = logMillis(phaseStart) + PHASE_SECONDS * 1000L;
        // paused 2 s before the phase end; not resumed while the process runs
        Thread.sleep(Math.max(0, phaseEndMs - 2_000 - nowMillis()));
        pg.pause();
        try {
          assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the process ended");
          afterPhaseEndMs = nowMillis() - phaseEndMs;
        } finally {
          pg.resume();
        }
        reader.join(5_000);
        synchronized (text) {
          out = text.toString();
        }
      } finally {
        p.destroyForcibly();
      }
      System.out.println(
          "PausedServerTest: the process ended " + afterPhaseEndMs + " ms after the phase end");

      long allowed = (long) (GRACE_SECONDS * 1000) + MARGIN_MS;
      assertTrue(
          afterPhaseEndMs <= allowed,
          "ended "
              + afterPhaseEndMs
              + " ms after the phase end, more than "
              + allowed
              + "\n"
              + out);
      assertEquals(ExitCodes.AUDIT_NOT_RUN, p.exitValue(), out);
      assertTrue(
          out.contains("benchbase: audit not run: the database did not answer within 5 s"), out);

      JsonNode summary =
          new ObjectMapper().readTree(ResultFiles.only(results, ".summary.json").toFile());
      for (String suffix :
          List.of(".results.csv", ".samples.csv", ".histograms.json", ".raw.csv")) {
        assertTrue(Files.size(ResultFiles.only(results, suffix)) > 0, suffix);
      }
      JsonNode inFlight = summary.get("In Flight At End");
      assertTrue(inFlight.get("Requests").asLong() >= 1, inFlight.toString());
      assertTrue(inFlight.get("Requests").asLong() <= TERMINALS, inFlight.toString());
      assertTrue(out.contains("Audit: " + RunResultFiles.AUDIT_FOLLOWS), out);

      // the reading after the run is a gap, counted; the console says why, as the summary does
      JsonNode database = summary.get("Database");
      assertTrue(database.get("Gaps").asLong() >= 1, database.toString());
      JsonNode phase = database.get("Phases").get(0);
      assertEquals(false, phase.get("Complete").asBoolean(), phase.toString());
      String why = phase.get("Not Measured").asText();
      assertTrue(why.contains("gap"), why);
      assertTrue(out.contains("phase 1, per request: not measured (" + why + ")"), out);
    }
  }

  private Path config(TestDatabase db) throws Exception {
    String xml = Files.readString(Path.of("config", "postgres", "sample_socialgraph_config.xml"));
    xml = CliRun.element(xml, "url", db.url.replace("&", "&amp;"));
    xml = CliRun.element(xml, "username", db.username);
    xml = CliRun.element(xml, "password", db.password);
    xml = CliRun.element(xml, "scalefactor", "0.05");
    xml = CliRun.element(xml, "terminals", String.valueOf(TERMINALS));
    xml = xml.replaceAll("<warmup>\\d+</warmup>", "<warmup>0</warmup>");
    xml = xml.replaceAll("<time>\\d+</time>", "<time>" + PHASE_SECONDS + "</time>");
    xml =
        xml.replace(
            "<terminals>", "<inFlightGrace>" + GRACE_SECONDS + "</inFlightGrace>\n    <terminals>");
    return Files.writeString(dir.resolve("paused.xml"), xml);
  }

  /** Waits for a line containing {@code text} in the process's output; returns it. */
  private static String awaitLine(StringBuilder out, String text, int seconds) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      synchronized (out) {
        for (String line : out.toString().split("\n")) {
          if (line.contains(text) && line.matches("^\\d\\d:\\d\\d:\\d\\d,\\d{3} .*")) {
            return line;
          }
        }
      }
      Thread.sleep(50);
    }
    synchronized (out) {
      throw new AssertionError("no line with '" + text + "' in:\n" + out);
    }
  }

  /** Milliseconds of the day of a log line's time. */
  private static long logMillis(String line) {
    return LocalTime.parse(line.substring(0, 12).replace(',', '.')).toNanoOfDay() / 1_000_000;
  }

  private static long nowMillis() {
    return LocalTime.now().toNanoOfDay() / 1_000_000;
  }
}
