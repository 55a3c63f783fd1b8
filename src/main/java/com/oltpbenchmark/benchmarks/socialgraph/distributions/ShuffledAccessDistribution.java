package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Random;

/** Draws a popularity rank and maps it to an id through a permutation of the id range. */
public final class ShuffledAccessDistribution implements AccessDistribution {
  private final ProbabilityDistribution ranks;
  private final InvertibleShuffler shuffler;

  public ShuffledAccessDistribution(ProbabilityDistribution ranks, InvertibleShuffler shuffler) {
    if (shuffler.size() != ranks.max() - ranks.min()) {
      throw new IllegalArgumentException(
          "shuffler size " + shuffler.size() + " differs from the rank range");
    }
    this.ranks = ranks;
    this.shuffler = shuffler;
  }

  @Override
  public long nextId(Random rng) {
    long rank = ranks.choose(rng);
    return ranks.min() + shuffler.permute(rank - ranks.min());
  }

  public ProbabilityDistribution ranks() {
    return ranks;
  }
}
