package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The ProbabilityDistribution contract, checked on every implementation. */
class DistributionContractTest {

  static Stream<Arguments> distributions() {
    PiecewiseLinearDistribution piecewise =
        new PiecewiseLinearDistribution(
            new long[] {0, 1, 5, 20, 100}, new double[] {0.3, 0.5, 0.8, 0.95, 1.0});
    PiecewiseLinearDistribution steps =
        PiecewiseLinearDistribution.stepwise(
            new long[] {0, 2, 3, 40}, new double[] {0.5, 0.7, 0.9, 1.0});
    return Stream.of(
        Arguments.of("zipf small", new ZipfDistribution(1, 101, 0.8)),
        Arguments.of("zipf large", new ZipfDistribution(10, 2_000_010, 0.741)),
        Arguments.of("zipf with mean", new ZipfDistribution(0, 5000, 0.5, 2.0)),
        Arguments.of("geometric", new GeometricDistribution(1, 128, 0.382)),
        Arguments.of("geometric truncated", new GeometricDistribution(0, 5, 0.2)),
        Arguments.of("uniform", new UniformDistribution(5, 1005)),
        Arguments.of("lognormal link sizes", new LogNormalDistribution(0, 255, 8, 1)),
        Arguments.of("lognormal node sizes", new LogNormalDistribution(0, 1 << 20, 128, 1)),
        Arguments.of("piecewise linear", piecewise),
        Arguments.of("stepwise", steps),
        Arguments.of("real access", new RealAccessDistribution(1, 2001, steps)),
        Arguments.of(
            "fitted degree", new FittedDegreeDistribution(0.45, 0.05, 30, 2.0, 1.9, 1.66, 100_000)),
        Arguments.of(
            "fitted degree with hubs",
            new FittedDegreeDistribution(
                0.45, 0.02, 30, 2.0, 0.001, 3000, 1.0, 1.9, 1.66, 100_000)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("distributions")
  void cdfIsAMonotoneMapOntoZeroOne(String name, ProbabilityDistribution d) {
    assertEquals(0.0, d.cdf(d.min() - 1));
    assertEquals(1.0, d.cdf(d.max() - 1));
    assertEquals(1.0, d.cdf(d.max() + 10));
    double prev = 0;
    long step = Math.max(1, (d.max() - d.min()) / 5000);
    for (long id = d.min(); id < d.max(); id += step) {
      double c = d.cdf(id);
      assertTrue(c >= prev - 1e-12 && c <= 1, name + ": cdf(" + id + ") = " + c + " after " + prev);
      prev = c;
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("distributions")
  void pdfIsTheCdfDifference(String name, ProbabilityDistribution d) {
    assertEquals(0.0, d.pdf(d.min() - 1));
    assertEquals(0.0, d.pdf(d.max()));
    long end = Math.min(d.max(), d.min() + 300);
    for (long id = d.min(); id < end; id++) {
      double p = d.pdf(id);
      assertTrue(p >= 0 && p <= 1, name + ": pdf(" + id + ") = " + p);
      assertEquals(d.cdf(id) - d.cdf(id - 1), p, 1e-9, name + " at " + id);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("distributions")
  void quantileInvertsTheCdf(String name, ProbabilityDistribution d) {
    assertEquals(d.min(), d.quantile(0.0), name);
    Random rng = new Random(7);
    long prev = d.min();
    for (double p = 0.001; p < 1; p += 0.0137) {
      long q = d.quantile(p);
      assertTrue(q >= prev, name + ": quantile not monotone at " + p);
      assertTrue(d.cdf(q) >= p - 1e-12, name + ": cdf(quantile(" + p + ")) = " + d.cdf(q));
      assertTrue(
          q == d.min() || d.cdf(q - 1) < p,
          name + ": quantile(" + p + ") = " + q + " is not the smallest");
      prev = q;
    }
    for (int i = 0; i < 200; i++) {
      long id = d.min() + (long) (rng.nextDouble() * (d.max() - d.min()));
      if (d.pdf(id) > 1e-12) {
        assertEquals(id, d.quantile(d.cdf(id)), name + ": quantile(cdf(" + id + "))");
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("distributions")
  void samplesFollowThePdf(String name, ProbabilityDistribution d) {
    GoodnessOfFit.chiSquare(d, 100_000, 42);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("distributions")
  void sampleMeanMatchesMean(String name, ProbabilityDistribution d) {
    GoodnessOfFit.mean(d, 100_000, 4242);
  }
}
