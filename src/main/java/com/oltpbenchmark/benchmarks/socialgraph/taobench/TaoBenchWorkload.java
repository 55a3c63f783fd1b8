package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.Phase;
import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.benchmarks.socialgraph.config.TaoBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraphs;
import com.oltpbenchmark.benchmarks.socialgraph.graph.StreamRandom;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The TAOBench side of a run, shared by all workers of one {@link WorkloadConfiguration}: the
 * parsed {@code <taobench>} block, the workload (preset or file), the loaded graph, the request
 * seed and the base of new object ids. Worker i draws from the stream derive(seed, i).
 *
 * <p>Seed: BenchBase's {@code <randomSeed>}, else a fresh seed that is logged.
 */
public final class TaoBenchWorkload {

  private static final Logger LOG = LoggerFactory.getLogger(TaoBenchWorkload.class);

  /** Separates the TAOBench request streams from LinkBench's for the same randomSeed. */
  private static final long TAO_STREAM = 0x7A0B_E4C4L;

  private static final Map<WorkloadConfiguration, TaoBenchWorkload> CACHE = new WeakHashMap<>();

  private final TaoBenchConfig config;
  private final TaoWorkload workload;
  private final SocialGraph graph;
  private final long seed;
  private final long newIdBase;

  public TaoBenchWorkload(
      TaoBenchConfig config, TaoWorkload workload, SocialGraph graph, long seed, long newIdBase) {
    this.config = config;
    this.workload = workload;
    this.graph = graph;
    this.seed = seed;
    this.newIdBase = newIdBase;
  }

  /** The run's TAOBench workload, built once per configuration. */
  public static synchronized TaoBenchWorkload forWorkload(WorkloadConfiguration workConf) {
    TaoBenchWorkload w = CACHE.get(workConf);
    if (w == null) {
      TaoBenchConfig config = TaoBenchConfig.from(workConf.getXmlConfig());
      SocialGraph graph = SocialGraphs.forWorkload(workConf);
      TaoWorkload workload = TaoWorkloads.load(config.workload(), config.shards());
      long seed;
      if (workConf.getRandomSeed() != -1) {
        seed = workConf.getRandomSeed();
      } else {
        seed = System.nanoTime() ^ 0x5DEECE66DL;
        LOG.info("socialgraph: no <randomSeed>; TAOBench request seed is {}", seed);
      }
      long base =
          config.newIdBase() == TaoBenchConfig.AUTO_NEW_ID_BASE
              ? TaoIdAllocator.defaultBase(System.currentTimeMillis(), graph.endId())
              : config.newIdBase();
      if (base < graph.endId()) {
        throw new com.oltpbenchmark.benchmarks.socialgraph.config.ConfigException(
            "<taobench><newIdBase> "
                + base
                + " is inside the loaded ids ["
                + graph.startId()
                + ", "
                + graph.endId()
                + ")");
      }
      LOG.info(
          "socialgraph TAOBench: workload {}, {} shards over ids [{}, {}), new object ids"
              + " from {}",
          workload.source(),
          workload.shards(),
          graph.startId(),
          graph.endId(),
          base);
      warnIfPhaseMixDiffers(workConf, workload);
      w = new TaoBenchWorkload(config, workload, graph, seed, base);
      CACHE.put(workConf, w);
    }
    return w;
  }

  /** Logs once per phase whose TAOBench weights differ from the workload's operations mix. */
  private static void warnIfPhaseMixDiffers(WorkloadConfiguration workConf, TaoWorkload workload) {
    if (workConf.getTransTypes() == null) {
      return;
    }
    List<Phase> phases = workConf.getPhases();
    for (int p = 0; p < phases.size(); p++) {
      List<Double> weights = phases.get(p).getWeights();
      Map<TaoRequestType, Double> tao = new EnumMap<>(TaoRequestType.class);
      for (int i = 0; i < weights.size(); i++) {
        TransactionType tt = workConf.getTransTypes().getType(i + 1);
        TaoRequestType t = tt == null ? null : TaoRequestType.forProcedure(tt.getName());
        if (t != null) {
          tao.merge(t, weights.get(i), Double::sum);
        }
      }
      String diff = TaoMixCheck.difference(workload.operations(), tao);
      if (diff != null) {
        LOG.warn(
            "socialgraph TAOBench: <works> phase {}: the phase weights choose Read/Write/"
                + "ReadTxn/WriteTxn, not the workload's operations record; {}",
            p + 1,
            diff);
      }
    }
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
