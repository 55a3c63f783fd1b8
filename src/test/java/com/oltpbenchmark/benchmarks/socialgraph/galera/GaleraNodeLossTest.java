package com.oltpbenchmark.benchmarks.socialgraph.galera;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.oltpbenchmark.testutil.GaleraCluster;
import com.oltpbenchmark.testutil.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node killed with SIGKILL mid-run: its terminals reconnect to the next node, the run finishes
 * and writes its results, the survivors keep the invariants and identical tables, and the node
 * rejoins (by incremental state transfer) with the same tables.
 */
class GaleraNodeLossTest {
  private static final int KILLED = 2;

  @TempDir Path dir;

  @Test
  void theRunGoesOnWhenANodeDiesAndTheNodeRejoinsIdentical() throws Exception {
    GaleraCluster cluster = GaleraCluster.database("sg_galera_loss");
    Path config = GaleraRun.config(dir, cluster, "sample_socialgraph_config.xml", "0.3", 30);
    Path results = dir.resolve("results");
    ExecutorService executor = Executors.newSingleThreadExecutor();
    int code;
    boolean movedToSurvivors;
    long istBefore = GaleraCluster.logLines(KILLED, "IST received");
    try {
      try (GaleraRun.SessionSampler sampler = new GaleraRun.SessionSampler(cluster)) {
        Future<Integer> run = executor.submit(() -> GaleraRun.run(config, results));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (!sampler.seen(List.of(2, 2, 2)) && !run.isDone() && System.nanoTime() < deadline) {
          Thread.sleep(200);
        }
        assertTrue(sampler.seen(List.of(2, 2, 2)), "terminals never sat two per node");
        Thread.sleep(4_000); // well inside the 30 s phase
        GaleraCluster.script("kill", String.valueOf(KILLED));
        code = run.get(300, TimeUnit.SECONDS);
        // terminal i falls back to the node after its own: node 2's two terminals go to node 3
        movedToSurvivors = sampler.seen(List.of(2, 0, 4));
      }
      for (int node : new int[] {1, 3}) {
        GaleraRun.assertCountInvariant(cluster, node);
      }
      GaleraRun.assertIdenticalTables(cluster, 1, 3);
    } finally {
      executor.shutdownNow();
      // the other Galera tests need all three nodes, whatever happened here
      GaleraCluster.script("rejoin", String.valueOf(KILLED));
    }
    assertTrue(
        GaleraCluster.logLines(KILLED, "IST received") > istBefore,
        "node " + KILLED + " caught up by incremental state transfer (IST), not a full copy");
    GaleraRun.assertCountInvariant(cluster, KILLED);
    GaleraRun.assertIdenticalTables(cluster, 1, 2, 3);

    assertEquals(0, code, "exit code");
    JsonNode summary = GaleraRun.summary(results);
    GaleraRun.assertCleanRun(summary);
    assertTrue(
        GaleraRun.statusCount(summary, "RETRY_DIFFERENT") > 0,
        "the killed node's terminals reconnected: " + summary.get("Transaction Status Counts"));
    assertTrue(movedToSurvivors, "the killed node's terminals moved to node 3");
    assertTrue(lastWindowThroughput(results) > 0, "requests served at the end of the run");
  }

  private static double lastWindowThroughput(Path results) throws Exception {
    List<String> lines = Files.readAllLines(ResultFiles.only(results, ".results.csv"));
    return Double.parseDouble(lines.get(lines.size() - 1).split(",")[1]);
  }
}
