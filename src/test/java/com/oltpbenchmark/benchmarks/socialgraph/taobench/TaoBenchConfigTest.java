package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.config.ConfigException;
import com.oltpbenchmark.benchmarks.socialgraph.config.TaoBenchConfig;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.io.FileHandler;
import org.apache.commons.configuration2.tree.xpath.XPathExpressionEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TaoBenchConfigTest {

  private static XMLConfiguration xml(String body) throws Exception {
    XMLConfiguration c = new XMLConfiguration();
    new FileHandler(c)
        .load(new StringReader("<parameters><terminals>2</terminals>" + body + "</parameters>"));
    return c;
  }

  @Test
  void defaultsWithoutConfigOrBlock() throws Exception {
    assertEquals(TaoBenchConfig.defaults(), TaoBenchConfig.from(null));
    assertEquals(TaoBenchConfig.defaults(), TaoBenchConfig.from(xml("")));
    assertEquals(50, TaoBenchConfig.defaults().shards());
    assertEquals("A", TaoBenchConfig.defaults().workload());
  }

  @Test
  void readsEveryKey() throws Exception {
    TaoBenchConfig c =
        TaoBenchConfig.from(
            xml(
                "<taobench><workload>O</workload><shards>10</shards>"
                    + "<payloadBytes>20</payloadBytes><rangeLimit>7</rangeLimit><newIdBase>99999</newIdBase></taobench>"));
    assertEquals(new TaoBenchConfig("O", 10, 20, 7, 99999), c);
  }

  @Test
  void localityDefaultsToThePaperAndTheCppToolsChoiceIsAKey() throws Exception {
    TaoBenchConfig d = TaoBenchConfig.defaults();
    assertEquals(0.287, d.crossShardShare());
    assertEquals(0.73, d.keyShape());
    TaoBenchConfig cpp =
        TaoBenchConfig.from(
            xml(
                "<taobench><colocation>independent</colocation>"
                    + "<keyDistribution>uniform</keyDistribution></taobench>"));
    assertTrue(cpp.independentShards());
    assertTrue(cpp.uniformKeys());
    TaoBenchConfig set =
        TaoBenchConfig.from(
            xml(
                "<taobench><crossShardShare>0.5</crossShardShare>"
                    + "<keyZipfShape>0.9</keyZipfShape></taobench>"));
    assertEquals(0.5, set.crossShardShare());
    assertEquals(0.9, set.keyShape());
  }

  @Test
  void payloadSizesAreBytesWeightPairs() throws Exception {
    assertTrue(TaoBenchConfig.defaults().fixedPayload());
    TaoBenchConfig c =
        TaoBenchConfig.from(
            xml("<taobench><payloadSizes> 16:5  150:3\n255:1 </payloadSizes></taobench>"));
    assertEquals(java.util.List.of(16, 150, 255), c.payloadSizes());
    assertEquals(java.util.List.of(5.0, 3.0, 1.0), c.payloadWeights());
  }

  /** Contents of a {@code <taobench>} block that is refused, and how its message starts. */
  static Stream<Arguments> badBlocks() {
    return Stream.of(
        Arguments.of("<workload>A</workload><shard>10</shard>", "unknown key <taobench><shard>"),
        // payload sizes
        Arguments.of(
            "<payloadSizes>16</payloadSizes>",
            "<taobench><payloadSizes>: \"16\" is not bytes:weight"),
        Arguments.of(
            "<payloadSizes>300:1</payloadSizes>",
            "<taobench><payloadSizes>: \"300:1\" needs a size"),
        Arguments.of(
            "<payloadSizes>10:0</payloadSizes>", "<taobench><payloadSizes> has no positive weight"),
        Arguments.of(
            "<payloadBytes>10</payloadBytes><payloadSizes>10:1</payloadSizes>",
            "<taobench><payloadBytes> and <payloadSizes> exclude each other"),
        // locality
        Arguments.of("<colocation>sometimes</colocation>", "<taobench><colocation> must be one of"),
        Arguments.of(
            "<crossShardShare>1.5</crossShardShare>", "<taobench><crossShardShare> must be in"),
        Arguments.of(
            "<crossShardShare>x</crossShardShare>", "<taobench><crossShardShare> is not a number"),
        Arguments.of(
            "<keyDistribution>pareto</keyDistribution>", "<taobench><keyDistribution> must be"),
        Arguments.of(
            "<keyZipfShape>1.2</keyZipfShape>", "<taobench><keyZipfShape> must be in (0, 1)"),
        Arguments.of(
            "<colocation>independent</colocation><crossShardShare>0.2</crossShardShare>",
            "<taobench><crossShardShare> needs"),
        Arguments.of(
            "<keyDistribution>uniform</keyDistribution><keyZipfShape>0.5</keyZipfShape>",
            "<taobench><keyZipfShape> needs"));
  }

  @ParameterizedTest
  @MethodSource("badBlocks")
  void aBadKeyIsAnErrorNamingIt(String block, String messageStart) throws Exception {
    String message = refusal(block);
    assertTrue(message.startsWith(messageStart), message);
  }

  /** The message a {@code <taobench>} block with {@code contents} is refused with. */
  private static String refusal(String contents) throws Exception {
    XMLConfiguration x = xml("<taobench>" + contents + "</taobench>");
    return assertThrows(ConfigException.class, () -> TaoBenchConfig.from(x)).getMessage();
  }

  @Test
  void readsTheBlockUnderTheRuntimesXPathEngine() throws Exception {
    XMLConfiguration c = new XMLConfiguration();
    c.setExpressionEngine(new XPathExpressionEngine());
    new FileHandler(c)
        .load(
            new StringReader(
                "<parameters><taobench><workload>R</workload>"
                    + "<shards>20</shards></taobench></parameters>"));
    assertEquals(
        new TaoBenchConfig("R", 20, 150, 50, TaoBenchConfig.AUTO_NEW_ID_BASE),
        TaoBenchConfig.from(c));
    XMLConfiguration bad = new XMLConfiguration();
    bad.setExpressionEngine(new XPathExpressionEngine());
    new FileHandler(bad)
        .load(
            new StringReader(
                "<parameters><taobench><sharding>2</sharding>" + "</taobench></parameters>"));
    ConfigException e = assertThrows(ConfigException.class, () -> TaoBenchConfig.from(bad));
    assertTrue(e.getMessage().startsWith("unknown key <taobench><sharding>"), e.getMessage());
  }

  @Test
  void badValuesAreErrorsNamingTheKey() throws Exception {
    String many = refusal("<shards>many</shards>");
    assertTrue(many.contains("<taobench><shards> is not an integer"), many);
    String zero = refusal("<shards>0</shards>");
    assertTrue(zero.contains("<taobench><shards> must be >= 1"), zero);
  }

  @Test
  void workloadNamesAPresetOrAFile(@TempDir Path dir) throws Exception {
    assertTrue(TaoWorkloads.load("a", 50).source().startsWith("preset A"));
    Path f = dir.resolve("mine.json");
    Files.writeString(f, TaoTestFixtures.SMALL_FILE);
    TaoWorkload w = TaoWorkloads.load(f.toString(), 7);
    assertEquals(f.toString(), w.source());
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () -> TaoWorkloads.load(dir.resolve("nope.json").toString(), 50));
    assertTrue(
        e.getMessage().contains("is neither a preset (A, O, R) nor a readable file"),
        e.getMessage());
  }
}
