package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import com.oltpbenchmark.benchmarks.socialgraph.config.AccessKind;
import com.oltpbenchmark.benchmarks.socialgraph.config.ConfigException;
import com.oltpbenchmark.benchmarks.socialgraph.config.DistributionFamily;
import com.oltpbenchmark.benchmarks.socialgraph.config.DistributionSpec;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.DistributionFile.Section;

/**
 * Builds the distributions a {@link LinkBenchConfig} describes: the out-degree function, the id
 * access streams (shuffled, blended) and the multiget size. The shuffler seeds and 1024 groups are
 * LinkBench's, so a rank maps to the same id offset as in LinkBench.
 */
public final class Distributions {
  /** Permutation of the correlated streams: out-degree rank, link reads, link writes. */
  public static final long CORRELATED_SEED = 20343988438726021L;

  /** Permutation of the uncorrelated link streams. */
  public static final long UNCORRELATED_SEED = 53238253823453L;

  /** Permutation shared by the node streams. */
  public static final long NODE_SEED = 4766565305853767165L;

  public static final int SHUFFLER_GROUPS = 1024;

  private Distributions() {}

  /** Reads the configured Distribution.dat, or returns null when {@code data_file} is not set. */
  public static DistributionFile dataFileOf(LinkBenchConfig config) {
    return config.dataFile() == null ? null : DistributionFile.read(config.dataFile());
  }

  private static DistributionFile require(LinkBenchConfig config, DistributionFile data) {
    if (data == null) {
      throw new ConfigException(
          "LinkBench config "
              + config.source()
              + ": key 'data_file' is required by a 'real' distribution");
    }
    return data;
  }

  /** A rank distribution over [min, max) of a ZIPF, UNIFORM, GEOMETRIC or LOGNORMAL spec. */
  public static ProbabilityDistribution create(DistributionSpec spec, long min, long max) {
    double mean = spec.param("mean", Double.NaN);
    return switch (spec.family()) {
      case ZIPF -> new ZipfDistribution(min, max, spec.param("shape"), mean);
      case UNIFORM -> new UniformDistribution(min, max, mean);
      case GEOMETRIC -> new GeometricDistribution(min, max, spec.param("prob"), mean);
      case LOGNORMAL ->
          new LogNormalDistribution(min, max, spec.param("median"), spec.param("sigma"));
      default ->
          throw new IllegalArgumentException(
              spec.family() + " is not a plain probability distribution");
    };
  }

  /** The fitted default out-degree as a distribution of degrees. */
  public static FittedDegreeDistribution fitted(DistributionSpec spec) {
    return new FittedDegreeDistribution(
        spec.param("zero"),
        spec.param("tail"),
        spec.param("tail_median"),
        spec.param("tail_sigma"),
        spec.param("hub", 0),
        spec.param("hub_median", 1),
        spec.param("hub_sigma", 1),
        spec.param("body_shape"),
        spec.param("body_scale"),
        (long) spec.param("max"));
  }

  /** Total out-degree per id1 (all link types), reading the data file when one is configured. */
  public static OutDegreeFunction outDegree(LinkBenchConfig config) {
    return outDegree(config, dataFileOf(config));
  }

  /**
   * Total out-degree per id1 (all link types); split across types by the graph.
   *
   * @param data the configured Distribution.dat, or null when none is
   */
  public static OutDegreeFunction outDegree(LinkBenchConfig config, DistributionFile data) {
    DistributionSpec spec = config.nlinks();
    long start = config.startId1();
    long end = config.maxId1();
    long n = end - start;
    InvertibleShuffler shuffler = new InvertibleShuffler(CORRELATED_SEED, SHUFFLER_GROUPS, n);
    return switch (spec.family()) {
      case FITTED ->
          new OutDegreeFunction(
              spec, start, end, shuffler, new RankedCounts(fitted(spec), n), null);
      case REAL ->
          new OutDegreeFunction(
              spec,
              start,
              end,
              shuffler,
              new RankedCounts(require(config, data).section(Section.NLINKS), n),
              null);
      case ZIPF, UNIFORM, GEOMETRIC ->
          new OutDegreeFunction(spec, start, end, shuffler, null, create(spec, start, end));
      default -> new OutDegreeFunction(spec, start, end, null, null, null);
    };
  }

