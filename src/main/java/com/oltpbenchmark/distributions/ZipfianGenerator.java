package com.oltpbenchmark.distributions;

import java.util.Random;

/**
 * Zipfian over [min, max] (inclusive): item min is the most popular. Uses the closed-form
 * approximation of Gray et al. (SIGMOD 1994) with a precomputed zeta(n, theta), which is recomputed
 * incrementally when the item count grows.
 */
public class ZipfianGenerator extends IntegerGenerator {
  public static final double ZIPFIAN_CONSTANT = 0.99;

  private final Random rng;
  private final long base;
  private final double zipfianconstant;
  private final double theta;
  private final double zeta2theta;
  private final double alpha;
  private long items;
  private long countforzeta;
  private double zetan;
  private double eta;

  public ZipfianGenerator(Random rng, long items) {
    this(rng, 0, items - 1);
  }

  public ZipfianGenerator(Random rng, long min, long max) {
    this(rng, min, max, ZIPFIAN_CONSTANT);
  }

  public ZipfianGenerator(Random rng, long items, double zipfianconstant) {
    this(rng, 0, items - 1, zipfianconstant);
  }

  public ZipfianGenerator(Random rng, long min, long max, double zipfianconstant) {
    this(rng, min, max, zipfianconstant, zeta(max - min + 1, zipfianconstant));
  }

  public ZipfianGenerator(Random rng, long min, long max, double zipfianconstant, double zetan) {
    if (max < min) {
      throw new IllegalArgumentException("max " + max + " < min " + min);
    }
    this.rng = rng;
    this.base = min;
    this.items = max - min + 1;
    this.zipfianconstant = zipfianconstant;
    this.theta = zipfianconstant;
    this.zeta2theta = zeta(2, theta);
    this.alpha = 1.0 / (1.0 - theta);
    this.zetan = zetan;
    this.countforzeta = items;
    this.eta = eta(items);
    nextInt();
  }

  private double eta(long n) {
    return (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2theta / zetan);
  }

  /** zeta(n, theta) = sum over i = 1..n of 1 / i^theta. */
  static double zeta(long n, double theta) {
    return zeta(0, n, theta, 0);
  }

  private static double zeta(long st, long n, double theta, double initialsum) {
    double sum = initialsum;
    for (long i = st; i < n; i++) {
      sum += 1 / Math.pow(i + 1, theta);
    }
    return sum;
  }

  public double getZipfianConstant() {
    return zipfianconstant;
  }

  @Override
  public int nextInt() {
    return (int) nextLong(items);
  }

  public int nextInt(int itemcount) {
    return (int) nextLong(itemcount);
  }

  public long nextLong() {
    return nextLong(items);
  }

  /** A value in [min, min + itemcount - 1]; a larger itemcount extends zeta incrementally. */
  public synchronized long nextLong(long itemcount) {
    if (itemcount != countforzeta) {
      if (itemcount > countforzeta) {
        zetan = zeta(countforzeta, itemcount, theta, zetan);
      } else {
        zetan = zeta(itemcount, theta);
      }
      countforzeta = itemcount;
      eta = eta(itemcount);
    }
    double u = rng.nextDouble();
    double uz = u * zetan;
    long ret;
    if (uz < 1.0) {
      ret = base;
    } else if (uz < 1.0 + Math.pow(0.5, theta)) {
      ret = base + 1;
    } else {
      ret = base + (long) (itemcount * Math.pow(eta * u - eta + 1, alpha));
    }
    ret = Math.min(ret, base + itemcount - 1);
    setLastInt((int) ret);
    return ret;
  }

  /** Not computed for the Zipfian (upstream also leaves it unimplemented). */
  @Override
  public double mean() {
    throw new UnsupportedOperationException("mean of a Zipfian generator is not implemented");
  }
}
