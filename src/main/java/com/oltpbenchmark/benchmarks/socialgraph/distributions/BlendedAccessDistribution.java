package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Random;

/**
 * LinkBench's uncorrelated blend: with probability {@code uncorrelatedPercent / 100} the id comes
 * from the uncorrelated distribution, else from the correlated one (whose hot ids are the ids with
 * the most links). One {@code nextDouble} decides, when the percentage is positive.
 */
public final class BlendedAccessDistribution implements AccessDistribution {
  private final AccessDistribution correlated;
  private final AccessDistribution uncorrelated;
  private final double uncorrelatedPercent;

  public BlendedAccessDistribution(
      AccessDistribution correlated, AccessDistribution uncorrelated, double uncorrelatedPercent) {
    if (!(uncorrelatedPercent >= 0 && uncorrelatedPercent <= 100)) {
      throw new IllegalArgumentException("blend must be a percentage, got " + uncorrelatedPercent);
    }
    this.correlated = correlated;
    this.uncorrelated = uncorrelated;
    this.uncorrelatedPercent = uncorrelatedPercent;
  }

  @Override
  public long nextId(Random rng) {
    if (uncorrelatedPercent > 0 && rng.nextDouble() * 100 < uncorrelatedPercent) {
      return uncorrelated.nextId(rng);
    }
    return correlated.nextId(rng);
  }
}
