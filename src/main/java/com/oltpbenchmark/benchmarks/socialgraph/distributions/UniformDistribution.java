package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Random;

/**
 * Uniform over {@code [min, max)} for any range size (LinkBench dropped {@code min} for ranges of
 * 2^31 or more).
 */
public final class UniformDistribution extends AbstractDistribution {

  public UniformDistribution(long min, long max) {
    this(min, max, Double.NaN);
  }

  public UniformDistribution(long min, long max, double mean) {
    super(min, max, mean);
  }

  @Override
  public double pdf(long id) {
    return id < min || id >= max ? 0 : 1.0 / n;
  }

  @Override
  protected double cdfInRange(long id) {
    return (double) (id - min + 1) / n;
  }

  @Override
  public long quantile(double p) {
    checkProbability(p);
    // smallest id with cdf >= p; corrected for rounding of p * n
    long k = Math.max(0, Math.min(n - 1, (long) Math.ceil(p * n) - 1));
    return settleQuantile(min + k, p);
  }

  @Override
  public long choose(Random rng) {
    return n <= Integer.MAX_VALUE ? min + rng.nextInt((int) n) : min + rng.nextLong(n);
  }

  @Override
  public double mean() {
    return min + (n - 1) / 2.0;
  }
}
