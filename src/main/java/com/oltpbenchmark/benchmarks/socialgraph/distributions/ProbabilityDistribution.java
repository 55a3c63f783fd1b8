package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Random;

/**
 * A discrete distribution over the integers {@code [min, max)}, ranked by popularity: {@code min}
 * is the most likely value (LinkBench's ProbabilityDistribution contract). Instances are immutable
 * and thread-safe; all randomness comes from the {@link Random} the caller passes, so a sequence of
 * draws is reproducible from the caller's seed. Construction plays the role of LinkBench's {@code
 * init(min, max, props, prefix)}: see {@link Distributions#create}.
 */
public interface ProbabilityDistribution {

  /** Smallest value (inclusive). */
  long min();

  /** End of the range (exclusive). */
  long max();

  /** P(X = id); 0 outside {@code [min, max)}. */
  double pdf(long id);

  /**
   * The pdf scaled by the distribution's {@code mean} parameter: {@code n * mean * pdf(id)} when a
   * mean was configured, else {@code pdf(id)}. LinkBench uses this as "links per id" when a
   * distribution class drives the out-degree.
   */
  double expectedCount(long id);

  /** P(X <= id); 0 below the range and 1 at or above {@code max - 1}. */
  double cdf(long id);

  /** The smallest id with {@code cdf(id) >= p}, for p in [0, 1]. */
  long quantile(double p);

  /** One draw. */
  long choose(Random rng);

  /** E[X]. */
  double mean();
}
