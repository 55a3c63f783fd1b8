package com.oltpbenchmark.benchmarks.socialgraph.distributions;

/**
 * The standard normal cdf and its inverse, for the log-normal shapes.
 *
 * <p>Written here rather than taken from commons-math3 because upstream BenchBase does not ship
 * commons-math3, and the module must compile unchanged inside an upstream tree. The tests check
 * both functions against commons-math3.
 *
 * <p>erfc(x) is the regularised upper incomplete gamma function Q(1/2, x^2): a power series
 * converges fast below x^2 = 1.5 and a continued fraction (modified Lentz) above it, each to about
 * 1e-15 relative error.
 */
public final class StandardNormal {
  private static final double SQRT_PI = Math.sqrt(Math.PI);
  private static final double EPS = 1e-16;
  private static final double TINY = 1e-300;
  private static final int MAX_TERMS = 500;

  private StandardNormal() {}

  /** P(Z <= z). */
  public static double cdf(double z) {
    return 0.5 * erfc(-z / Math.sqrt(2));
  }

  /** The complementary error function, 1 - erf(x). */
  public static double erfc(double x) {
    if (Double.isNaN(x)) {
      return Double.NaN;
    }
    if (x < 0) {
      return 2 - erfc(-x);
    }
    double s = x * x;
    if (s < 1.5) {
      return 1 - erfSeries(x, s);
    }
    if (s > 750) {
      return 0; // below the smallest double
    }
    return Math.exp(-s) * x / SQRT_PI * upperGammaFraction(s);
  }

  /** erf(x) = P(1/2, x^2) by its series, for small x. */
  private static double erfSeries(double x, double s) {
    double a = 0.5;
    double term = 1 / a;
    double sum = term;
    for (int n = 1; n < MAX_TERMS; n++) {
      term *= s / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) {
        break;
      }
    }
    return sum * Math.exp(-s) * x / SQRT_PI;
  }

  /**
   * The continued fraction of Q(1/2, s), without the factor e^-s s^(1/2) / Gamma(1/2): 1 / (s + 1/2
   * - 1(1/2) / (s + 5/2 - 2(3/2) / (s + 9/2 - ...))).
   */
  private static double upperGammaFraction(double s) {
    double a = 0.5;
    double b = s + 1 - a;
    double c = 1 / TINY;
    double d = 1 / b;
    double h = d;
    for (int i = 1; i < MAX_TERMS; i++) {
      double an = -i * (i - a);
      b += 2;
      d = an * d + b;
      d = Math.abs(d) < TINY ? TINY : d;
      c = b + an / c;
      c = Math.abs(c) < TINY ? TINY : c;
      d = 1 / d;
      double step = d * c;
      h *= step;
      if (Math.abs(step - 1) < EPS) {
        break;
      }
    }
    return h;
  }

  /** The z with cdf(z) = p, for 0 < p < 1; infinities at 0 and 1. */
  public static double inverseCdf(double p) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("probability out of [0, 1]: " + p);
    }
    if (p == 0) {
      return Double.NEGATIVE_INFINITY;
    }
    if (p == 1) {
      return Double.POSITIVE_INFINITY;
    }
    // Work in the lower tail (q <= 1/2, z <= 0) and mirror. Start from the rational
    // approximation of Abramowitz & Stegun 26.2.23 (|error| < 4.5e-4), then polish with Newton
    // steps on ln cdf(z) - ln q, which is nearly linear in the tail.
    double q = Math.min(p, 1 - p);
    double t = Math.sqrt(-2 * Math.log(q));
    double z =
        -(t
            - (2.515517 + t * (0.802853 + t * 0.010328))
                / (1 + t * (1.432788 + t * (0.189269 + t * 0.001308))));
    double target = Math.log(q);
    for (int i = 0; i < 50; i++) {
      double c = cdf(z);
      double density = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
      if (c == 0 || density == 0) {
        break;
      }
      double step = (Math.log(c) - target) * c / density;
      z -= step;
      if (Math.abs(step) <= 1e-15 * Math.max(1, Math.abs(z))) {
        break;
      }
    }
    z = p < 0.5 ? z : -z;
    return z;
  }
}
