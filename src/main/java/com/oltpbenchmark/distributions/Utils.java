package com.oltpbenchmark.distributions;

import java.util.concurrent.ThreadLocalRandom;

/** Hashing helpers (FNV-1a style, 64- and 32-bit) used to scramble generated values. */
public final class Utils {
  private static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
  private static final long FNV_PRIME_64 = 1099511628211L;
  private static final int FNV_OFFSET_BASIS_32 = 0x811C9DC5;
  private static final int FNV_PRIME_32 = 16777619;

  private Utils() {}

  public static java.util.Random random() {
    return ThreadLocalRandom.current();
  }

  /** A non-negative scrambled int. */
  public static int hash(int val) {
    return FNVhash32(val);
  }

  public static int FNVhash32(int val) {
    int hashval = FNV_OFFSET_BASIS_32;
    for (int i = 0; i < 4; i++) {
      int octet = val & 0xFF;
      val >>>= 8;
      hashval ^= octet;
      hashval *= FNV_PRIME_32;
    }
    return Math.abs(hashval);
  }

  public static long FNVhash64(long val) {
    long hashval = FNV_OFFSET_BASIS_64;
    for (int i = 0; i < 8; i++) {
      long octet = val & 0xFF;
      val >>>= 8;
      hashval ^= octet;
      hashval *= FNV_PRIME_64;
    }
    return Math.abs(hashval);
  }
}
