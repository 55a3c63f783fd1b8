package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.benchmarks.socialgraph.config.ConfigException;
import com.oltpbenchmark.benchmarks.socialgraph.config.TaoBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.graph.StreamRandom;

/**
 * The TAOBench side of a run, shared by all its workers: the parsed {@code <taobench>} block, the
 * workload (preset or file), the loaded graph, the request seed and the base of new object ids.
 * Worker i draws from the stream derive(seed, i).
 */
public final class TaoBenchWorkload {

  /** Separates the TAOBench request streams from LinkBench's for the same randomSeed. */
  private static final long TAO_STREAM = 0x7A0B_E4C4L;

  private final TaoBenchConfig config;
  private final TaoWorkload workload;
  private final SocialGraph graph;
  private final long seed;
  private final long newIdBase;

  /**
   * @throws ConfigException when new object ids would start inside the loaded ids or the graph has
   *     fewer nodes than the workload has shards
   */
  public TaoBenchWorkload(
      TaoBenchConfig config, TaoWorkload workload, SocialGraph graph, long seed, long newIdBase) {
    if (newIdBase < graph.endId()) {
      throw new ConfigException(
          "<taobench><newIdBase> "
              + newIdBase
              + " is inside the loaded ids ["
              + graph.startId()
              + ", "
              + graph.endId()
              + ")");
    }
    if (graph.nodeCount() < workload.shards()) {
      throw new ConfigException(
          "<taobench><shards> "
              + workload.shards()
              + " is more than the graph's "
              + graph.nodeCount()
              + " nodes (each shard needs at least one node); load more nodes or use fewer shards");
    }
    this.config = config;
    this.workload = workload;
    this.graph = graph;
    this.seed = seed;
    this.newIdBase = newIdBase;
  }

  /**
   * Reads the configured workload (preset or file) and, for {@link
   * TaoBenchConfig#AUTO_NEW_ID_BASE}, derives the new-id base from {@code nowMillis}.
   */
  public static TaoBenchWorkload create(
      TaoBenchConfig config, SocialGraph graph, long seed, long nowMillis) {
    TaoWorkload workload = TaoWorkloads.load(config.workload(), config.shards());
    long base =
        config.newIdBase() == TaoBenchConfig.AUTO_NEW_ID_BASE
            ? TaoIdAllocator.defaultBase(nowMillis, graph.endId(), workload.shards())
            : config.newIdBase();
    return new TaoBenchWorkload(config, workload, graph, seed, base);
  }

  public TaoBenchConfig config() {
    return config;
  }

  public TaoWorkload workload() {
    return workload;
  }

  public SocialGraph graph() {
    return graph;
  }

  /** First id of objects created by requests. */
  public long newIdBase() {
    return newIdBase;
  }

  /** The generator of worker {@code workerId} of {@code workers}. */
  public TaoRequestGenerator generator(int workerId, int workers) {
    TaoIdAllocator ids = new TaoIdAllocator(newIdBase, workerId, workers, workload.shards());
    return new TaoRequestGenerator(
        workload,
        graph,
        ids,
        StreamRandom.derive(seed, TAO_STREAM, workerId, 0),
        config.payloadBytes(),
        config.rangeLimit(),
        System::currentTimeMillis,
        new TaoLocality(config.crossShardShare(), config.keyShape()),
        config.fixedPayload()
            ? null
            : new WeightedValues<>(
                config.payloadSizes(),
                new WeightedChoice(
                    config.payloadWeights().stream().mapToDouble(Double::doubleValue).toArray(),
                    "<taobench><payloadSizes>")));
  }
}
