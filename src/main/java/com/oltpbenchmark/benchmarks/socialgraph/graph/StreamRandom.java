package com.oltpbenchmark.benchmarks.socialgraph.graph;

import java.util.Random;

/**
 * A {@link Random} whose state can be jumped to any derived seed in O(1), so that every node and
 * every link of the graph draws from its own stream and can be regenerated on its own.
 *
 * <p>The generator is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014): a counter advanced by an odd constant and finalised by a mixing
 * function. It passes BigCrush, costs a few arithmetic operations per draw and, unlike {@link
 * Random}, has no atomic state, which matters on the loader's hot path. Instances are not
 * thread-safe; each thread owns its own.
 */
public final class StreamRandom extends Random {

  private static final long serialVersionUID = 1L;
  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private long state;
  /* Random's constructor calls setSeed before our fields are usable; nextGaussian caches a value. */
  private double spareGaussian;
  private boolean hasSpareGaussian;

  public StreamRandom(long seed) {
    super(0L);
    reseed(seed);
  }

  /** Jumps to the start of the stream identified by {@code seed}. */
  public void reseed(long seed) {
    this.state = mix(seed);
    this.hasSpareGaussian = false;
  }

  @Override
  public synchronized void setSeed(long seed) {
    // Random's constructor calls this before our fields exist; reseed covers both uses.
    reseed(seed);
  }

  @Override
  protected int next(int bits) {
    return (int) (nextLong() >>> (64 - bits));
  }

  @Override
  public long nextLong() {
    state += GOLDEN_GAMMA;
    return mix(state);
  }

  @Override
  public int nextInt() {
    return (int) (nextLong() >>> 32);
  }

  @Override
  public double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  @Override
  public boolean nextBoolean() {
    return nextLong() < 0;
  }

  @Override
  public int nextInt(int bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive, got " + bound);
    }
    // Lemire's multiply-shift; the bias (< bound / 2^32) is irrelevant for workload generation.
    return (int) (((nextLong() >>> 32) * bound) >>> 32);
  }

  @Override
  public double nextGaussian() {
    if (hasSpareGaussian) {
      hasSpareGaussian = false;
      return spareGaussian;
    }
    double v1;
    double v2;
    double s;
    do {
      v1 = 2 * nextDouble() - 1;
      v2 = 2 * nextDouble() - 1;
      s = v1 * v1 + v2 * v2;
    } while (s >= 1 || s == 0);
    double multiplier = StrictMath.sqrt(-2 * StrictMath.log(s) / s);
    spareGaussian = v2 * multiplier;
    hasSpareGaussian = true;
    return v1 * multiplier;
  }

  /** SplitMix64's finaliser: a bijection on longs with full avalanche. */
  public static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /**
   * A seed for the sub-stream {@code key} of stream {@code seed}: distinct keys, unrelated streams.
   */
  public static long derive(long seed, long key) {
    return mix(seed + GOLDEN_GAMMA * (key + 1)) ^ mix(key ^ 0x632BE59BD9B4E019L);
  }

  /** Derives through several keys in order: {@code derive(derive(seed, k0), k1) ...}. */
  public static long derive(long seed, long k0, long k1, long k2) {
    return derive(derive(derive(seed, k0), k1), k2);
  }
}
