package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The fast Zipf quantile answers exactly what bisection on the same cdf answers. */
class ZipfQuantileTest {

  @Test
  void closedFormStartPlusSettlingEqualsBisection() {
    Random rng = new Random(3);
    long[][] ranges = {{1, 2}, {1, 50}, {0, 4096}, {1, 4098}, {1, 100_001}, {7, 10_000_007}};
    double[] shapes = {0.05, 0.5, 0.606, 0.8, 0.99};
    for (long[] r : ranges) {
      for (double shape : shapes) {
        ZipfDistribution z = new ZipfDistribution(r[0], r[1], shape);
        double[] fixed = {0.0, 1e-12, 0.5, 1 - 1e-12, 1.0};
        for (double p : fixed) {
          assertEquals(z.invertCdf(p), z.quantile(p), "n=" + (r[1] - r[0]) + " s=" + shape);
        }
        for (int i = 0; i < 2_000; i++) {
          double p = rng.nextDouble();
          assertEquals(
              z.invertCdf(p), z.quantile(p), "n=" + (r[1] - r[0]) + " s=" + shape + " p=" + p);
        }
      }
    }
  }
}
