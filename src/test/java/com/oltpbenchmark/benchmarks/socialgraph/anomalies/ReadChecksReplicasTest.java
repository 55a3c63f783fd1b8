package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.oltpbenchmark.testutil.ConfigXml;
import com.oltpbenchmark.testutil.PgReplicaSet;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads from PostgreSQL hot standbys, writes on the primary (TAO's read tier): with asynchronous
 * replication a standby may answer before it replayed a write the primary acknowledged, so stale
 * reads and read-your-writes violations are allowed and counted; with {@code synchronous_commit =
 * remote_apply} on every standby they are forbidden, and none is seen.
 */
class ReadChecksReplicasTest {

  @TempDir Path dir;

  @Test
  void asynchronousStandbysServeStaleReadsAndRemoteApplyEndsThem() throws Exception {
    PgReplicaSet set = PgReplicaSet.database("sg_replica_reads");
    Path config = config(set);
    assertEquals(0, ReadCheckRuns.run(config, dir.resolve("load"), "--create=true", "--load=true"));
    for (int k = 1; k <= set.standbys(); k++) {
      set.awaitReplayed(k, 60);
    }
    // replay on this machine is quick: a stale read needs a read right behind a write, so the run
    // is repeated (at most three times) until one is seen
    JsonNode async = null;
    for (int run = 0; run < 3; run++) {
      Path out = dir.resolve("async" + run);
      assertEquals(0, ReadCheckRuns.run(config, out, "--execute=true"), "exit code");
      async = ReadCheckRuns.anomalies(out);
      if (async.get("staleReads").get("seen").asLong() > 0) {
        break;
      }
    }
    JsonNode stale = async.get("staleReads");
    assertTrue(stale.get("seen").asLong() > 0, stale.toString());
    assertTrue(
        stale.get("promise").asText().startsWith("allowed by reads from a hot standby"),
        stale.toString());
    assertTrue(
        async.get("readYourWritesViolations").get("promise").asText().startsWith("allowed by"));

    PgReplicaSet.script("sync", "remote_apply");
    try {
      Path out = dir.resolve("remote-apply");
      assertEquals(0, ReadCheckRuns.run(config, out, "--execute=true"), "exit code");
      JsonNode applied = ReadCheckRuns.anomalies(out);
      for (String c : new String[] {"staleReads", "readYourWritesViolations"}) {
        assertEquals("forbidden", applied.get(c).get("promise").asText(), c);
        assertEquals(0, applied.get(c).get("seen").asLong(), c + ": " + applied.get(c));
        assertTrue(applied.get(c).get("checked").asLong() > 0, c);
      }
    } finally {
      PgReplicaSet.script("sync", "off");
    }
  }

  private Path config(PgReplicaSet set) throws Exception {
    String xml = Files.readString(Path.of("config", "postgres", "sample_taobench_config.xml"));
    xml = ConfigXml.set(xml, "url", set.primaryUrl().replace("&", "&amp;"));
    xml = ConfigXml.set(xml, "isolation", "TRANSACTION_REPEATABLE_READ");
    xml = ConfigXml.set(xml, "scalefactor", "0.01");
    xml = ConfigXml.set(xml, "warmup", "0");
    xml = ConfigXml.set(xml, "time", "12");
    xml = ConfigXml.set(xml, "weights", ReadCheckRuns.HOT_WEIGHTS);
    StringBuilder replicas = new StringBuilder("<readReplicas>");
    for (int k = 1; k <= set.standbys(); k++) {
      replicas.append("<url>").append(set.standbyUrl(k).replace("&", "&amp;")).append("</url>");
    }
    xml = xml.replace("<works>", replicas + "</readReplicas><works>");
    Path config = dir.resolve("replicas.xml");
    Files.writeString(config, xml);
    return config;
  }
}
