package com.oltpbenchmark.benchmarks.socialgraph.linkbench;

import com.oltpbenchmark.benchmarks.socialgraph.config.AccessKind;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.DistributionFile;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.Distributions;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.graph.StreamRandom;
import com.oltpbenchmark.benchmarks.socialgraph.payload.PayloadGenerator;

/**
 * The LinkBench request side of a run: the graph, the configuration and the request seed, from
 * which every worker gets its own {@link LinkBenchRequestGenerator}. Worker i draws from the stream
 * {@code derive(seed, i)}: the same seed and terminal count give every worker the same request
 * arguments in every run.
 */
public final class LinkBenchWorkload {

  private final LinkBenchConfig config;
  private final SocialGraph graph;
  private final DistributionFile data;
  private final long requestSeed;
  private final PayloadGenerator linkAdd;
  private final PayloadGenerator linkUpdate;
  private final PayloadGenerator nodeAdd;
  private final PayloadGenerator nodeUpdate;

  /**
   * @param data the configured Distribution.dat, already read, or null when none is configured
   */
  public LinkBenchWorkload(
      LinkBenchConfig config, SocialGraph graph, DistributionFile data, long requestSeed) {
    this.config = config;
    this.data = data;
    this.graph = graph;
    this.requestSeed = requestSeed;
    this.linkAdd = PayloadGenerator.linkAdd(config);
    this.linkUpdate = PayloadGenerator.linkUpdate(config);
    this.nodeAdd = PayloadGenerator.nodeAdd(config);
    this.nodeUpdate = PayloadGenerator.nodeUpdate(config);
    // Building one set of streams checks every access distribution now, so a bad one fails the
    // run before it touches the database.
    streams();
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
    int n = Math.max(1, workers);
    Id2Chooser id2s =
        new Id2Chooser(graph, config.id2GenConfig() == 1, Math.floorMod(workerId, n), n);
    return new LinkBenchRequestGenerator(
        graph, streams(), id2s, new StreamRandom(StreamRandom.derive(requestSeed, workerId)));
  }

  /** A fresh set of the stateful request streams: every worker needs its own. */
  private LinkBenchRequestGenerator.Streams streams() {
    return new LinkBenchRequestGenerator.Streams(
        Distributions.access(config, data, AccessKind.LINK_READS),
        Distributions.access(config, data, AccessKind.LINK_WRITES),
        Distributions.access(config, data, AccessKind.NODE_READS),
        Distributions.access(config, data, AccessKind.NODE_UPDATES),
        Distributions.access(config, data, AccessKind.NODE_DELETES),
        Distributions.multigetSize(config),
        linkAdd::next,
        linkUpdate::next,
        nodeAdd::next,
        nodeUpdate::next,
        config.getLinkListHistory(),
        config.rangeLimit());
  }
}
