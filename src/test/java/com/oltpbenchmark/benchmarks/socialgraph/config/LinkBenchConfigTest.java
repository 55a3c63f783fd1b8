package com.oltpbenchmark.benchmarks.socialgraph.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.io.FileHandler;
import org.apache.commons.configuration2.tree.xpath.XPathExpressionEngine;
import org.junit.jupiter.api.Test;

class LinkBenchConfigTest {

  private static XMLConfiguration xml(String body) throws Exception {
    XMLConfiguration c = new XMLConfiguration();
    c.setExpressionEngine(new XPathExpressionEngine());
    new FileHandler(c)
        .load(
            new StringReader(
                "<?xml version=\"1.0\"?><parameters><scalefactor>1</scalefactor>"
                    + body
                    + "</parameters>"));
    return c;
  }

  private static Map<String, Object> map(Object... kv) {
    Map<String, Object> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void defaultsAreLinkBenchsPublishedWorkload() {
    LinkBenchConfig c = LinkBenchConfig.fromXml(null, 1);
    assertEquals(1, c.startId1());
    assertEquals(10_001, c.maxId1());
    assertEquals(2, c.linkTypeCount());
    assertEquals(DistributionFamily.FITTED, c.nlinks().family());
    assertEquals(8, c.linkDataSize());
    assertEquals(128, c.nodeDataSize());
    assertEquals(new PayloadSpec(PayloadSpec.Kind.MOTIF, 32, 100, 0.225, 512), c.linkAddDatagen());
    assertEquals(new PayloadSpec(PayloadSpec.Kind.MOTIF, 50, 220, 0.63, 512), c.nodeUpDatagen());
    assertEquals(
        DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.8),
        c.access(AccessKind.LINK_READS));
    assertEquals(
        DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.741),
        c.access(AccessKind.LINK_WRITES_UNCORR));
    assertEquals(
        DistributionSpec.of(DistributionFamily.UNIFORM), c.access(AccessKind.NODE_DELETES));
    assertEquals(99.5, c.readUncorrBlend());
    assertEquals(95, c.writeUncorrBlend());
    assertEquals(DistributionSpec.of(DistributionFamily.GEOMETRIC, "prob", 0.382), c.multiget());
    assertEquals(1, c.multigetMin());
    assertEquals(128, c.multigetMax());
    assertEquals(0.3, c.getLinkListHistory());
    assertEquals(10_000, c.rangeLimit());
    assertTrue(c.requestRandomSeed().isEmpty());
  }

  @Test
  void scalefactorSetsTheNodeCountWhenMaxid1IsAbsent() {
    assertEquals(10_000, LinkBenchConfig.defaults(1).nodeCount());
    assertEquals(100, LinkBenchConfig.defaults(0.01).nodeCount());
    assertEquals(1, LinkBenchConfig.defaults(0.00001).nodeCount());
    assertEquals(250_000, LinkBenchConfig.defaults(25).nodeCount());
    LinkBenchConfig c = LinkBenchConfig.fromMap(map("startid1", 1000, "maxid1", 1500), 99, "test");
    assertEquals(500, c.nodeCount(), "maxid1 wins over scalefactor");
    assertEquals(1100, LinkBenchConfig.fromMap(map("startid1", 1000), 0.01, "test").maxId1());
    assertThrows(ConfigException.class, () -> LinkBenchConfig.defaults(0));
  }

  @Test
  void readsTheLinkbenchBlockOfTheXml() throws Exception {
    LinkBenchConfig c =
        LinkBenchConfig.fromXml(
            xml(
                "<linkbench><maxid1>5001</maxid1><link_type_count>3</link_type_count>"
                    + "<nlinks_func>com.facebook.LinkBench.distributions.ZipfDistribution</nlinks_func><nlinks_shape>0.5</nlinks_shape>"
                    + "<nlinks_mean>2</nlinks_mean><read_shape>0.7</read_shape><write_function>UniformDistribution</write_function>"
                    + "<link_add_datagen>com.facebook.LinkBench.generators.UniformDataGenerator</link_add_datagen>"
                    + "<link_add_datagen_startbyte>0</link_add_datagen_startbyte><link_add_datagen_endbyte>255</link_add_datagen_endbyte>"
                    + "<node_add_datagen_motif_length>128</node_add_datagen_motif_length>"
                    + "<link_multiget_dist>none</link_multiget_dist><range_limit>50</range_limit>"
                    + "<request_random_seed>77</request_random_seed></linkbench>"),
            1,
            "sample.xml");
    assertEquals(5001, c.maxId1());
    assertEquals(3, c.linkTypeCount());
    assertEquals(
        DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.5, "mean", 2.0), c.nlinks());
    assertEquals(
        DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.7),
        c.access(AccessKind.LINK_READS));
    assertEquals(DistributionFamily.UNIFORM, c.access(AccessKind.LINK_WRITES).family());
    assertEquals(new PayloadSpec(PayloadSpec.Kind.UNIFORM, 0, 255, 1.0, 512), c.linkAddDatagen());
    assertEquals(128, c.nodeAddDatagen().motifLength());
    assertNull(c.multiget());
    assertEquals(50, c.rangeLimit());
    assertEquals(77, c.requestRandomSeed().getAsLong());
    assertEquals(10_001, LinkBenchConfig.fromXml(xml(""), 1).maxId1(), "no block: defaults");
  }

  @Test
  void unknownKeysAreErrorsNamingKeyAndFile() throws Exception {
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () ->
                LinkBenchConfig.fromXml(
                    xml("<linkbench><maxid1>100</maxid1><maxid>5</maxid></linkbench>"),
                    1,
                    "cfg/pg.xml"));
    assertTrue(
        e.getMessage().contains("cfg/pg.xml") && e.getMessage().contains("maxid"), e.getMessage());
    e =
        assertThrows(
            ConfigException.class, () -> LinkBenchConfig.fromMap(map("read_prob", 0.5), 1, "t"));
    assertTrue(
        e.getMessage().contains("read_prob") && e.getMessage().contains("read_shape"),
        e.getMessage());
    e =
        assertThrows(
            ConfigException.class, () -> LinkBenchConfig.fromMap(map("getlink", 10), 1, "t"));
    assertTrue(
        e.getMessage().contains("getlink") && e.getMessage().contains("<weights>"), e.getMessage());
    e =
        assertThrows(
            ConfigException.class,
            () ->
                LinkBenchConfig.fromXml(xml("<linkbench><a><b>1</b></a></linkbench>"), 1, "x.xml"));
    assertTrue(e.getMessage().contains("<a>"), e.getMessage());
    e =
        assertThrows(
            ConfigException.class,
            () ->
                LinkBenchConfig.fromXml(
                    xml("<linkbench><maxid1>9</maxid1><maxid1>9</maxid1></linkbench>"),
                    1,
                    "x.xml"));
    assertTrue(e.getMessage().contains("twice"), e.getMessage());
  }

  @Test
  void badValuesAreErrorsNamingTheKey() {
    assertBad(map("maxid1", "ten"), "maxid1", "not a number");
    assertBad(map("startid1", 10, "maxid1", 10), "maxid1", "must be in");
    assertBad(map("link_type_count", 0), "link_type_count", "must be in");
    assertBad(map("read_function", "pareto"), "read_function", "unknown distribution");
    assertBad(map("read_shape", 1.5), "read_shape", "(0, 1)");
    assertBad(map("link_multiget_dist_prob", 0), "link_multiget_dist_prob", "(0, 1)");
    assertBad(map("read_uncorr_blend", 101), "read_uncorr_blend", "must be in");
    assertBad(map("nlinks_func", "multiples"), "nlinks_config", "needs key");
    assertBad(map("nlinks_func", "real"), "data_file", "missing");
    assertBad(map("link_up_datagen", "random"), "link_up_datagen", "motif or uniform");
    assertBad(
        map("node_add_datagen_startbyte", 200, "node_add_datagen_endbyte", 100),
        "node_add_datagen_endbyte",
        "below");
    assertBad(map("link_add_datagen_uniqueness", 2), "link_add_datagen_uniqueness", "must be in");
    assertBad(map("nlinks_zero", -1), "nlinks_zero", "[0, 1]");
    assertBad(map("id2gen_config", 2), "id2gen_config", "must be in");
    assertBad(map("link_datasize", ""), "link_datasize", "empty");
  }

  private static void assertBad(Map<String, Object> m, String key, String problem) {
    ConfigException e =
        assertThrows(ConfigException.class, () -> LinkBenchConfig.fromMap(m, 1, "t.xml"));
    assertTrue(
        e.getMessage().contains("'" + key + "'")
            && e.getMessage().contains(problem)
            && e.getMessage().contains("t.xml"),
        "expected key " + key + " and '" + problem + "' in: " + e.getMessage());
  }

  @Test
  void fittedDefaultParametersCanBeOverriddenOneByOne() {
    LinkBenchConfig c = LinkBenchConfig.fromMap(map("nlinks_zero", 0.2), 1, "t");
    assertEquals(0.2, c.nlinks().param("zero"));
    assertEquals(
        LinkBenchConfig.DEFAULT_NLINKS.param("tail_sigma"), c.nlinks().param("tail_sigma"));
  }

  @Test
  void acceptsLinkBenchPropertiesFiles() {
    Properties p = new Properties();
    p.setProperty("startid1", "1");
    p.setProperty("maxid1", "10000001");
    p.setProperty("nlinks_func", "CONST");
    p.setProperty("nlinks_default", "3");
    p.setProperty("node_read_function", "com.facebook.LinkBench.distributions.ZipfDistribution");
    p.setProperty("node_read_shape", "0.625");
    LinkBenchConfig c = LinkBenchConfig.fromProperties(p, 1, "FBWorkload.properties");
    assertEquals(10_000_000, c.nodeCount());
    assertEquals(DistributionSpec.of(DistributionFamily.CONST, "default", 3.0), c.nlinks());
    assertEquals(
        DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.625),
        c.access(AccessKind.NODE_READS));
  }
}
