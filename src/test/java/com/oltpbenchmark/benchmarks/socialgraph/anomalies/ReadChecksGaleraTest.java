package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.oltpbenchmark.testutil.ConfigXml;
import com.oltpbenchmark.testutil.GaleraCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Galera with terminals spread over its three nodes: with {@code wsrep_sync_wait=0} a node may
 * answer before it applied another node's commit, so stale reads are allowed (and counted); with
 * {@code wsrep_sync_wait=1} they are forbidden, and none is seen.
 */
class ReadChecksGaleraTest {

  @TempDir Path dir;

  @Test
  void syncWaitDecidesWhetherStaleReadsAreAllowed() throws Exception {
    GaleraCluster cluster = GaleraCluster.database("sg_galera_reads");
    JsonNode waited = run(cluster, 1, "--create=true", "--load=true", "--execute=true");
    JsonNode stale = waited.get("staleReads");
    assertEquals("forbidden", stale.get("promise").asText());
    assertEquals(0, stale.get("seen").asLong(), stale.toString());
    assertTrue(stale.get("checked").asLong() > 0);

    JsonNode unwaited = run(cluster, 0, "--execute=true").get("staleReads");
    assertTrue(
        unwaited.get("promise").asText().startsWith("allowed by Galera with wsrep_sync_wait=0"),
        unwaited.toString());
    assertTrue(unwaited.get("checked").asLong() > 0);
  }

  private JsonNode run(GaleraCluster cluster, int syncWait, String... actions) throws Exception {
    String xml = Files.readString(Path.of("config", "galera", "sample_taobench_config.xml"));
    String url = cluster.multiHostUrl() + "&sessionVariables=wsrep_sync_wait=" + syncWait;
    xml = ConfigXml.set(xml, "url", url.replace("&", "&amp;"));
    xml = ConfigXml.set(xml, "scalefactor", "0.01");
    xml = ConfigXml.set(xml, "warmup", "0");
    xml = ConfigXml.set(xml, "time", "12");
    xml = ConfigXml.set(xml, "weights", ReadCheckRuns.HOT_WEIGHTS);
    Path config = dir.resolve("galera-" + syncWait + ".xml");
    Files.writeString(config, xml);
    Path results = dir.resolve("results-" + syncWait);
    assertEquals(0, ReadCheckRuns.run(config, results, actions), "exit code");
    return ReadCheckRuns.anomalies(results);
  }
}
