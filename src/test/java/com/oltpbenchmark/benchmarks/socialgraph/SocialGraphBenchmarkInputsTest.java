package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.WorkloadConfigReader;
import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.benchmarks.socialgraph.config.ConfigException;
import com.oltpbenchmark.types.DatabaseType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every module input is checked by the benchmark's constructor, which runs before anything touches
 * the database: a bad one is a one-line {@link ConfigException} naming the key (and, for files, the
 * file and line), and absurd sizes fail fast naming the limit.
 */
class SocialGraphBenchmarkInputsTest {

  /** Generous: the constructor of a good small config takes milliseconds. */
  private static final Duration FAST = Duration.ofSeconds(30);

  @TempDir Path dir;

  private SocialGraphBenchmark construct(String body) throws Exception {
    return construct(body, -1);
  }

  private SocialGraphBenchmark construct(String body, int randomSeed) throws Exception {
    Path file = dir.resolve("config.xml");
    Files.writeString(
        file,
        "<?xml version=\"1.0\"?>\n<parameters>\n" + body + "\n</parameters>\n",
        StandardCharsets.UTF_8);
    WorkloadConfiguration conf = new WorkloadConfiguration();
    conf.setBenchmarkName("socialgraph");
    conf.setDatabaseType(DatabaseType.SQLITE);
    conf.setUrl("jdbc:sqlite::memory:");
    conf.setScaleFactor(0.01);
    conf.setTerminals(1);
    conf.setRandomSeed(randomSeed);
    conf.setXmlConfig(WorkloadConfigReader.load(file.toString()));
    return new SocialGraphBenchmark(conf);
  }

  private ConfigException rejected(String body) {
    return assertTimeoutPreemptively(
        FAST, () -> assertThrows(ConfigException.class, () -> construct(body)));
  }

  private void assertRejected(String body, String... mentions) {
    ConfigException e = rejected(body);
    String msg = e.getMessage();
    assertFalse(msg.contains("\n"), "one line: " + msg);
    for (String m : mentions) {
      assertTrue(msg.contains(m), "names " + m + ": " + msg);
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "<linkbench><maxid2>5</maxid2></linkbench>| maxid2",
        "<linkbench><maxid1>200</maxid1><maxid1>300</maxid1></linkbench>| maxid1",
        "<linkbench><maxid1>many</maxid1></linkbench>| maxid1",
        "<linkbench><startid1>-5</startid1></linkbench>| startid1",
        "<linkbench/><linkbench/>| more than one <linkbench>",
        "<linkbench><read_function>zipf</read_function><read_shape>2</read_shape></linkbench>"
            + "| read_shape",
        "<linkbench><nlinks_func>real</nlinks_func></linkbench>| data_file",
        "<taobench><colour>red</colour></taobench>| <taobench><colour>",
        "<taobench><shards>0</shards></taobench>| <taobench><shards>",
        "<taobench><shards>many</shards></taobench>| <taobench><shards>",
        "<taobench><workload>Z</workload></taobench>| <taobench><workload>",
        "<taobench/><taobench/>| more than one <taobench>",
      })
  void badKeysAreNamed(String body, String mention) {
    assertRejected(body, mention.strip());
  }

  @Test
  void missingDistributionFileIsNamed() {
    Path missing = dir.resolve("nope.dat");
    assertRejected(
        "<linkbench><nlinks_func>real</nlinks_func><data_file>"
            + missing
            + "</data_file></linkbench>",
        "data_file",
        missing.toString());
  }

  @Test
  void badDistributionFileIsNamedWithItsLine() throws Exception {
    Path bad = dir.resolve("bad.dat");
    Files.writeString(bad, "# header\nnlinks\n1 50\n2 forty\n");
    assertRejected(
        "<linkbench><nlinks_func>real</nlinks_func><data_file>" + bad + "</data_file></linkbench>",
        "data_file",
        bad + ":4");
  }

  @Test
  void badWorkloadFileIsNamedWithItsLine() throws Exception {
    Path bad = dir.resolve("workload.json");
    Files.writeString(bad, "{\"name\": \"operations\"}\n{not json\n");
    assertRejected(
        "<taobench><workload>" + bad + "</workload></taobench>", "<taobench><workload>", bad + ":");
  }

  @Test
  void missingWorkloadFileIsNamed() {
    Path missing = dir.resolve("missing.json");
    assertRejected(
        "<taobench><workload>" + missing + "</workload></taobench>",
        "<taobench><workload>",
        missing.toString());
  }

  @Test
  void newIdBaseInsideTheLoadedIdsIsRefused() {
    assertRejected("<taobench><newIdBase>50</newIdBase></taobench>", "<taobench><newIdBase> 50");
  }

  @Test
  void moreShardsThanNodesIsRefused() {
    assertRejected(
        "<linkbench><maxid1>11</maxid1></linkbench><taobench><shards>50</shards></taobench>",
        "<taobench><shards> 50",
        "10 nodes");
  }

  @Test
  void taoBenchTypesWithoutABlockAreCheckedToo() {
    assertRejected(
        "<linkbench><maxid1>11</maxid1></linkbench>"
            + "<transactiontypes><transactiontype><name>Read</name></transactiontype>"
            + "</transactiontypes>",
        "<taobench><shards> 50");
  }

  @ParameterizedTest
  @CsvSource({"9223372036854775807", "4611686018427387904", "1000000000000000"})
  void absurdGraphSizesFailFastNamingTheLimit(String maxId1) {
    assertRejected("<linkbench><maxid1>" + maxId1 + "</maxid1></linkbench>", "maxid1", "at most");
  }

  @Test
  void aGoodConfigBuildsTheWholeRun() throws Exception {
    SocialGraphBenchmark b =
        construct(
            "<linkbench><maxid1>1001</maxid1></linkbench>"
                + "<taobench><workload>O</workload><shards>10</shards></taobench>");
    assertTrue(b.graph().endId() == 1001, "graph from <linkbench>");
    assertNotNull(b.taoBench().workload(), "TAOBench workload read in the constructor");
    assertTrue(b.taoBench().workload().source().startsWith("preset O"));
  }

  @Test
  void linkBenchRequestSeedIsRequestRandomSeedElseRandomSeed() throws Exception {
    assertEquals(7, construct("", 7).linkBench().requestSeed());
    assertEquals(
        99,
        construct("<linkbench><request_random_seed>99</request_random_seed></linkbench>", 7)
            .linkBench()
            .requestSeed());
  }

  @Test
  void aLinkBenchOnlyRunDoesNotCheckTaoBenchDefaults() throws Exception {
    // 10 nodes are fewer than TAOBench's default 50 shards: only a TAOBench run must refuse them.
    SocialGraphBenchmark b = construct("<linkbench><maxid1>11</maxid1></linkbench>");
    assertEquals(10, b.graph().nodeCount());
    ConfigException e = assertThrows(ConfigException.class, b::taoBench);
    assertTrue(e.getMessage().contains("<taobench><shards> 50"), e.getMessage());
  }
}
