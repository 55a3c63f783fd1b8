package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.testutil.ResultFiles;
import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.SmallFileSystem;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results directory on a small file system (a tmpfs mounted by the test): one without room for
 * the run's files is refused before the database is touched; one that fills during the run keeps
 * the small files (summary.json first, raw.csv last), the console still shows the result table and
 * the audit's verdict, and one line names the directory, what was written and what was lost.
 */
class FullResultsDiskTest {
  @TempDir Path dir;

  private Path config(TestDatabase db, int seconds) throws Exception {
    Path cfg = CliRun.sampleConfig(dir, "sqlite", db, "0.05");
    String xml = Files.readString(cfg);
    xml = xml.replaceAll("<warmup>\\d+</warmup>", "<warmup>0</warmup>");
    xml = xml.replaceAll("<time>\\d+</time>", "<time>" + seconds + "</time>");
    xml = CliRun.element(xml, "terminals", "2");
    return Files.writeString(cfg, xml);
  }

  @Test
  void aDirectoryWithoutRoomIsRefusedBeforeTheDatabaseIsTouched() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "room");
    Path cfg = config(db, 5);
    Path dbFile = dir.resolve("room.db");
    try (SmallFileSystem fs = SmallFileSystem.mount(dir.resolve("small"), "2m")) {
      Path results = fs.dir.resolve("results");
      CliRun run = CliRun.socialgraph(cfg, results, "--create", "--load", "--execute");
      String line = run.endedWithOneLine(ExitCodes.CONFIG);
      assertTrue(line.contains("results directory " + results + " (option -d/--directory)"), line);
      assertTrue(
          line.matches(".* has [0-9.]+ MB free; this run's files need about [0-9.]+ MB.*"), line);
      assertTrue(line.contains("--raw-output=false"), line);
      assertFalse(Files.exists(dbFile), "nothing was created or loaded");
      assertFalse(Files.exists(results), "the directory made for the check is gone again");
    }
    // room enough by the numbers, but no file can be made there: the probe is refused
    try (SmallFileSystem fs = SmallFileSystem.mount(dir.resolve("noinodes"), "64m,nr_inodes=2")) {
      Path results = Files.createDirectory(fs.dir.resolve("results"));
      CliRun run = CliRun.socialgraph(cfg, results, "--create", "--load", "--execute");
      String line = run.endedWithOneLine(ExitCodes.CONFIG);
      assertTrue(line.contains("results directory " + results), line);
      assertTrue(line.contains("probe file could not be written"), line);
      assertFalse(line.contains("Exception"), line);
      assertFalse(Files.exists(dbFile), "nothing was created or loaded");
    }
  }

  @Test
  void aDiskThatFillsDuringTheRunKeepsTheSmallFilesAndSaysWhatWasLost() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "fills");
    Path cfg = config(db, 8);
    CliRun load = CliRun.socialgraph(cfg, dir.resolve("load"), "--create", "--load");
    assertEquals(0, load.code, load.err);
    try (SmallFileSystem fs = SmallFileSystem.mount(dir.resolve("small"), "16m")) {
      Path results = fs.dir.resolve("results");
      Process p =
          CliRun.start(
              CliRun.javaCommand(List.of(), RunArgs.socialgraph(cfg, results, "--execute")));
      StringBuilder text = new StringBuilder();
      Thread reader = CliRun.copyLines(p, text);
      String out;
      try {
        awaitText(text, "PHASE START", 180);
        // another process takes the space: left is room for the summary, not for raw.csv
        fs.fillLeaving(64 << 10);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the run ended");
        reader.join(5_000);
        synchronized (text) {
          out = text.toString();
        }
      } finally {
        p.destroyForcibly();
      }
      assertEquals(ExitCodes.FAILURE, p.exitValue(), out);
      String line = null;
      for (String l : out.split("\n")) {
        if (l.startsWith("benchbase: results directory ")) {
          line = l;
        }
      }
      assertNotNull(line, out);
      assertTrue(line.startsWith("benchbase: results directory " + results + ": "), line);
      assertTrue(line.contains("No space left on device"), line);
      assertTrue(line.matches(".*; written: [^;]*\\bsummary\\.json\\b.*"), line);
      assertTrue(line.matches(".*; lost: .*\\braw\\.csv\\b.*"), line);
      assertFalse(line.contains("Exception"), line);

      JsonNode summary =
          new ObjectMapper().readTree(ResultFiles.only(results, ".summary.json").toFile());
      assertTrue(summary.get("Measured Requests").asLong() > 0, summary.toString());
      try (var files = Files.list(results)) {
        assertTrue(
            files.noneMatch(f -> f.toString().endsWith(".raw.csv")),
            "a raw.csv that was cut short is removed");
      }
      assertTrue(out.contains("requests/s attempted"), "the result table: " + out);
      assertTrue(out.contains("socialgraph audit: PASS"), "the audit's verdict: " + out);
    }
  }

  private static void awaitText(StringBuilder out, String text, int seconds) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      synchronized (out) {
        if (out.indexOf(text) >= 0) {
          return;
        }
      }
      Thread.sleep(50);
    }
    synchronized (out) {
      throw new AssertionError("no '" + text + "' in:\n" + out);
    }
  }
}
