package com.oltpbenchmark.benchmarks.socialgraph.payload;

import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.config.PayloadSpec;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.LogNormalDistribution;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.ProbabilityDistribution;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.util.Random;

/**
 * A payload: a length from LinkBench's log-normal size distribution (median = the configured
 * datasize, sigma 1, clamped to [0, 254] for links and [0, 1 MiB) for nodes), filled by the
 * configured generator. {@link #next} draws the length first, then the bytes, from the caller's
 * stream only. Thread-safe; its {@code next} matches the graph's {@code PayloadSource}.
 */
public final class PayloadGenerator {
  private final ProbabilityDistribution size;
  private final DataGenerator bytes;

  public PayloadGenerator(ProbabilityDistribution size, DataGenerator bytes) {
    this.size = size;
    this.bytes = bytes;
  }

  public byte[] next(Random rng) {
    byte[] data = new byte[(int) size.choose(rng)];
    bytes.fill(rng, data);
    return data;
  }

  public ProbabilityDistribution sizes() {
    return size;
  }

  public DataGenerator bytes() {
    return bytes;
  }

  /** Builds the byte generator of a spec; {@code motifSeed} fixes the motif buffer. */
  public static DataGenerator generator(PayloadSpec spec, long motifSeed) {
    return spec.kind() == PayloadSpec.Kind.UNIFORM
        ? new UniformDataGenerator(spec.startByte(), spec.endByte())
        : new MotifDataGenerator(
            spec.startByte(), spec.endByte(), spec.uniqueness(), spec.motifLength(), motifSeed);
  }

  /** Sizes with the given median; a median of 0 means empty payloads. */
  static ProbabilityDistribution sizes(int median, int maxExclusive) {
    if (median <= 0) {
      return new LogNormalDistribution(0, 1, 1, 1);
    }
    return new LogNormalDistribution(0, maxExclusive, median, LinkBenchConfig.DATASIZE_SIGMA);
  }

  /** Loaded links and ADD_LINK. */
  public static PayloadGenerator linkAdd(LinkBenchConfig c) {
    return configured(c, c.linkDataSize(), Link.MAX_DATA, c.linkAddDatagen(), 0x6C696E6B61646400L);
  }

  /** UPDATE_LINK. */
  public static PayloadGenerator linkUpdate(LinkBenchConfig c) {
    return configured(c, c.linkDataSize(), Link.MAX_DATA, c.linkUpDatagen(), 0x6C696E6B75700000L);
  }

  /** Loaded nodes and ADD_NODE. */
  public static PayloadGenerator nodeAdd(LinkBenchConfig c) {
    return configured(c, c.nodeDataSize(), Node.MAX_DATA, c.nodeAddDatagen(), 0x6E6F646561646400L);
  }

  /** UPDATE_NODE. */
  public static PayloadGenerator nodeUpdate(LinkBenchConfig c) {
    return configured(c, c.nodeDataSize(), Node.MAX_DATA, c.nodeUpDatagen(), 0x6E6F646575700000L);
  }

  /**
   * Sizes of median {@code median} below {@code maxExclusive}, bytes from {@code spec}; {@code tag}
   * (one per kind of payload) keeps each kind's motif buffer apart from the others' under one load
   * seed.
   */
  private static PayloadGenerator configured(
      LinkBenchConfig c, int median, int maxExclusive, PayloadSpec spec, long tag) {
    return new PayloadGenerator(
        sizes(median, maxExclusive), generator(spec, c.loadRandomSeed() ^ tag));
  }
}
