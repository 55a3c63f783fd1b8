package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The estimate of a run's result files, and the refusal of a directory without room for them. */
class ResultsRoomTest {
  @TempDir Path dir;

  private WorkloadConfiguration workload(String works) throws Exception {
    Path cfg =
        EngineHarness.sqliteConfig(
            dir, "room", "<terminals>4</terminals>" + works + EngineHarness.types("Noop"));
    WorkloadConfiguration wc = EngineHarness.testbench(cfg).getWorkloadConfiguration();
    return wc;
  }

  @Test
  void theEstimateGrowsWithTheRunsLengthAndItsRawRows() throws Exception {
    // 10 s at 500/s with 2 s warm-up, then 20 s unlimited on 4 terminals, then a disabled phase
    WorkloadConfiguration wc =
        workload(
            "<works><work><warmup>2</warmup><time>10</time><rate>500</rate><weights>100</weights>"
                + "</work><work><time>20</time><rate>unlimited</rate><weights>100</weights></work>"
                + "<work><time>30</time><rate>disabled</rate><weights>100</weights></work></works>");
    ResultsRoom.Estimate raw = ResultsRoom.estimate(List.of(wc), true);
    ResultsRoom.Estimate none = ResultsRoom.estimate(List.of(wc), false);
    long rawRows = 500 * 10 + 4 * ResultsRoom.UNLIMITED_REQUESTS_PER_TERMINAL * 20;
    assertEquals(rawRows * ResultsRoom.RAW_ROW_BYTES, raw.rawBytes());
    assertEquals(0, none.rawBytes());
    // the disabled phase's seconds still have their (empty) rows
    assertEquals(
        ResultsRoom.FIXED_BYTES + (12 + 20 + 30) * ResultsRoom.BYTES_PER_SECOND, none.bytes());
    assertEquals(none.bytes() + raw.rawBytes(), raw.bytes());
  }

  @Test
  void aDirectoryWithRoomPassesAndLeavesNothingBehind() throws Exception {
    Path results = Files.createDirectory(dir.resolve("results"));
    ResultsRoom.check(results, new ResultsRoom.Estimate(1 << 20, 0));
    try (var files = Files.list(results)) {
      assertEquals(0, files.count(), "the probe file is removed");
    }
  }

  @Test
  void aDirectoryWithoutRoomIsRefusedNamingWhatItHasAndWhatTheRunNeeds() throws Exception {
    Path results = Files.createDirectory(dir.resolve("results"));
    long more = Files.getFileStore(results).getUsableSpace() * 2 + (1L << 30);
    ConfigurationError e =
        assertThrows(
            ConfigurationError.class,
            () -> ResultsRoom.check(results, new ResultsRoom.Estimate(more, more / 2)));
    String m = e.getMessage();
    assertTrue(m.startsWith("results directory " + results + " (option -d/--directory) has "), m);
    assertTrue(m.contains("this run's files need about"), m);
    assertTrue(m.contains("of them raw.csv; --raw-output=false leaves it out"), m);
  }
}
