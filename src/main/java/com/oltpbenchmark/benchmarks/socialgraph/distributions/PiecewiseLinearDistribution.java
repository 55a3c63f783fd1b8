package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Arrays;

/**
 * A distribution over integer values given by points {@code (value_i, cdf_i)} of its cdf, linearly
 * interpolated in between: {@code cdf(k) = cdf_i + (cdf_{i+1} - cdf_i) (k - value_i) / (value_{i+1}
 * - value_i)} for value_i <= k <= value_{i+1}, 0 below the first point and 1 from the last. The
 * range is {@code [value_0, value_last + 1)}. A step cdf (all of a segment's mass on its right end,
 * as LinkBench reads Distribution.dat) is the special case built by {@link #stepwise}.
 */
public final class PiecewiseLinearDistribution extends AbstractDistribution {
  private final long[] values;
  private final double[] cdfs;
  private final double mean;

  /**
   * @param values strictly ascending integer values
   * @param cdfs non-decreasing cumulative probabilities in [0, 1], the last one 1
   */
  public PiecewiseLinearDistribution(long[] values, double[] cdfs) {
    super(
        values.length == 0 ? 0 : values[0],
        values.length == 0 ? 0 : values[values.length - 1] + 1,
        Double.NaN);
    if (values.length != cdfs.length) {
      throw new IllegalArgumentException("values and cdfs differ in length");
    }
    for (int i = 0; i < values.length; i++) {
      if (i > 0 && values[i] <= values[i - 1]) {
        throw new IllegalArgumentException(
            "values must ascend strictly: " + values[i - 1] + " then " + values[i]);
      }
      if (!(cdfs[i] >= 0 && cdfs[i] <= 1) || (i > 0 && cdfs[i] < cdfs[i - 1])) {
        throw new IllegalArgumentException(
            "cdf values must be non-decreasing in [0, 1]; at value " + values[i] + ": " + cdfs[i]);
      }
    }
    if (Math.abs(cdfs[cdfs.length - 1] - 1) > 1e-9) {
      throw new IllegalArgumentException(
          "the last cdf value must be 1, got " + cdfs[cdfs.length - 1]);
    }
    this.values = values.clone();
    this.cdfs = cdfs.clone();
    this.cdfs[cdfs.length - 1] = 1.0;
    this.mean = computeMean();
  }

  /**
   * A step cdf through the points: value_i carries mass {@code cdf_i - cdf_{i-1}}, the values in
   * between none. This is how LinkBench interprets the sections of Distribution.dat.
   */
  public static PiecewiseLinearDistribution stepwise(long[] values, double[] cdfs) {
    long[] v = new long[values.length * 2];
    double[] c = new double[values.length * 2];
    int m = 0;
    for (int i = 0; i < values.length; i++) {
      if (i > 0 && values[i] - 1 > values[i - 1]) {
        v[m] = values[i] - 1;
        c[m++] = cdfs[i - 1];
      }
      v[m] = values[i];
      c[m++] = cdfs[i];
    }
    return new PiecewiseLinearDistribution(Arrays.copyOf(v, m), Arrays.copyOf(c, m));
  }

  @Override
  protected double cdfInRange(long id) {
    int i = Arrays.binarySearch(values, id);
    if (i >= 0) {
      return cdfs[i];
    }
    int hi = -i - 1; // values[hi-1] < id < values[hi]
    int lo = hi - 1;
    double f = (double) (id - values[lo]) / (values[hi] - values[lo]);
    return cdfs[lo] + (cdfs[hi] - cdfs[lo]) * f;
  }

  @Override
  public long quantile(double p) {
    checkProbability(p);
    // first point whose cdf reaches p, then the smallest integer of its segment that does
    int lo = firstAtLeast(cdfs, p);
    if (lo == 0) {
      return values[0];
    }
    double c0 = cdfs[lo - 1];
    double c1 = cdfs[lo];
    long v0 = values[lo - 1];
    long span = values[lo] - v0;
    long k = v0 + (long) Math.ceil((p - c0) / (c1 - c0) * span);
    k = Math.max(v0 + 1, Math.min(values[lo], k));
    while (k > v0 + 1 && cdf(k - 1) >= p) {
      k--;
    }
    while (k < values[lo] && cdf(k) < p) {
      k++;
    }
    return k;
  }

  private double computeMean() {
    // E[X] = min + sum_{k >= min} P(X > k); within a segment 1 - cdf is linear, so sum it in closed
    // form
    double sum = values[0];
    for (int i = 0; i + 1 < values.length; i++) {
      long v0 = values[i];
      long span = values[i + 1] - v0;
      // k = v0 .. values[i+1]-1: 1 - cdf(k) = 1 - c0 - (c1 - c0) (k - v0) / span
      double c0 = cdfs[i];
      double c1 = cdfs[i + 1];
      sum += span * (1 - c0) - (c1 - c0) * (span - 1) / 2.0;
    }
    return sum;
  }

  @Override
  public double mean() {
    return mean;
  }

  /** Number of points (after the step expansion, if any). */
  public int points() {
    return values.length;
  }
}
