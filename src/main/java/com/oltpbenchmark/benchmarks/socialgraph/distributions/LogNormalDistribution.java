package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Random;

/**
 * {@code round(exp(N(ln median, sigma)))} clamped to {@code [min, max)}: LinkBench's payload size
 * distribution, here with the pdf, cdf and quantile LinkBench left unimplemented: {@code cdf(k) =
 * Phi((ln(k + 0.5) - ln median) / sigma)} for {@code min <= k < max - 1}, the clamped tails folded
 * onto the two ends.
 */
public final class LogNormalDistribution extends AbstractDistribution {
  private final double mu;
  private final double sigma;

  public LogNormalDistribution(long min, long max, double median, double sigma) {
    super(min, max, Double.NaN);
    if (!(median > 0) || !(sigma > 0)) {
      throw new IllegalArgumentException(
          "log-normal needs median > 0 and sigma > 0, got " + median + ", " + sigma);
    }
    this.mu = Math.log(median);
    this.sigma = sigma;
  }

  @Override
  protected double cdfInRange(long id) {
    if (id + 0.5 <= 0) {
      return 0;
    }
    return 0.5 * StandardNormal.erfc(-(Math.log(id + 0.5) - mu) / (sigma * Math.sqrt(2)));
  }

  @Override
  public long quantile(double p) {
    return quantileFromEstimate(p, this::estimateQuantile);
  }

  /** The continuous quantile as the id whose interval (id - 0.5, id + 0.5] holds it, clamped. */
  private long estimateQuantile(double p) {
    double x = Math.exp(mu + sigma * StandardNormal.inverseCdf(p));
    return clamp((long) Math.ceil(Math.min(x - 0.5, 9.0e18)));
  }

  @Override
  public long choose(Random rng) {
    double x = Math.exp(rng.nextGaussian() * sigma + mu);
    return clamp(Math.round(Math.min(x, 9.0e18)));
  }

  private long clamp(long v) {
    return Math.max(min, Math.min(max - 1, v));
  }

  @Override
  public double mean() {
    // sum of P(X > k) for k in [min, max - 1); for long ranges the unclamped mean is used past 1e6
    long end = Math.min(max - 1, min + 2_000_000);
    double sum = min;
    for (long k = min; k < end; k++) {
      sum += 1 - cdf(k);
    }
    if (end < max - 1) {
      // remaining tail: E[(X - end) +] of the continuous log-normal, ignoring the upper clamp
      double e = end + 0.5;
      double a = (Math.log(e) - mu) / sigma;
      double tail =
          Math.exp(mu + sigma * sigma / 2) * (1 - StandardNormal.cdf(a - sigma))
              - e * (1 - StandardNormal.cdf(a));
      sum += Math.max(0, tail);
    }
    return sum;
  }
}
