package com.oltpbenchmark.benchmarks.socialgraph.distributions;

/**
 * Zipf over the ranks {@code [min, max)}: {@code P(min + k) = (k + 1)^-shape / H(n, shape)}, shape
 * in (0, 1) as in LinkBench's workloads. Sampling inverts the cdf exactly on accurate harmonic
 * numbers instead of using Gray et al.'s closed-form approximation, whose rank frequencies deviate
 * from the pdf the class reports: the leading terms of the harmonic number's expansion, inverted in
 * closed form, land within a rank or two of the answer, and a few cdf evaluations settle it (a draw
 * is on every request's path, so bisection's log2(n) power evaluations were too dear).
 */
public final class ZipfDistribution extends AbstractDistribution {
  private final double shape;
  private final Harmonic harmonic;
  private final double zetan;

  public ZipfDistribution(long min, long max, double shape) {
    this(min, max, shape, Double.NaN);
  }

  /**
   * @param mean LinkBench's optional {@code <prefix>mean}: expectedCount = n * mean * pdf; NaN for
   *     none
   */
  public ZipfDistribution(long min, long max, double shape, double mean) {
    super(min, max, mean);
    this.shape = requireOpenUnit("Zipf shape", shape);
    this.harmonic = new Harmonic(shape);
    this.zetan = harmonic.value(n);
  }

  public double shape() {
    return shape;
  }

  @Override
  public double pdf(long id) {
    if (id < min || id >= max) {
      return 0;
    }
    return Math.pow(id - min + 1, -shape) / zetan;
  }

  @Override
  protected double cdfInRange(long id) {
    return harmonic.value(id - min + 1) / zetan;
  }

  @Override
  public long quantile(double p) {
    checkProbability(p);
    return settleQuantile(min - 1 + harmonic.rankEstimate(p * zetan, n), p);
  }

  @Override
  public double mean() {
    // E[rank] = sum k^(1-shape) / H(n): Euler-Maclaurin for the numerator, exact when small
    double s = 1 - shape;
    double num;
    if (n <= 100_000) {
      num = 0;
      for (long k = n; k >= 1; k--) {
        num += Math.pow(k, s);
      }
    } else {
      double a = Math.pow(n, s);
      num = (n * a - 1) / (s + 1) + (a + 1) / 2 + s * (a / n - 1) / 12;
    }
    return min - 1 + num / zetan;
  }
}
