package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import java.util.Collection;

/**
 * A read-only set of longs as one open-addressing array (linear probing, at most half full), for
 * membership tests on a hot path without boxing. Slot 0 of the array says whether the key 0 is in
 * the set (0 marks an empty slot everywhere else).
 */
final class PrimitiveKeySet {

  private PrimitiveKeySet() {}

  static long[] of(Collection<Long> keys) {
    int slots = Integer.highestOneBit(Math.max(2, keys.size()) * 4 - 1);
    long[] t = new long[slots + 1];
    int mask = slots - 1;
    for (long k : keys) {
      if (k == 0) {
        t[0] = 1;
        continue;
      }
      int i = mix(k) & mask;
      while (t[1 + i] != 0 && t[1 + i] != k) {
        i = (i + 1) & mask;
      }
      t[1 + i] = k;
    }
    return t;
  }

  static boolean contains(long[] t, long key) {
    if (key == 0) {
      return t[0] != 0;
    }
    int mask = t.length - 2;
    int i = mix(key) & mask;
    while (true) {
      long k = t[1 + i];
      if (k == key) {
        return true;
      }
      if (k == 0) {
        return false;
      }
      i = (i + 1) & mask;
    }
  }

  /** MurmurHash3's 64-bit finaliser: sequential ids spread over the table. */
  private static int mix(long key) {
    long z = key;
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return (int) (z ^ (z >>> 33));
  }
}
