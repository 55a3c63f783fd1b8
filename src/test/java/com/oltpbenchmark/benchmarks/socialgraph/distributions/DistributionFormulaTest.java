package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

/** Each distribution against its defining formula, computed independently of the class. */
class DistributionFormulaTest {

  @Test
  void harmonicNumbersMatchExactSums() {
    for (double s : new double[] {0.01, 0.1, 0.5, 0.741, 0.9, 0.99}) {
      Harmonic h = new Harmonic(s);
      for (long k : new long[] {1, 2, 17, 4096, 4097, 10_000, 123_457, 1_000_000}) {
        double exact = Harmonic.exact(k, s);
        assertEquals(exact, h.value(k), exact * 1e-11, "H(" + k + ", " + s + ")");
      }
    }
  }

  @Test
  void zipfPdfIsThePowerLawOverRanks() {
    ZipfDistribution z = new ZipfDistribution(1, 1001, 0.8);
    double norm = Harmonic.exact(1000, 0.8);
    assertEquals(1 / norm, z.pdf(1), 1e-12);
    assertEquals(Math.pow(10, -0.8) / norm, z.pdf(10), 1e-12);
    assertEquals(Harmonic.exact(37, 0.8) / norm, z.cdf(37), 1e-12);
    // the hottest ranks take the share the formula says: p(first 10) = H(10)/H(1000)
    Random rng = new Random(1);
    int hits = 0;
    int draws = 200_000;
    for (int i = 0; i < draws; i++) {
      if (z.choose(rng) <= 10) {
        hits++;
      }
    }
    double p = Harmonic.exact(10, 0.8) / norm;
    assertEquals(p, (double) hits / draws, 5 * Math.sqrt(p * (1 - p) / draws));
  }

  @Test
  void geometricMatchesLinkBenchValues() {
    GeometricDistribution g = new GeometricDistribution(1, 1000, 0.3);
    assertEquals(0.3, g.cdf(1), 1e-12);
    assertEquals(0.51, g.cdf(2), 1e-12);
    assertEquals(0.657, g.cdf(3), 1e-12);
    assertEquals(0.3, g.pdf(1), 1e-12);
    assertEquals(0.21, g.pdf(2), 1e-12);
    assertEquals(0.147, g.pdf(3), 1e-12);
    // LinkBench's off-by-one fixed: min is returned with probability prob, not never
    assertEquals(1, g.quantile(0.2));
    assertEquals(2, g.quantile(0.4));
  }

  @Test
  void multigetSizeAveragesLinkBenchsIntendedMean() {
    // LinkBench's comment: prob 0.382 approximates a real mean of about 2.6 (it produced 3.6)
    GeometricDistribution g = new GeometricDistribution(1, 128, 0.382);
    assertEquals(1 / 0.382, g.mean(), 1e-6);
    GoodnessOfFit.mean(g, 200_000, 11);
  }

  @Test
  void logNormalCdfIsTheContinuousCdfAtHalfIntegers() {
    LogNormalDistribution ref = new LogNormalDistribution(Math.log(100), 1);
    var d =
        new com.oltpbenchmark.benchmarks.socialgraph.distributions.LogNormalDistribution(
            0, 100_000, 100, 1);
    for (long k : new long[] {0, 1, 16, 64, 100, 128, 512, 5000}) {
      assertEquals(ref.cumulativeProbability(k + 0.5), d.cdf(k), 1e-9, "cdf(" + k + ")");
    }
    // LinkBench's reference points (continuous cdf): cdf(16) = 0.0334, cdf(512) = 0.9488
    assertEquals(0.0334, ref.cumulativeProbability(16), 1e-4);
    assertEquals(0.9488, ref.cumulativeProbability(512), 1e-4);
    assertEquals(100, d.quantile(0.5));
  }

  @Test
  void logNormalUnroundedDrawsPassKolmogorovSmirnov() {
    // the continuous law behind choose(): log of the draws (before rounding) is N(ln median, sigma)
    LogNormalDistribution ref = new LogNormalDistribution(Math.log(128), 1);
    var d =
        new com.oltpbenchmark.benchmarks.socialgraph.distributions.LogNormalDistribution(
            0, 1 << 20, 128, 1);
    Random rng = new Random(5);
    double[] xs = new double[20_000];
    for (int i = 0; i < xs.length; i++) {
      // jitter the rounded draw inside its rounding interval: then it is continuous log-normal
      xs[i] = d.choose(rng) - 0.5 + rng.nextDouble();
    }
    double p = new KolmogorovSmirnovTest().kolmogorovSmirnovTest(ref, xs);
    assertTrue(p > 0.001, "KS p-value " + p);
  }

