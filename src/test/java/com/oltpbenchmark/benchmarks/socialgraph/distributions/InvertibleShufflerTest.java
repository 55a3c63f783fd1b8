package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InvertibleShufflerTest {

  @Test
  void isABijectionWithItsInverse() {
    long[] seeds = {
      1, Distributions.CORRELATED_SEED, Distributions.UNCORRELATED_SEED, Distributions.NODE_SEED
    };
    int[] groups = {1, 7, 1024};
    long[] sizes = {1, 2, 10, 1023, 1024, 1025, 5000, 100_003};
    for (long seed : seeds) {
      for (int g : groups) {
        for (long n : sizes) {
          InvertibleShuffler s = new InvertibleShuffler(seed, g, n);
          BitSet seen = new BitSet((int) n);
          for (long i = 0; i < n; i++) {
            long j = s.permute(i);
            assertTrue(j >= 0 && j < n, "permute(" + i + ") = " + j);
            assertFalse(seen.get((int) j), "duplicate image " + j + " for n=" + n);
            seen.set((int) j);
            assertEquals(i, s.invertPermute(j));
            assertEquals(i % Math.min(g, n), j % Math.min(g, n), "residue class kept");
          }
        }
      }
    }
  }

  @Test
  void actuallyShuffles() {
    InvertibleShuffler s = new InvertibleShuffler(Distributions.CORRELATED_SEED, 1024, 1_000_000);
    int fixed = 0;
    for (long i = 0; i < 10_000; i++) {
      if (s.permute(i) == i) {
        fixed++;
      }
    }
    assertTrue(fixed < 100, "too many fixed points: " + fixed);
  }

  @Test
  void worksBeyondTwoToThe31() {
    // LinkBench cast n to int
    long n = (1L << 33) + 12345;
    InvertibleShuffler s = new InvertibleShuffler(Distributions.NODE_SEED, 1024, n);
    Random rng = new Random(9);
    for (int k = 0; k < 10_000; k++) {
      long i = (rng.nextLong() & Long.MAX_VALUE) % n;
      long j = s.permute(i);
      assertTrue(j >= 0 && j < n);
      assertEquals(i, s.invertPermute(j));
    }
    assertEquals(n - 1, s.invertPermute(s.permute(n - 1)));
  }
}
