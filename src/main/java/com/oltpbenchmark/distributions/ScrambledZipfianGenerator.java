package com.oltpbenchmark.distributions;

import java.util.Random;

/**
 * Zipfian popularity spread over [min, max] by hashing: popular items are scattered across the
 * range instead of clustered at min. Draws from its own unseeded Random (as upstream).
 */
public class ScrambledZipfianGenerator extends IntegerGenerator {
  private final ZipfianGenerator gen;
  private final long min;
  private final long itemcount;

  public ScrambledZipfianGenerator(long items) {
    this(0, items - 1);
  }

  public ScrambledZipfianGenerator(long min, long max) {
    this(min, max, ZipfianGenerator.ZIPFIAN_CONSTANT);
  }

  public ScrambledZipfianGenerator(long min, long max, double zipfianconstant) {
    this.min = min;
    this.itemcount = max - min + 1;
    this.gen = new ZipfianGenerator(new Random(), 0, itemcount - 1, zipfianconstant);
  }

  @Override
  public int nextInt() {
    return (int) nextLong();
  }

  public long nextLong() {
    long ret = gen.nextLong();
    ret = min + Utils.FNVhash64(ret) % itemcount;
    setLastInt((int) ret);
    return ret;
  }

  /** The scrambled distribution's mean is close to the middle of the range. */
  @Override
  public double mean() {
    return min + (itemcount - 1) / 2.0;
  }
}
