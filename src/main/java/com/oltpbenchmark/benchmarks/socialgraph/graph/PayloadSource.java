package com.oltpbenchmark.benchmarks.socialgraph.graph;

import java.util.Random;

/**
 * Produces one payload (its length and its bytes) from the caller's random stream only, so the same
 * stream state always yields the same bytes.
 */
@FunctionalInterface
public interface PayloadSource {

  byte[] next(Random rng);
}
