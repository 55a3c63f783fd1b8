package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The key-skew fit and the payload-size sample behind the report's fidelity section. */
class KeyCountsTest {
  /** Draws ids 1..n with P(rank r) ~ r^-shape, ranks scattered over the ids like LinkBench's. */
  private static KeyCounts zipf(double shape, int n, int draws, long seed) {
    double[] cumulative = new double[n];
    double sum = 0;
    for (int r = 0; r < n; r++) {
      sum += Math.pow(r + 1, -shape);
      cumulative[r] = sum;
    }
    Random rng = new Random(seed);
    KeyCounts k = new KeyCounts();
    for (int i = 0; i < draws; i++) {
      int r = Arrays.binarySearch(cumulative, rng.nextDouble() * sum);
      int rank = r >= 0 ? r : -r - 1;
      k.add((rank * 7919L) % n + 1);
    }
    return k;
  }

  @Test
  void fitsTheShapeOfAZipfStream() {
    for (double shape : new double[] {0.606, 0.8}) {
      KeyCounts k = zipf(shape, 10_000, 200_000, 11);
      assertEquals(shape, k.fittedShape(), 0.08, "Zipf " + shape);
      assertEquals(200_000, k.draws());
    }
  }

  @Test
  void aUniformStreamFitsNearZero() {
    KeyCounts k = zipf(0.0, 10_000, 200_000, 12);
    assertTrue(Math.abs(k.fittedShape()) < 0.15, "uniform: " + k.fittedShape());
  }

  @Test
  void tooFewDrawsGiveNoFitAndMemoryIsBounded() {
    KeyCounts few = zipf(0.8, 10_000, 50, 13);
    assertTrue(Double.isNaN(few.fittedShape()), "50 draws cannot be fitted");
    KeyCounts many = new KeyCounts();
    for (long id = 0; id < KeyCounts.MAX_KEYS + 10_000; id++) {
      many.add(id);
    }
    assertEquals(KeyCounts.MAX_KEYS, many.distinctTracked());
    assertEquals(KeyCounts.MAX_KEYS + 10_000, many.draws(), "every draw counts in the total");
  }

  @Test
  void countsFromSeveralThreadsAreMergedWithinOneBound() throws Exception {
    KeyCounts k = new KeyCounts();
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      long seed = 20 + t;
      threads[t] =
          new Thread(
              () -> {
                Random rng = new Random(seed);
                double[] cumulative = new double[10_000];
                double sum = 0;
                for (int r = 0; r < cumulative.length; r++) {
                  sum += Math.pow(r + 1, -0.8);
                  cumulative[r] = sum;
                }
                for (int i = 0; i < 100_000; i++) {
                  int r = Arrays.binarySearch(cumulative, rng.nextDouble() * sum);
                  int rank = r >= 0 ? r : -r - 1;
                  k.add((rank * 7919L) % 10_000 + 1);
                }
              });
      threads[t].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(400_000, k.draws(), "every thread's draws count");
    assertTrue(k.distinctTracked() <= KeyCounts.MAX_KEYS);
    assertEquals(0.8, k.fittedShape(), 0.08);
    // the same keys from four threads: merged, not tracked four times over
    assertTrue(k.distinctTracked() <= 10_000, "distinct " + k.distinctTracked());
  }

  @Test
  void aKeyCountedOnOneThreadIsCountedOnEveryThreadOnceTheBoundIsReached() throws Exception {
    KeyCounts k = new KeyCounts();
    Thread first =
        new Thread(
            () -> {
              for (int i = 0; i < 100; i++) {
                k.add(1);
              }
              for (long id = 1_000; id < 1_000 + KeyCounts.MAX_KEYS; id++) {
                k.add(id);
              }
            });
    first.start();
    first.join();
    Thread late =
        new Thread(
            () -> {
              for (int i = 0; i < 100; i++) {
                k.add(1);
                k.add(-1);
              }
            });
    late.start();
    late.join();
    assertEquals(200, k.count(1), "the late thread's draws of a counted key count");
    assertEquals(0, k.count(-1), "a key first drawn after the bound is not counted");
    assertEquals(KeyCounts.MAX_KEYS, k.distinctTracked());
    assertEquals(100 + KeyCounts.MAX_KEYS + 200, k.draws());
  }

  @Test
  void sizeSampleHasExactMeanAndReservoirMedian() {
    SizeSample s = new SizeSample();
    for (int i = 1; i <= 101; i++) {
      s.add(i);
    }
    assertEquals(51.0, s.median());
    assertEquals(51.0, s.mean(), 1e-9);
    SizeSample big = new SizeSample();
    Random rng = new Random(3);
    for (int i = 0; i < 100_000; i++) {
      big.add(rng.nextInt(1001));
    }
    assertEquals(100_000, big.count());
    assertEquals(500, big.median(), 30, "median of a 4096-sample reservoir");
  }
}
