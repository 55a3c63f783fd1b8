package com.oltpbenchmark.benchmarks.socialgraph.distributions;

/**
 * Geometric over {@code [min, max)}: {@code P(min + k) = prob (1 - prob)^k}, the remaining mass of
 * the infinite tail put on {@code max - 1}. The quantile is consistent with this pdf and cdf
 * (LinkBench's was off by one, so its multiget sizes averaged 3.6 instead of 2.6).
 */
public final class GeometricDistribution extends AbstractDistribution {
  private final double prob;
  private final double logQ;

  public GeometricDistribution(long min, long max, double prob) {
    this(min, max, prob, Double.NaN);
  }

  public GeometricDistribution(long min, long max, double prob, double mean) {
    super(min, max, mean);
    this.prob = requireOpenUnit("geometric prob", prob);
    this.logQ = Math.log1p(-prob);
  }

  @Override
  protected double cdfInRange(long id) {
    return -Math.expm1((id - min + 1) * logQ);
  }

  @Override
  public long quantile(double p) {
    return quantileFromEstimate(p, this::estimateQuantile);
  }

  /** min + the smallest k >= 0 with 1 - q^(k+1) >= p, but for rounding at the boundaries of k. */
  private long estimateQuantile(double p) {
    double k = Math.ceil(Math.log1p(-p) / logQ - 1);
    return min + (long) Math.max(0, Math.min(k, n - 1));
  }

  @Override
  public double mean() {
    // sum of P(X > k) over k in [min, max - 1)
    double q = 1 - prob;
    return min + q * (-Math.expm1((n - 1) * logQ)) / prob;
  }
}
