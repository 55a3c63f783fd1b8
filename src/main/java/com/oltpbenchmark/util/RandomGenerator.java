package com.oltpbenchmark.util;

import java.util.Random;

/** java.util.Random with TPC-style helpers. */
public class RandomGenerator extends Random {
  private static final long serialVersionUID = 1L;

  public RandomGenerator(int seed) {
    super(seed);
  }

  /** Uniform in [min, max], both inclusive. */
  public int number(int min, int max) {
    if (max < min) {
      throw new IllegalArgumentException("max " + max + " < min " + min);
    }
    return (int) number((long) min, (long) max);
  }

  /** Uniform in [min, max], both inclusive. */
  public long number(long min, long max) {
    if (max < min) {
      throw new IllegalArgumentException("max " + max + " < min " + min);
    }
    long range = max - min + 1;
    if (range <= 0) {
      return min + (nextLong() & Long.MAX_VALUE) % (max - min);
    }
    return min + RandomDistribution.DiscreteRNG.nextLong(this, range);
  }

  /** Uniform value in [min, max] with {@code decimal_places} decimals. */
  public double fixedPoint(int decimal_places, double min, double max) {
    double mult = Math.pow(10, decimal_places);
    long lo = Math.round(min * mult);
    long hi = Math.round(max * mult);
    return number(lo, hi) / mult;
  }

  /** Random lower-case string with a length in [minLen, maxLen]. */
  public String astring(int minLen, int maxLen) {
    return randomString(minLen, maxLen, 'a', 26);
  }

  /** Random digit string with a length in [minLen, maxLen]. */
  public String nstring(int minLen, int maxLen) {
    return randomString(minLen, maxLen, '0', 10);
  }

  private String randomString(int minLen, int maxLen, char base, int count) {
    int len = number(minLen, maxLen);
    char[] chars = new char[len];
    for (int i = 0; i < len; i++) {
      chars[i] = (char) (base + nextInt(count));
    }
    return new String(chars);
  }
}
