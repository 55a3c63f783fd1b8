package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.api.collectors.resources.DriverLimitVerdict;
import com.oltpbenchmark.testutil.ResultFiles;
import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs: summary.json's "Driver" and "Server Process" objects, the console line, and the
 * end-of-run warning that the driver was the likely limit.
 */
class DriverFiguresTest {

  @Test
  void anSqliteRunReportsTheDriverAndWarnsWhenForced(@TempDir Path dir) throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "driver");
    Path config = twoSecondRun(CliRun.sampleConfig(dir, "sqlite", db, "0.05"));
    Path results = dir.resolve("results");
    // a threshold no run can stay under: any compilation in the window names the warm-up
    CliRun run =
        CliRun.process(
            300,
            List.of("-D" + DriverLimitVerdict.JIT_SHARE_PROPERTY + "=0.0000001"),
            RunArgs.socialgraph(config, results, "--create=true", "--load=true", "--execute=true"));
    assertEquals(0, run.code, run.toString());
    assertTrue(run.out.contains("the driver was the likely limit"), run.out);
    assertTrue(run.out.contains("longer <warmup>"), run.out);
    assertTrue(run.out.matches("(?s).*Driver CPU [0-9.]+ µs/request.*"), run.out);

    JsonNode s = summary(results);
    JsonNode driver = s.get("Driver");
    assertNotNull(driver, s.toString());
    assertTrue(driver.get("CPU (microseconds/request)").asDouble() > 0, driver.toString());
    assertTrue(driver.get("Window (seconds)").asDouble() >= 1.5, driver.toString());
    assertEquals(s.get("Measured Requests").asLong(), driver.get("Requests").asLong());
    assertTrue(driver.get("Likely Limit").asText().contains("HotSpot's compiler threads"));
    // a 1 s warm-up and 2 s measured: too short for the JIT to settle, which the run says
    assertTrue(run.out.contains("JIT had not settled by the end of the run"), run.out);
    assertTrue(run.out.contains("HotSpot's JIT had not settled by the end of the run"), run.out);
    JsonNode jit = s.get("JIT");
    assertTrue(jit.get("Settled After (seconds)").isNull(), jit.toString());
    assertEquals(1, jit.get("Measured Window Began At (seconds)").asInt(), jit.toString());
    assertEquals(false, jit.get("Settled Before The Window").asBoolean(true), jit.toString());
    assertTrue(jit.get("Warning").asText().contains("longer <warmup>"), jit.toString());
    JsonNode server = s.get("Server Process");
    assertTrue(server.get("Embedded").asBoolean(), server.toString());
    assertTrue(server.get("Not Measured").isNull(), server.toString());
    // upstream's keys stay where they were
    assertTrue(s.has("Throughput (requests/second)") && s.has("Latency Distribution"));
  }

  @Test
  void aPostgresRunMeasuresTheServersProcess(@TempDir Path dir) throws Exception {
    TestDatabase db = TestDatabase.postgres("driver_figures");
    Path config = twoSecondRun(CliRun.sampleConfig(dir, "postgres", db, "0.05"));
    Path results = dir.resolve("results");
    CliRun run =
        CliRun.socialgraph(config, results, "--create=true", "--load=true", "--execute=true");
    assertEquals(0, run.code, run.toString());
    JsonNode s = summary(results);
    JsonNode server = s.get("Server Process");
    assertNotNull(server, s.toString());
    if (db.url.contains("//127.0.0.1:") || db.url.contains("//localhost:")) {
      assertTrue(server.get("Not Measured").isNull(), server.toString());
      assertTrue(server.get("Pid").asLong() > 1, server.toString());
      // every request is at least one statement a backend parsed and ran
      assertTrue(server.get("CPU (microseconds/request)").asDouble() > 5, server.toString());
      assertTrue(server.get("Processes").asInt() >= 3, server.toString());
    } else {
      assertTrue(server.get("Not Measured").asText().startsWith("not measured"));
    }
    // the warning is there or null: a short unforced window may or may not warn
    assertTrue(s.get("Driver").has("Likely Limit"), s.get("Driver").toString());
  }

  @Test
  void aWarmUpThatWaitsForTheJitEndsOnTheSettlingTheRunReports(@TempDir Path dir) throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "until_settled");
    Path config = twoSecondRun(CliRun.sampleConfig(dir, "sqlite", db, "0.05"));
    Files.writeString(
        config,
        Files.readString(config)
            .replace(
                "</parameters>", "<warmupUntilJitSettled>4</warmupUntilJitSettled></parameters>"));
    Path results = dir.resolve("results");
    // a process of its own: its console is the run's, whatever logging earlier tests set up
    CliRun run =
        CliRun.process(
            300,
            List.of(),
            RunArgs.socialgraph(config, results, "--create=true", "--load=true", "--execute=true"));
    assertEquals(0, run.code, run.toString());
    assertTrue(
        run.out.contains(
            "Warming up for at least 1 s and until HotSpot's JIT settles, at most 4 s"
                + " (<warmupUntilJitSettled>)"),
        run.out);
    assertTrue(run.out.contains("Warm-up complete after "), run.out);
    JsonNode s = summary(results);
    JsonNode jit = s.get("JIT");
    long window = jit.get("Measured Window Began At (seconds)").asLong();
    assertTrue(window >= 1 && window <= 4, jit.toString());
    if (window < 4) {
      // it ended before its longest only on the settling the run reports
      assertTrue(jit.get("Settled Before The Window").asBoolean(), jit.toString());
      assertTrue(run.out.contains("(HotSpot's JIT settled after "), run.out);
    }
    // the measured time is the phase's whole time, after the longer warm-up
    assertEquals(2.0, s.get("Driver").get("Window (seconds)").asDouble(), 0.1);
  }

  private static Path twoSecondRun(Path config) throws IOException {
    String xml = Files.readString(config);
    xml = xml.replaceAll("<warmup>\\d+</warmup>", "<warmup>1</warmup>");
    xml = xml.replaceAll("<time>\\d+</time>", "<time>2</time>");
    return Files.writeString(config, xml);
  }

  private static JsonNode summary(Path results) throws IOException {
    return new ObjectMapper().readTree(ResultFiles.only(results, ".summary.json").toFile());
  }
}
