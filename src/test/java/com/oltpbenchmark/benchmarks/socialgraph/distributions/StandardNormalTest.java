package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.special.Erf;
import org.junit.jupiter.api.Test;

/** The module's own normal cdf and inverse against commons-math3 (a test-only dependency here). */
class StandardNormalTest {

  private static final NormalDistribution REFERENCE = new NormalDistribution(null, 0, 1);

  @Test
  void erfcMatchesCommonsMathToRelativePrecision() {
    for (double x = -6; x <= 26; x += 0.0137) {
      double expected = Erf.erfc(x);
      double actual = StandardNormal.erfc(x);
      double tolerance = Math.max(1e-12 * expected, 1e-300);
      assertEquals(expected, actual, tolerance, "erfc(" + x + ")");
    }
    assertEquals(1.0, StandardNormal.erfc(0), 0);
    assertEquals(0.0, StandardNormal.erfc(40), 0);
    assertEquals(2.0, StandardNormal.erfc(-40), 0);
  }

  @Test
  void cdfMatchesCommonsMath() {
    for (double z = -37; z <= 9; z += 0.011) {
      double expected = REFERENCE.cumulativeProbability(z);
      assertEquals(
          expected, StandardNormal.cdf(z), Math.max(1e-12 * expected, 1e-300), "cdf(" + z + ")");
    }
  }

  @Test
  void inverseCdfInvertsTheCdf() {
    for (double p : new double[] {1e-6, 0.001, 0.02, 0.3, 0.5, 0.77, 0.999, 1 - 1e-9}) {
      double z = StandardNormal.inverseCdf(p);
      assertEquals(
          REFERENCE.inverseCumulativeProbability(p),
          z,
          1e-9 * Math.max(1, Math.abs(z)),
          "inverseCdf(" + p + ")");
    }
    // far tails, where commons-math3's inverse is inexact: the reference cdf of our answer is p
    for (double p : new double[] {1e-300, 1e-100, 1e-30, 1e-12}) {
      double z = StandardNormal.inverseCdf(p);
      assertEquals(p, REFERENCE.cumulativeProbability(z), 1e-9 * p, "cdf(inverseCdf(" + p + "))");
    }
    assertEquals(Double.NEGATIVE_INFINITY, StandardNormal.inverseCdf(0));
    assertEquals(Double.POSITIVE_INFINITY, StandardNormal.inverseCdf(1));
    assertThrows(IllegalArgumentException.class, () -> StandardNormal.inverseCdf(1.5));
  }
}
