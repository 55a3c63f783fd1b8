package com.oltpbenchmark.distributions;

import java.util.concurrent.ThreadLocalRandom;

/** Uniform over [min, max] (inclusive), drawing from ThreadLocalRandom (not seedable). */
public class UniformGenerator extends IntegerGenerator {
  private final int lb;
  private final int ub;
  private final int interval;

  public UniformGenerator(int items) {
    this(0, items - 1);
  }

  public UniformGenerator(int min, int max) {
    this.lb = min;
    this.ub = max;
    this.interval = ub - lb + 1;
  }

  @Override
  public int nextInt() {
    int ret = ThreadLocalRandom.current().nextInt(interval) + lb;
    setLastInt(ret);
    return ret;
  }

  @Override
  public double mean() {
    return (lb + (long) ub) / 2.0;
  }
}
