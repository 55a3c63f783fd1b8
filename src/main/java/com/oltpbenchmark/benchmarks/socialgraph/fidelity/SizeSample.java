package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import java.util.Arrays;
import java.util.Random;

/**
 * Payload sizes drawn by one generator: exact count and mean, and the median of a uniform reservoir
 * sample (bounded memory whatever the run length).
 */
final class SizeSample {
  static final int RESERVOIR = 4096;

  private final int[] reservoir = new int[RESERVOIR];
  private final Random random = new Random(1);
  private long count;
  private long sum;

  synchronized void add(int bytes) {
    if (count < RESERVOIR) {
      reservoir[(int) count] = bytes;
    } else {
      long slot = (long) (random.nextDouble() * (count + 1));
      if (slot < RESERVOIR) {
        reservoir[(int) slot] = bytes;
      }
    }
    count++;
    sum += bytes;
  }

  synchronized long count() {
    return count;
  }

  synchronized double mean() {
    return count == 0 ? Double.NaN : (double) sum / count;
  }

  synchronized double median() {
    int n = (int) Math.min(count, RESERVOIR);
    if (n == 0) {
      return Double.NaN;
    }
    int[] s = Arrays.copyOf(reservoir, n);
    Arrays.sort(s);
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
  }
}
