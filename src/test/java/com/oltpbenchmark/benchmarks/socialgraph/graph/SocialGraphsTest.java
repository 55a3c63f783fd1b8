package com.oltpbenchmark.benchmarks.socialgraph.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.Distributions;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.OutDegreeFunction;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

class SocialGraphsTest {

  private static void assertTableMatchesExactFunction(Map<String, Object> keys) {
    LinkBenchConfig config = LinkBenchConfig.fromMap(keys, 1, "test");
    OutDegreeFunction exact = Distributions.outDegree(config);
    LongUnaryOperator fast = SocialGraphs.fastOutDegree(config, null);
    long total = 0;
    for (long id = config.startId1() - 1; id <= config.maxId1(); id++) {
      assertEquals(exact.applyAsLong(id), fast.applyAsLong(id), "out-degree of id " + id);
      total += fast.applyAsLong(id);
    }
    assertTrue(total > 0, "a graph without links tests nothing");
  }

  @Test
  void degreeTableEqualsTheDefaultFittedOutDegree() {
    assertTableMatchesExactFunction(Map.of("maxid1", 30_001));
  }

  @Test
  void degreeTableEqualsADistributionClassOutDegreeWithAnOddStart() {
    assertTableMatchesExactFunction(
        Map.of(
            "startid1",
            17,
            "maxid1",
            12_345,
            "nlinks_func",
            "zipf",
            "nlinks_shape",
            0.7,
            "nlinks_mean",
            3));
  }

  @Test
  void arithmeticOutDegreesPassThrough() {
    assertTableMatchesExactFunction(
        Map.of(
            "maxid1", 5_001, "nlinks_func", "multiples", "nlinks_config", 7, "nlinks_default", 1));
  }

  @Test
  void degreeRunsAreFewAndMonotone() {
    RankedDegreeTable t = new RankedDegreeTable(1000, r -> 1000 / (r + 1));
    for (long r = 0; r < 1000; r++) {
      assertEquals(1000 / (r + 1), t.degree(r));
    }
    assertTrue(t.runs() < 70, "runs: " + t.runs());
  }

  @Test
  void graphFromConfigUsesItsKeys() {
    LinkBenchConfig config =
        LinkBenchConfig.fromMap(
            Map.of("startid1", 5, "maxid1", 105, "link_type_count", 3, "load_random_seed", 99),
            1,
            "test");
    SocialGraph g = SocialGraphs.create(config);
    assertEquals(5, g.startId());
    assertEquals(105, g.endId());
    assertEquals(3, g.linkTypeCount());
    assertEquals(99, g.seed());
  }
}
