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
    Path config = GaleraRun.config(dir, cluster, "sample_socialgraph_config.xml", "0.3", 8);
    Path results = dir.resolve("results-lb");
    int code;
    List<Integer> spread;
    try (GaleraRun.SessionSampler sampler = new GaleraRun.SessionSampler(cluster)) {
      code = GaleraRun.run(config, results);
      spread = sampler.steadySpread();
    }
    assertEquals(0, code, "exit code");
    assertEquals(List.of(2, 2, 2), spread, "worker sessions per node during the run");
    JsonNode summary = GaleraRun.summary(results);
    GaleraRun.assertCleanRun(summary);
    for (int node = 1; node <= cluster.nodes(); node++) {
      GaleraRun.assertCountInvariant(cluster, node);
    }
    GaleraRun.assertIdenticalTables(cluster, 1, 2, 3);
  }

  @Test
  void taoBenchKeepsItsInvariantsOnEveryNode() throws Exception {
    GaleraCluster cluster = GaleraCluster.database("sg_galera_tao");
    Path config = GaleraRun.config(dir, cluster, "sample_taobench_config.xml", "0.3", 8);
    Path results = dir.resolve("results-tao");
    int code;
    List<Integer> spread;
    try (GaleraRun.SessionSampler sampler = new GaleraRun.SessionSampler(cluster)) {
      code = GaleraRun.run(config, results);
      spread = sampler.steadySpread();
    }
    assertEquals(0, code, "exit code");
    assertEquals(List.of(2, 2, 2), spread, "worker sessions per node during the run");
    GaleraRun.assertCleanRun(GaleraRun.summary(results));
    for (int node = 1; node <= cluster.nodes(); node++) {
      GaleraRun.assertCountInvariant(cluster, node);
      GaleraRun.assertTaoInvariants(cluster, node);
      assertTrue(GaleraRun.taoAssociations(cluster, node) > 0, "TAOBench associations written");
    }
    GaleraRun.assertIdenticalTables(cluster, 1, 2, 3);
  }
}
