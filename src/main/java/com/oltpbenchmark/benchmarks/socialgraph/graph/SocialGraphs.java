package com.oltpbenchmark.benchmarks.socialgraph.graph;

import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.DistributionFile;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.Distributions;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.OutDegreeFunction;
import com.oltpbenchmark.benchmarks.socialgraph.payload.PayloadGenerator;
import java.util.function.LongUnaryOperator;

/**
 * Builds the {@link SocialGraph} a LinkBench configuration describes. Building precomputes the
 * out-degree distribution, so the benchmark builds its graph once and shares it between the loader
 * and every request generator.
 */
public final class SocialGraphs {

  private SocialGraphs() {}

  /** The graph of a LinkBench configuration: seed {@code load_random_seed}, LinkBench's keys. */
  public static SocialGraph create(LinkBenchConfig config) {
    return create(config, Distributions.dataFileOf(config));
  }

  /** As {@link #create(LinkBenchConfig)}, with the configured data file already read (or null). */
  public static SocialGraph create(LinkBenchConfig config, DistributionFile data) {
    return new SocialGraph(
        config.loadRandomSeed(),
        config.startId1(),
        config.maxId1(),
        config.linkTypeCount(),
        config.randomId2Max(),
        fastOutDegree(config, data),
        PayloadGenerator.linkAdd(config)::next,
        PayloadGenerator.nodeAdd(config)::next);
  }

  /**
   * The configured out-degree function, answered from a {@link RankedDegreeTable} of its {@link
   * OutDegreeFunction#degreeOfRank} when it ranks ids (the shaped and distribution-class families):
   * same values, without a numeric quantile inversion per call on the loader's and the request
   * generators' hot paths.
   */
  static LongUnaryOperator fastOutDegree(LinkBenchConfig config, DistributionFile data) {
    OutDegreeFunction exact = Distributions.outDegree(config, data);
    long start = config.startId1();
    long n = config.nodeCount();
    if (exact.rankOf(start) < 0) {
      return exact;
    }
    RankedDegreeTable table = new RankedDegreeTable(n, exact::degreeOfRank);
    return id -> id < start || id >= start + n ? 0 : table.degree(exact.rankOf(id));
  }
}
