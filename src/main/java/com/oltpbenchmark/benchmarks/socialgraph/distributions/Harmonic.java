package com.oltpbenchmark.benchmarks.socialgraph.distributions;

/**
 * Generalized harmonic numbers {@code H(k, s) = sum_{i=1..k} i^-s} for s in (0, 1), the normaliser
 * of {@link ZipfDistribution}. Small k are summed exactly; large k use the Euler-Maclaurin
 * expansion around a constant calibrated once against an exact sum, which is accurate to about
 * 1e-12 relative, so a Zipf cdf built on it can be inverted exactly (LinkBench's "ApproxHarmonic"
 * was only good to 0.05%).
 */
final class Harmonic {
  private static final int EXACT_LIMIT = 4096;

  private final double s;
  private final double[] prefix; // prefix[k] = H(k, s), k <= EXACT_LIMIT
  private final double constant; // H(k, s) - tail(k), i.e. zeta(s) continued to (0, 1)

  Harmonic(double s) {
    this.s = AbstractDistribution.requireOpenUnit("harmonic exponent", s);
    prefix = new double[EXACT_LIMIT + 1];
    // sum smallest terms first for precision
    double sum = 0;
    double[] terms = new double[EXACT_LIMIT + 1];
    for (int i = 1; i <= EXACT_LIMIT; i++) {
      terms[i] = Math.pow(i, -s);
    }
    for (int i = 1; i <= EXACT_LIMIT; i++) {
      sum += terms[i];
      prefix[i] = sum;
    }
    constant = prefix[EXACT_LIMIT] - expansion(EXACT_LIMIT);
  }

  private double expansion(double k) {
    double ks = Math.pow(k, -s);
    return k * ks / (1 - s)
        + ks / 2
        - s * ks / (12 * k)
        + s * (s + 1) * (s + 2) * ks / (720 * k * k * k);
  }

  /** H(k, s); 0 for k <= 0. */
  double value(long k) {
    if (k <= 0) {
      return 0;
    }
    if (k <= EXACT_LIMIT) {
      return prefix[(int) k];
    }
    return constant + expansion(k);
  }

  /**
   * A k in [1, limit] close to the smallest with {@code value(k) >= target}: exact from the table
   * of small sums, else the expansion's leading terms inverted (off by a rank or two at most).
   */
  long rankEstimate(double target, long limit) {
    int exact = (int) Math.min(limit, EXACT_LIMIT);
    if (target <= prefix[exact]) {
      return AbstractDistribution.firstAtLeast(prefix, 1, exact, target);
    }
    double k = Math.pow((target - constant) * (1 - s), 1 / (1 - s));
    return Math.max(exact + 1L, Math.min(limit, (long) Math.ceil(k)));
  }

  /** Exact sum, slow: for tests. */
  static double exact(long k, double s) {
    double sum = 0;
    for (long i = k; i >= 1; i--) {
      sum += Math.pow(i, -s);
    }
    return sum;
  }
}
