package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.Arrays;
import java.util.Random;

/**
 * A discrete distribution over indices 0..n-1 with probabilities proportional to non-negative
 * weights (TAOBench's only distribution form). A zero weight is never drawn.
 */
public final class WeightedChoice {

  private final double[] weights;
  private final double[] cumulative;
  private final double total;

  /**
   * @param weights non-negative, finite, at least one positive
   * @param what names the distribution in error messages
   */
  public WeightedChoice(double[] weights, String what) {
    if (weights == null || weights.length == 0) {
      throw new IllegalArgumentException(what + ": no weights");
    }
    this.weights = weights.clone();
    this.cumulative = new double[weights.length];
    double sum = 0;
    for (int i = 0; i < weights.length; i++) {
      double w = weights[i];
      if (!(w >= 0) || Double.isInfinite(w)) {
        throw new IllegalArgumentException(
            what + ": weight " + i + " is " + w + " (weights must be finite and non-negative)");
      }
      sum += w;
      cumulative[i] = sum;
    }
    if (sum <= 0) {
      throw new IllegalArgumentException(what + ": all weights are zero");
    }
    this.total = sum;
  }

  public int size() {
    return weights.length;
  }

  /** Probability of index i. */
  public double probability(int i) {
    return weights[i] / total;
  }

  public double[] probabilities() {
    double[] p = new double[weights.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = weights[i] / total;
    }
    return p;
  }

  public int sample(Random rng) {
    double u = rng.nextDouble() * total;
    int i = Arrays.binarySearch(cumulative, u);
    i = i >= 0 ? i + 1 : -i - 1;
    // u == total is impossible (nextDouble < 1) but rounding could land on the end; skip trailing
    // zero weights so that a zero-weight index is never returned.
    if (i >= cumulative.length) {
      i = cumulative.length - 1;
    }
    while (weights[i] == 0) {
      i--;
    }
    return i;
  }
}