  @Test
  void uniformOverHugeRangesKeepsTheOffset() {
    long min = 5_000_000_000L;
    long max = min + (1L << 33);
    UniformDistribution u = new UniformDistribution(min, max);
    Random rng = new Random(3);
    double[] xs = new double[10_000];
    for (int i = 0; i < xs.length; i++) {
      long x = u.choose(rng);
      assertTrue(x >= min && x < max, "draw " + x);
      xs[i] = (double) (x - min) / (max - min);
    }
    double p =
        new KolmogorovSmirnovTest()
            .kolmogorovSmirnovTest(
                new org.apache.commons.math3.distribution.UniformRealDistribution(0, 1), xs);
    assertTrue(p > 0.001, "KS p-value " + p);
  }

  @Test
  void piecewiseLinearInterpolatesAndStepwiseDoesNot() {
    PiecewiseLinearDistribution lin =
        new PiecewiseLinearDistribution(new long[] {0, 10}, new double[] {0.0, 1.0});
    assertEquals(0.5, lin.cdf(5), 1e-12);
    assertEquals(0.1, lin.pdf(1), 1e-12);
    assertEquals(5.5, lin.mean(), 1e-12); // uniform on 1..10
    PiecewiseLinearDistribution step =
        PiecewiseLinearDistribution.stepwise(new long[] {0, 10}, new double[] {0.5, 1.0});
    assertEquals(0.5, step.cdf(9), 1e-12);
    assertEquals(0.5, step.pdf(10), 1e-12);
    assertEquals(5.0, step.mean(), 1e-12);
    // LinkBench's lookup table [(0,0),(1,.5),(2,1)]: 0.0->0, 0.001->1, 0.5->1, 0.50001->2, 1.0->2
    PiecewiseLinearDistribution lb =
        PiecewiseLinearDistribution.stepwise(new long[] {0, 1, 2}, new double[] {0, 0.5, 1});
    assertEquals(0, lb.quantile(0.0));
    assertEquals(1, lb.quantile(0.001));
    assertEquals(1, lb.quantile(0.5));
    assertEquals(2, lb.quantile(0.50001));
    assertEquals(2, lb.quantile(1.0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new PiecewiseLinearDistribution(new long[] {1, 1}, new double[] {0.5, 1}));
    assertThrows(
        IllegalArgumentException.class,
        () -> new PiecewiseLinearDistribution(new long[] {1, 2}, new double[] {0.5, 0.9}));
  }

  @Test
  void realAccessWeightsRanksByTheirCount() {
    // half the ids are read 0 times, a quarter 1 time, a quarter 3 times
    PiecewiseLinearDistribution reads =
        PiecewiseLinearDistribution.stepwise(new long[] {0, 1, 3}, new double[] {0.5, 0.75, 1});
    RealAccessDistribution d = new RealAccessDistribution(100, 200, reads);
    // ranks 0..24 count 3, 25..49 count 1, 50..99 count 0; total weight 100
    assertEquals(3 / 100.0, d.pdf(100), 1e-12);
    assertEquals(1 / 100.0, d.pdf(130), 1e-12);
    assertEquals(0.0, d.pdf(160), 1e-12);
    assertEquals(0.75, d.cdf(124), 1e-12);
  }

  @Test
  void fittedDegreeMixesZeroBodyAndTail() {
    FittedDegreeDistribution f = new FittedDegreeDistribution(0.4, 0.1, 30, 2.0, 2.0, 1.5, 1000);
    assertEquals(0.4, f.cdf(0), 1e-12);
    double tail =
        new org.apache.commons.math3.distribution.NormalDistribution()
            .cumulativeProbability((Math.log(10.5) - Math.log(30)) / 2.0);
    double body = Math.pow(1 + 10 / 1.5, -2.0);
    assertEquals(1 - 0.6 * (0.1 * (1 - tail) + 0.9 * body), f.cdf(10), 1e-12);
    assertEquals(1.0, f.cdf(1000), 0);
  }

  @Test
  void fittedDegreeAddsTheHubComponent() {
    FittedDegreeDistribution f =
        new FittedDegreeDistribution(0.4, 0.1, 30, 2.0, 0.05, 500, 0.5, 2.0, 1.5, 10_000);
    org.apache.commons.math3.distribution.NormalDistribution z =
        new org.apache.commons.math3.distribution.NormalDistribution();
    for (int k : new int[] {10, 400, 2000}) {
      double tail = z.cumulativeProbability((Math.log(k + 0.5) - Math.log(30)) / 2.0);
      double hub = z.cumulativeProbability((Math.log(k + 0.5) - Math.log(500)) / 0.5);
      double body = Math.pow(1 + k / 1.5, -2.0);
      assertEquals(1 - 0.6 * (0.1 * (1 - tail) + 0.05 * (1 - hub) + 0.85 * body), f.cdf(k), 1e-12);
    }
  }
}
