package com.oltpbenchmark.benchmarks.socialgraph.galera;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.oltpbenchmark.testutil.GaleraCluster;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Galera sample configs on the three-node test cluster: the six terminals sit two per node, the
 * run is clean (certification conflicts retried), and afterwards every node satisfies the
 * invariants and holds the same tables.
 */
class GaleraRunsTest {
  @TempDir Path dir;

  @Test
  void linkBenchSpreadsTerminalsEvenlyAndEveryNodeEndsIdentical() throws Exception {
    GaleraCluster cluster = GaleraCluster.database("sg_galera_lb");
    JsonNode summary = runSpreadEvenly(cluster, "sample_socialgraph_config.xml", "results-lb");
    GaleraRun.assertCleanRun(summary);
    for (int node = 1; node <= cluster.nodes(); node++) {
      GaleraRun.assertCountInvariant(cluster, node);
    }
    GaleraRun.assertIdenticalTables(cluster, 1, 2, 3);
  }

  @Test
  void taoBenchKeepsItsInvariantsOnEveryNode() throws Exception {
    GaleraCluster cluster = GaleraCluster.database("sg_galera_tao");
    GaleraRun.assertCleanRun(runSpreadEvenly(cluster, "sample_taobench_config.xml", "results-tao"));
    for (int node = 1; node <= cluster.nodes(); node++) {
      GaleraRun.assertCountInvariant(cluster, node);
      GaleraRun.assertTaoInvariants(cluster, node);
      assertTrue(GaleraRun.taoAssociations(cluster, node) > 0, "TAOBench associations written");
    }
    GaleraRun.assertIdenticalTables(cluster, 1, 2, 3);
  }

  /**
   * Runs {@code sample} on the cluster into {@code results}, asserts a clean exit with the six
   * terminals two per node, and returns the run's summary.
   */
  private JsonNode runSpreadEvenly(GaleraCluster cluster, String sample, String results)
      throws Exception {
    Path config = GaleraRun.config(dir, cluster, sample, "0.3", 8);
    Path out = dir.resolve(results);
    int code;
    List<Integer> spread;
    try (GaleraRun.SessionSampler sampler = new GaleraRun.SessionSampler(cluster)) {
      code = GaleraRun.run(config, out);
      spread = sampler.steadySpread();
    }
    assertEquals(0, code, "exit code");
    assertEquals(List.of(2, 2, 2), spread, "worker sessions per node during the run");
    return GaleraRun.summary(out);
  }
}
