package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Random;

/**
 * A cheap, seeded, invertible permutation of {@code [0, n)} (LinkBench's InvertibleShuffler): ids
 * are split into {@code groups} residue classes mod groups, and each class is rotated by its own
 * random offset drawn from {@code java.util.Random(seed)}. It maps popularity ranks to ids so that
 * hot ids are spread over the id space; the same seed gives LinkBench's permutation. Works for any
 * n (LinkBench cast n to int).
 */
public final class InvertibleShuffler {
  private final long n;
  private final int groups;
  private final long perGroup; // size of the small classes; classes g < n % groups have one more
  private final long bigClasses;
  private final long[] rotation;

  public InvertibleShuffler(long seed, int groups, long n) {
    if (n <= 0 || groups <= 0) {
      throw new IllegalArgumentException(
          "need n > 0 and groups > 0, got n=" + n + ", groups=" + groups);
    }
    this.n = n;
    this.groups = (int) Math.min(groups, n);
    this.perGroup = n / this.groups;
    this.bigClasses = n % this.groups;
    Random rng = new Random(seed);
    rotation = new long[this.groups];
    for (int g = 0; g < this.groups; g++) {
      rotation[g] =
          perGroup <= Integer.MAX_VALUE ? rng.nextInt((int) perGroup) : rng.nextLong(perGroup);
    }
  }

  public long size() {
    return n;
  }

  /** The image of {@code i} in [0, n). */
  public long permute(long i) {
    return rotate(i, false);
  }

  /** The {@code j} with {@code permute(j) == i}. */
  public long invertPermute(long i) {
    return rotate(i, true);
  }

  private long rotate(long i, boolean inverse) {
    if (i < 0 || i >= n) {
      throw new IllegalArgumentException(i + " is outside [0, " + n + ")");
    }
    int g = (int) (i % groups);
    long classSize = g < bigClasses ? perGroup + 1 : perGroup;
    long t = i / groups;
    long r = rotation[g] % classSize;
    long shifted = inverse ? t - r : t + r;
    shifted = Math.floorMod(shifted, classSize);
    return g + shifted * groups;
  }
}
