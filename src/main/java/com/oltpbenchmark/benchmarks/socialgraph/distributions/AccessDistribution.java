package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Random;

/**
 * Chooses the id a request touches, in {@code [startId, endId)}. Unlike {@link
 * ProbabilityDistribution} an access distribution may keep per-caller state (the round-robin
 * cursor), so every worker builds its own instances and never shares them.
 */
public interface AccessDistribution {

  /** The next id, always within {@code [startId, endId)}. */
  long nextId(Random rng);
}
