package com.oltpbenchmark.benchmarks.socialgraph.graph;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.Distributions;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.OutDegreeFunction;
import com.oltpbenchmark.benchmarks.socialgraph.payload.PayloadGenerator;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.LongUnaryOperator;
import org.apache.commons.configuration2.XMLConfiguration;

/**
 * Builds the {@link SocialGraph} a configuration describes, and shares one parsed {@link
 * LinkBenchConfig} and graph per {@link WorkloadConfiguration} between the loader, the workers and
 * the TAOBench generator (building a graph precomputes distributions, so it is done once).
 */
public final class SocialGraphs {

  private record Built(
      XMLConfiguration xml, double scaleFactor, LinkBenchConfig config, SocialGraph graph) {}

  private static final Map<WorkloadConfiguration, Built> CACHE = new WeakHashMap<>();

  private SocialGraphs() {}

  /** The graph of a LinkBench configuration: seed {@code load_random_seed}, LinkBench's keys. */
  public static SocialGraph create(LinkBenchConfig config) {
    return new SocialGraph(
        config.loadRandomSeed(),
        config.startId1(),
        config.maxId1(),
        config.linkTypeCount(),
        config.randomId2Max(),
        fastOutDegree(config),
        PayloadGenerator.linkAdd(config)::next,
        PayloadGenerator.nodeAdd(config)::next);
  }

  /**
   * The configured out-degree function, answered from a {@link RankedDegreeTable} of its {@link
   * OutDegreeFunction#degreeOfRank} when it ranks ids (the shaped and distribution-class families):
   * same values, without a numeric quantile inversion per call on the loader's and the request
   * generators' hot paths.
   */
  static LongUnaryOperator fastOutDegree(LinkBenchConfig config) {
    OutDegreeFunction exact = Distributions.outDegree(config);
    long start = config.startId1();
    long n = config.nodeCount();
    if (exact.rankOf(start) < 0) {
      return exact;
    }
    RankedDegreeTable table = new RankedDegreeTable(n, exact::degreeOfRank);
    return id -> id < start || id >= start + n ? 0 : table.degree(exact.rankOf(id));
  }

  /** The graph of a run: the {@code <linkbench>} block (defaults if absent) and the scalefactor. */
  public static SocialGraph forWorkload(WorkloadConfiguration workConf) {
    return built(workConf).graph();
  }

  /** The parsed {@code <linkbench>} block of a run (defaults if absent). */
  public static LinkBenchConfig config(WorkloadConfiguration workConf) {
    return built(workConf).config();
  }

  private static synchronized Built built(WorkloadConfiguration workConf) {
    Built b = CACHE.get(workConf);
    XMLConfiguration xml = workConf.getXmlConfig();
    double scale = workConf.getScaleFactor();
    if (b == null || b.xml() != xml || b.scaleFactor() != scale) {
      LinkBenchConfig config = LinkBenchConfig.fromXml(xml, scale);
      b = new Built(xml, scale, config, create(config));
      CACHE.put(workConf, b);
    }
    return b;
  }
}