  /**
   * The id stream of a request kind; for {@link AccessKind#LINK_READS} and {@link
   * AccessKind#LINK_WRITES} this is the blend with the uncorrelated stream. Stateful (round robin):
   * build one per worker.
   */
  public static AccessDistribution access(LinkBenchConfig config, AccessKind kind) {
    return access(config, dataFileOf(config), kind);
  }

  /** As {@link #access(LinkBenchConfig, AccessKind)}, with the configured data file (or null). */
  public static AccessDistribution access(
      LinkBenchConfig config, DistributionFile data, AccessKind kind) {
    if (kind == AccessKind.LINK_READS) {
      return blend(config, data, kind, AccessKind.LINK_READS_UNCORR, config.readUncorrBlend());
    }
    if (kind == AccessKind.LINK_WRITES) {
      return blend(config, data, kind, AccessKind.LINK_WRITES_UNCORR, config.writeUncorrBlend());
    }
    return single(config, data, kind);
  }

  private static AccessDistribution blend(
      LinkBenchConfig config,
      DistributionFile data,
      AccessKind corr,
      AccessKind uncorr,
      double percent) {
    AccessDistribution c = single(config, data, corr);
    if (percent <= 0) {
      return c;
    }
    return new BlendedAccessDistribution(c, single(config, data, uncorr), percent);
  }

  /** One access stream without blending. */
  private static AccessDistribution single(
      LinkBenchConfig config, DistributionFile data, AccessKind kind) {
    DistributionSpec spec = config.access(kind);
    long start = config.startId1();
    long end = config.maxId1();
    DistributionFamily f = spec.family();
    long cfg = (long) spec.param("config", 0);
    switch (f) {
      case ROUND_ROBIN:
        return new BuiltinAccessDistribution(
            BuiltinAccessDistribution.Mode.ROUND_ROBIN, start, end, cfg);
      case RECIPROCAL:
        return new BuiltinAccessDistribution(
            BuiltinAccessDistribution.Mode.RECIPROCAL, start, end, cfg);
      case MULTIPLE:
        return new BuiltinAccessDistribution(
            BuiltinAccessDistribution.Mode.MULTIPLE, start, end, cfg);
      case POWER:
        return new BuiltinAccessDistribution(BuiltinAccessDistribution.Mode.POWER, start, end, cfg);
      case PERFECT_POWER:
        return new BuiltinAccessDistribution(
            BuiltinAccessDistribution.Mode.PERFECT_POWER, start, end, cfg);
      default:
        break;
    }
    ProbabilityDistribution ranks =
        f == DistributionFamily.REAL
            ? new RealAccessDistribution(
                start, end, require(config, data).section(realSection(kind)))
            : create(spec, start, end);
    return new ShuffledAccessDistribution(ranks, shuffler(kind, end - start));
  }

  /** The permutation of a kind (LinkBench's seeds). */
  public static InvertibleShuffler shuffler(AccessKind kind, long n) {
    long seed =
        kind.forNodes() ? NODE_SEED : kind.uncorrelated() ? UNCORRELATED_SEED : CORRELATED_SEED;
    return new InvertibleShuffler(seed, SHUFFLER_GROUPS, n);
  }

  /**
   * The Distribution.dat section behind a 'real' access stream. Unlike LinkBench, node updates use
   * node_nwrites, and the uncorrelated streams and node deletes are supported.
   */
  public static Section realSection(AccessKind kind) {
    return switch (kind) {
      case LINK_READS, LINK_READS_UNCORR -> Section.LINK_NREADS;
      case LINK_WRITES, LINK_WRITES_UNCORR -> Section.LINK_NWRITES;
      case NODE_READS -> Section.NODE_NREADS;
      case NODE_UPDATES, NODE_DELETES -> Section.NODE_NWRITES;
    };
  }

  /** Number of id2s per multiget; a constant 1 when {@code link_multiget_dist=none}. */
  public static ProbabilityDistribution multigetSize(LinkBenchConfig config) {
    DistributionSpec spec = config.multiget();
    if (spec == null) {
      return new UniformDistribution(1, 2);
    }
    return create(spec, config.multigetMin(), config.multigetMax());
  }
}
