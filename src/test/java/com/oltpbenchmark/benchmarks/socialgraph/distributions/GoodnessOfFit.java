package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.stat.inference.ChiSquareTest;

/**
 * Chi-square test of a distribution's samples against its own pdf, bins merged to >= 20 expected.
 */
final class GoodnessOfFit {
  private GoodnessOfFit() {}

  /**
   * Draws {@code samples} values with a fixed seed and asserts the chi-square p-value is above
   * 0.001. Values are binned one per id while the expected count is large, then merged; the
   * expected counts come from cdf differences so huge ranges stay cheap.
   */
  static double chiSquare(ProbabilityDistribution d, int samples, long seed) {
    List<long[]> bins = new ArrayList<>(); // [lo, hi] inclusive
    List<Double> expected = new ArrayList<>();
    long lo = d.min();
    double prevCdf = 0;
    while (lo < d.max()) {
      // grow the bin until it expects >= 20 draws
      long hi = lo;
      double c = d.cdf(hi);
      long step = 1;
      while ((c - prevCdf) * samples < 20 && hi < d.max() - 1) {
        hi = Math.min(d.max() - 1, hi + step);
        c = d.cdf(hi);
        step *= 2;
      }
      bins.add(new long[] {lo, hi});
      expected.add((c - prevCdf) * samples);
      prevCdf = c;
      lo = hi + 1;
    }
    // fold a small last bin into its predecessor
    if (bins.size() > 1 && expected.get(expected.size() - 1) < 20) {
      int last = bins.size() - 1;
      bins.get(last - 1)[1] = bins.get(last)[1];
      expected.set(last - 1, expected.get(last - 1) + expected.get(last));
      bins.remove(last);
      expected.remove(last);
    }
    long[] observed = new long[bins.size()];
    Random rng = new Random(seed);
    long[] his = new long[bins.size()];
    for (int i = 0; i < his.length; i++) {
      his[i] = bins.get(i)[1];
    }
    for (int s = 0; s < samples; s++) {
      long x = d.choose(rng);
      assertTrue(
          x >= d.min() && x < d.max(), "draw " + x + " outside [" + d.min() + ", " + d.max() + ")");
      int idx = java.util.Arrays.binarySearch(his, x);
      observed[idx >= 0 ? idx : -idx - 1]++;
    }
    double[] exp = new double[expected.size()];
    for (int i = 0; i < exp.length; i++) {
      exp[i] = Math.max(1e-9, expected.get(i));
    }
    if (exp.length < 2) {
      return 1.0;
    }
    double p = new ChiSquareTest().chiSquareTest(exp, observed);
    assertTrue(
        p > 0.001,
        d.getClass().getSimpleName()
            + ": chi-square p-value "
            + p
            + " over "
            + exp.length
            + " bins");
    return p;
  }

  /** Sample mean within 5 standard errors of {@code mean()}, the sd estimated from the samples. */
  static void mean(ProbabilityDistribution d, int samples, long seed) {
    Random rng = new Random(seed);
    double sum = 0;
    double sq = 0;
    for (int i = 0; i < samples; i++) {
      double x = d.choose(rng);
      sum += x;
      sq += x * x;
    }
    double m = sum / samples;
    double sd = Math.sqrt(Math.max(0, sq / samples - m * m));
    double se = sd / Math.sqrt(samples);
    assertTrue(
        Math.abs(m - d.mean()) <= 5 * se + 1e-9 * Math.abs(d.mean()),
        d.getClass().getSimpleName()
            + ": sample mean "
            + m
            + " vs mean() "
            + d.mean()
            + " (se "
            + se
            + ")");
  }
}
