package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.testutil.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --merge} through the command line, on result sets of real runs. */
class MergeCommandTest {
  @TempDir Path dir;

  private static Path only(Path resultDir, String suffix) throws Exception {
    return ResultFiles.only(resultDir, suffix);
  }

  private static Map<?, ?> summary(Path resultDir) throws Exception {
    return new ObjectMapper().readValue(only(resultDir, ".summary.json").toFile(), Map.class);
  }

  private static long measured(Path resultDir) throws Exception {
    return ((Number) summary(resultDir).get("Measured Requests")).longValue();
  }

  /** Two 1-second runs of the test benchmark on SQLite, each into its own directory. */
  private List<Path> twoRuns() throws Exception {
    String body =
        "<terminals>2</terminals><scalefactor>1</scalefactor>"
            + EngineHarness.oneWork(1, 200, "60,40")
            + EngineHarness.types("ReadRow", "UpdateRow");
    Path cfg = EngineHarness.sqliteConfig(dir, "mg_merge", body);
    String c = cfg.toString();
    CliRun load = CliRun.inProcess("-b", "testbench", "-c", c, "--create", "--load");
    assertEquals(0, load.code, load.toString());
    Path p1 = dir.resolve("p1");
    Path p2 = dir.resolve("p2");
    for (Path p : List.of(p1, p2)) {
      CliRun run =
          CliRun.inProcess(
              "-b", "testbench", "-c", c, "--execute", "--raw-output=false", "-d", p.toString());
      assertEquals(0, run.code, run.toString());
    }
    return List.of(p1, p2);
  }

  @Test
  void mergesTwoRealRunsWithoutBenchOrConfig() throws Exception {
    List<Path> parts = twoRuns();
    Path merged = dir.resolve("merged");
    CliRun m = CliRun.merge(merged, parts.get(0), parts.get(1));
    assertEquals(0, m.code, m.toString());
    long expected = measured(parts.get(0)) + measured(parts.get(1));
    assertTrue(expected > 0, "the runs measured requests");
    assertEquals(expected, measured(merged));
    for (String suffix :
        List.of(
            ".samples.csv",
            ".results.csv",
            ".results.ReadRow.csv",
            ".results.UpdateRow.csv",
            ".config.xml",
            ".params.json",
            ".histograms.json",
            ".report.html")) {
      only(merged, suffix);
    }

    // SQLite has no server clock: the parts and the merge say so, and nothing is corrected
    for (Path p : List.of(parts.get(0), parts.get(1), merged)) {
      Map<?, ?> clock = (Map<?, ?>) summary(p).get("Clock Offset");
      assertEquals(null, clock.get("Offset (milliseconds)"), p.toString());
      assertTrue(
          String.valueOf(clock.get("Not Measured")).contains("SQLite has no server"),
          p + ": " + clock);
    }

    CliRun twice = CliRun.merge(merged, parts.get(0), parts.get(0));
    String line = twice.endedWithOneLine(ExitCodes.CONFIG);
    assertTrue(
        line.startsWith("benchbase: cannot merge: ") && line.contains("the same result set as"),
        twice.err);
  }

  @Test
  void aCorruptHistogramFileIsRefusedNamingThePartAndTheFile() throws Exception {
    List<Path> parts = twoRuns();
    Path file = only(parts.get(1), ".histograms.json");
    // valid JSON, mangled payload: one histogram's base64 keeps its form but not its content
    String json = Files.readString(file);
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\"histogram\":\"([A-Za-z0-9+/=]{40,})\"").matcher(json);
    assertTrue(m.find(), "a histogram in " + file);
    String mangled = m.group(1).substring(0, 24) + "AAAAAAAAAAAAAAAA" + m.group(1).substring(40);
    Files.writeString(file, json.substring(0, m.start(1)) + mangled + json.substring(m.end(1)));
    Path merged = dir.resolve("merged");
    CliRun r = CliRun.merge(merged, parts.get(0), parts.get(1));
    String line = r.endedWithOneLine(ExitCodes.CONFIG);
    assertTrue(
        line.startsWith(
            "benchbase: cannot merge: "
                + parts.get(1)
                + ": "
                + file.getFileName()
                + " is corrupt: "),
        line);
    assertTrue(line.contains("not an encoded HdrHistogram"), line);
    assertFalse(Files.exists(merged), "nothing written");
  }

  @Test
  void optionsOfARunAreRefusedWithAMerge() {
    CliRun r = CliRun.inProcess("--merge", "a,b", "-c", "config.xml");
    assertEquals(ExitCodes.USAGE, r.code, r.toString());
    assertEquals(
        List.of("benchbase: --merge takes only -d and -jh; -c/--config does not apply to it"),
        r.errLines());
    CliRun empty = CliRun.inProcess("--merge", "a,,b");
    empty.endedWithOneLine(ExitCodes.USAGE);
  }
}
