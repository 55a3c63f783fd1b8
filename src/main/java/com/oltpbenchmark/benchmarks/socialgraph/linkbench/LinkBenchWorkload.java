package com.oltpbenchmark.benchmarks.socialgraph.linkbench;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.benchmarks.socialgraph.config.AccessKind;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.Distributions;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraphs;
import com.oltpbenchmark.benchmarks.socialgraph.graph.StreamRandom;
import com.oltpbenchmark.benchmarks.socialgraph.payload.PayloadGenerator;
import java.util.Map;
import java.util.WeakHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The LinkBench request side of a run: the graph, the configuration and the request seed, from
 * which every worker gets its own {@link LinkBenchRequestGenerator}.
 *
 * <p>Request seed: {@code request_random_seed} of the {@code <linkbench>} block, else BenchBase's
 * {@code <randomSeed>}, else a fresh seed that is logged so the run can be repeated. Worker i draws
 * from the stream {@code derive(seed, i)}: the same seed and terminal count give every worker the
 * same request arguments in every run.
 */
public final class LinkBenchWorkload {

  private static final Logger LOG = LoggerFactory.getLogger(LinkBenchWorkload.class);

  private final LinkBenchConfig config;
  private final SocialGraph graph;
  private final long requestSeed;
  private final PayloadGenerator linkAdd;
  private final PayloadGenerator linkUpdate;
  private final PayloadGenerator nodeAdd;
  private final PayloadGenerator nodeUpdate;

  public LinkBenchWorkload(LinkBenchConfig config, SocialGraph graph, long requestSeed) {
    this.config = config;
    this.graph = graph;
    this.requestSeed = requestSeed;
    this.linkAdd = PayloadGenerator.linkAdd(config);
    this.linkUpdate = PayloadGenerator.linkUpdate(config);
    this.nodeAdd = PayloadGenerator.nodeAdd(config);
    this.nodeUpdate = PayloadGenerator.nodeUpdate(config);
  }

  private static final Map<WorkloadConfiguration, LinkBenchWorkload> RUNS = new WeakHashMap<>();

  /**
   * The request side of a run (see the class comment for the seed), shared by the run's workers.
   */
  public static synchronized LinkBenchWorkload forWorkload(WorkloadConfiguration workConf) {
    SocialGraph graph = SocialGraphs.forWorkload(workConf);
    LinkBenchWorkload cached = RUNS.get(workConf);
    if (cached != null && cached.graph == graph) {
      return cached;
    }
    LinkBenchConfig config = SocialGraphs.config(workConf);
    long seed;
    if (config.requestRandomSeed().isPresent()) {
      seed = config.requestRandomSeed().getAsLong();
    } else if (workConf.getRandomSeed() != -1) {
      seed = workConf.getRandomSeed();
    } else {
      seed = System.nanoTime() ^ 0x5DEECE66DL;
      LOG.info(
          "socialgraph: no request_random_seed or <randomSeed>; LinkBench request seed is {}",
          seed);
    }
    LinkBenchWorkload run = new LinkBenchWorkload(config, graph, seed);
    RUNS.put(workConf, run);
    return run;
  }

  public SocialGraph graph() {
    return graph;
  }

  public LinkBenchConfig config() {
    return config;
  }

  public long requestSeed() {
    return requestSeed;
  }

  /** The generator of worker {@code workerId} of {@code workers}. */
  public LinkBenchRequestGenerator generator(int workerId, int workers) {
    LinkBenchRequestGenerator.Streams streams =
        new LinkBenchRequestGenerator.Streams(
            Distributions.access(config, AccessKind.LINK_READS),
            Distributions.access(config, AccessKind.LINK_WRITES),
            Distributions.access(config, AccessKind.NODE_READS),
            Distributions.access(config, AccessKind.NODE_UPDATES),
            Distributions.access(config, AccessKind.NODE_DELETES),
            Distributions.multigetSize(config),
            linkAdd::next,
            linkUpdate::next,
            nodeAdd::next,
            nodeUpdate::next,
            config.getLinkListHistory(),
            config.rangeLimit());
    int n = Math.max(1, workers);
    Id2Chooser id2s =
        new Id2Chooser(graph, config.id2GenConfig() == 1, Math.floorMod(workerId, n), n);
    return new LinkBenchRequestGenerator(
        graph, streams, id2s, new StreamRandom(StreamRandom.derive(requestSeed, workerId)));
  }
}
