package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * TAOBench's own workload files, read as they are from a data directory beside the repository (in
 * CI; never committed). The expected shares are fixed numbers worked out independently of our
 * reader, not values taken from it.
 */
class OfficialWorkloadFilesTest {

  private static final Path DIR = Path.of("..", "shared", "data", "taobench");

  @Test
  void workloadAReadsAsPublished() {
    TaoWorkload w = load("workload_a.json");
    // operations 171:57:15:1 -> read 70.08 %, write 23.36 %, read txn 6.15 %, write txn 0.41 %
    assertShares(w.operations(), 0.7008, 0.2336, 0.0615, 0.0041);
    // primary shard 0 = 57.82 %, 1 = 22.27 %
    assertEquals(0.5782, w.primaryShards().probability(0), 5e-4);
    assertEquals(0.2227, w.primaryShards().probability(1), 5e-4);
  }

  @Test
  void workloadOReadsAsPublished() {
    TaoWorkload w = load("workload_o.json");
    // operations 8387:19:242:1 -> 96.97 %, 0.22 %, 2.80 %, 0.0116 %
    assertShares(w.operations(), 0.9697, 0.0022, 0.0280, 0.000116);
    // remote shard 0 = 69.35 %
    assertEquals(0.6935, w.remoteShards().probability(0), 5e-4);
  }

  private static TaoWorkload load(String name) {
    Path file = DIR.resolve(name);
    String missing =
        "TAOBench's "
            + name
            + " is not at "
            + file.toAbsolutePath()
            + " (it lives in the project's shared/ folder beside the repository)";
    if (TestDatabase.serversRequired()) {
      assertTrue(Files.isRegularFile(file), missing + " [CI=true: shared/ must be there]");
    }
    Assumptions.assumeTrue(Files.isRegularFile(file), "skipped: " + missing);
    return new TaoWorkload(WorkloadFileReader.read(file), file.toString(), 50);
  }

  private static void assertShares(WeightedChoice choice, double... expected) {
    assertEquals(expected.length, choice.size());
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], choice.probability(i), 1e-4, "share of index " + i);
    }
  }
}
