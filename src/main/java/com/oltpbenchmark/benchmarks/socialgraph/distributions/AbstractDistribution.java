package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Random;
import java.util.function.DoubleToLongFunction;

/** Range handling and the defaults shared by the distributions. */
abstract class AbstractDistribution implements ProbabilityDistribution {
  protected final long min;
  protected final long max;
  protected final long n;

  /** Multiplier of expectedCount: n * mean when a mean was configured, else 1. */
  protected final double scale;

  AbstractDistribution(long min, long max, double meanParam) {
    if (max <= min) {
      throw new IllegalArgumentException("empty range [" + min + ", " + max + ")");
    }
    this.min = min;
    this.max = max;
    this.n = max - min;
    this.scale = Double.isNaN(meanParam) ? 1.0 : n * meanParam;
  }

  @Override
  public long min() {
    return min;
  }

  @Override
  public long max() {
    return max;
  }

  @Override
  public double expectedCount(long id) {
    return scale * pdf(id);
  }

  @Override
  public long choose(Random rng) {
    return quantile(rng.nextDouble());
  }

  /** 0 below the range, 1 from its last id on, {@link #cdfInRange} in between. */
  @Override
  public final double cdf(long id) {
    if (id < min) {
      return 0;
    }
    if (id >= max - 1) {
      return 1;
    }
    return cdfInRange(id);
  }

  /** The cdf at {@code min <= id < max - 1}. */
  protected abstract double cdfInRange(long id);

  @Override
  public double pdf(long id) {
    if (id < min || id >= max) {
      return 0;
    }
    return cdf(id) - cdf(id - 1);
  }

  static void checkProbability(double p) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("probability must be in [0, 1], got " + p);
    }
  }

  /**
   * {@code value}, when it lies in the open interval (0, 1); {@code what} names it in the error.
   */
  static double requireOpenUnit(String what, double value) {
    if (!(value > 0 && value < 1)) {
      throw new IllegalArgumentException(what + " must be in (0, 1), got " + value);
    }
    return value;
  }

  /**
   * The quantile by a closed-form {@code estimate} that may be off by a few ids, settled on the
   * cdf; p = 0 and p = 1 answer the range's ends directly, since there the estimate diverges.
   */
  protected final long quantileFromEstimate(double p, DoubleToLongFunction estimate) {
    checkProbability(p);
    if (p == 0) {
      return min;
    }
    if (p == 1) {
      return max - 1;
    }
    return settleQuantile(estimate.applyAsLong(p), p);
  }

  /**
   * Smallest id in [min, max) with cdf(id) >= p, from an estimate {@code id} that is off by at most
   * a few ids (rounding in a closed-form quantile).
   */
  protected long settleQuantile(long id, double p) {
    while (id > min && cdf(id - 1) >= p) {
      id--;
    }
    while (id < max - 1 && cdf(id) < p) {
      id++;
    }
    return id;
  }

  /**
   * Index of the first element of the non-decreasing {@code sorted} that is at least {@code
   * target}, or its last index when none is.
   */
  static int firstAtLeast(double[] sorted, double target) {
    return firstAtLeast(sorted, 0, sorted.length - 1, target);
  }

  /**
   * Index in {@code [lo, hi]} of the first element of the non-decreasing {@code sorted} that is at
   * least {@code target}, or {@code hi} when none is.
   */
  static int firstAtLeast(double[] sorted, int lo, int hi, double target) {
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] >= target) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /** Smallest id in [min, max) with cdf(id) >= p, by bisection (cdf is monotone). */
  protected long invertCdf(double p) {
    checkProbability(p);
    long lo = min;
    long hi = max - 1;
    while (lo < hi) {
      long mid = lo + (hi - lo) / 2;
      if (cdf(mid) >= p) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }
}
