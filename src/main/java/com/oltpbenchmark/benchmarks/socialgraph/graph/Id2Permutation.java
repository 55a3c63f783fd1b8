package com.oltpbenchmark.benchmarks.socialgraph.graph;

/**
 * A bijection of {@code [0, range)} of the form {@code j -> (offset + j * step) mod range} with
 * {@code step} coprime to {@code range}: the first {@code n} images are {@code n} distinct id2s,
 * and the inverse tells in O(1) whether an id2 is one of them. {@code range} is below 2^31, so
 * every product fits in a long.
 */
final class Id2Permutation {

  private final long range;
  private final long offset;
  private final long step;
  private final long inverseStep;

  Id2Permutation(long range, StreamRandom rng) {
    if (range <= 0 || range > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("id2 range must be in [1, 2^31), got " + range);
    }
    this.range = range;
    this.offset = rng.nextInt((int) range);
    long s;
    do {
      s = 1 + (range == 1 ? 0 : rng.nextInt((int) range - 1));
    } while (gcd(s, range) != 1);
    this.step = s % range;
    this.inverseStep = range == 1 ? 0 : modInverse(step, range);
  }

  long apply(long j) {
    return (offset + (j % range) * step) % range;
  }

  /** The j with {@code apply(j) == value}, for value in [0, range); -1 outside the range. */
  long inverse(long value) {
    if (value < 0 || value >= range) {
      return -1;
    }
    return ((value - offset + range) % range) * inverseStep % range;
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  private static long modInverse(long a, long m) {
    long oldR = a;
    long r = m;
    long oldS = 1;
    long s = 0;
    while (r != 0) {
      long q = oldR / r;
      long t = oldR - q * r;
      oldR = r;
      r = t;
      t = oldS - q * s;
      oldS = s;
      s = t;
    }
    return ((oldS % m) + m) % m;
  }
}
