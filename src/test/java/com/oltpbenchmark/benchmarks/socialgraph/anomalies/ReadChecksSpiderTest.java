package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.oltpbenchmark.testutil.ConfigXml;
import com.oltpbenchmark.testutil.SpiderCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spider over two backends at REPEATABLE READ, XA on: a read transaction spanning backends takes
 * one snapshot per backend, so reads see half of committed write transactions. The checks count
 * them as fractured reads, allowed by Spider, and the audit passes; staleness and read-your-writes
 * stay forbidden and unseen.
 */
class ReadChecksSpiderTest {

  @TempDir Path dir;

  @Test
  void fracturedReadsAcrossBackendsAreCountedAndAllowed() throws Exception {
    SpiderCluster cluster = SpiderCluster.database("sg_spider_reads");
    Path ddl = dir.resolve("ddl.sql");
    Files.writeString(ddl, SpiderCluster.ddl(String.valueOf(cluster.backends()), "10", "1", "21"));
    String xml = Files.readString(Path.of("config", "spider", "sample_taobench_config.xml"));
    xml = ConfigXml.set(xml, "url", cluster.headUrl().replace("&", "&amp;"));
    xml = ConfigXml.set(xml, "ddlpath", ddl.toString());
    xml = ConfigXml.set(xml, "scalefactor", "0.002");
    xml = ConfigXml.set(xml, "terminals", "8");
    xml = ConfigXml.set(xml, "warmup", "0");
    xml = ConfigXml.set(xml, "time", "20");
    // read and write transactions above all: single writes would overlap the transactions' keys,
    // and a row of an overlapping write is never called older
    xml = ConfigXml.set(xml, "weights", "20, 5, 50, 25");
    xml = ConfigXml.set(xml, "isolation", "TRANSACTION_REPEATABLE_READ");
    // every operation draws its shard, so that transactions span the backends
    xml =
        xml.replace(
            "<shards>50</shards>", "<shards>10</shards><colocation>independent</colocation>");
    StringBuilder audit = new StringBuilder("<audit>");
    for (int b = 1; b <= cluster.backends(); b++) {
      audit.append("<backend>").append(cluster.backendUrl(b)).append("</backend>");
    }
    xml = xml.replaceFirst("(?s)<audit>.*?</audit>", audit + "</audit>");
    Path config = dir.resolve("spider.xml");
    Files.writeString(config, xml);
    Path results = dir.resolve("load");

    assertEquals(0, ReadCheckRuns.run(config, results, "--create=true", "--load=true"));
    // a fractured read needs a read's snapshots to straddle a commit: rare per read, so the run
    // is repeated (at most three times) until one is seen
    JsonNode anomalies = null;
    for (int run = 0; run < 3; run++) {
      Path out = dir.resolve("run" + run);
      assertEquals(0, ReadCheckRuns.run(config, out, "--execute=true"), "exit code");
      anomalies = ReadCheckRuns.anomalies(out);
      if (anomalies.get("fracturedReads").get("seen").asLong() > 0) {
        break;
      }
    }
    JsonNode fractured = anomalies.get("fracturedReads");
    assertTrue(fractured.get("seen").asLong() > 0, fractured.toString());
    assertTrue(
        fractured.get("promise").asText().startsWith("allowed by Spider"),
        fractured.get("promise").asText());
    assertTrue(fractured.get("examples").get(0).has("alsoSaw"));
    for (String forbidden : new String[] {"staleReads", "readYourWritesViolations"}) {
      JsonNode c = anomalies.get(forbidden);
      assertEquals("forbidden", c.get("promise").asText(), forbidden);
      assertEquals(0, c.get("seen").asLong(), forbidden + ": " + c);
      assertTrue(c.get("checked").asLong() > 0, forbidden);
    }
  }
}
