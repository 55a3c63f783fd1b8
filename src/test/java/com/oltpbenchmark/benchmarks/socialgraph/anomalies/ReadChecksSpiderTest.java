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
    Files.writeString(ddl, SpiderCluster.ddl(String.valueOf(cluster.backends()), "50", "1", "101"));
    String xml = Files.readString(Path.of("config", "spider", "sample_taobench_config.xml"));
    xml = ConfigXml.set(xml, "url", cluster.headUrl().replace("&", "&amp;"));
    xml = ConfigXml.set(xml, "ddlpath", ddl.toString());
    xml = ConfigXml.set(xml, "scalefactor", "0.01");
    xml = ConfigXml.set(xml, "terminals", "8");
    xml = ConfigXml.set(xml, "warmup", "0");
    xml = ConfigXml.set(xml, "time", "20");
    xml = ConfigXml.set(xml, "weights", ReadCheckRuns.HOT_WEIGHTS);
    xml = ConfigXml.set(xml, "isolation", "TRANSACTION_REPEATABLE_READ");
    StringBuilder audit = new StringBuilder("<audit>");
    for (int b = 1; b <= cluster.backends(); b++) {
      audit.append("<backend>").append(cluster.backendUrl(b)).append("</backend>");
    }
    xml = xml.replaceFirst("(?s)<audit>.*?</audit>", audit + "</audit>");
    Path config = dir.resolve("spider.xml");
    Files.writeString(config, xml);
    Path results = dir.resolve("results");

    assertEquals(
        0, ReadCheckRuns.run(config, results, "--create=true", "--load=true", "--execute=true"));
    JsonNode anomalies = ReadCheckRuns.anomalies(results);
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
