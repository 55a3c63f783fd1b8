package com.oltpbenchmark.benchmarks.socialgraph.payload;

import java.util.Random;

/** Fills a payload buffer with bytes drawn from the caller's random stream. Thread-safe. */
public interface DataGenerator {

  void fill(Random rng, byte[] data);
}
