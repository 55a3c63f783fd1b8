package com.oltpbenchmark.distributions;

import java.util.concurrent.atomic.AtomicInteger;

/** 0, 1, ..., maxVal - 1, 0, 1, ... (thread-safe). */
public class CyclicCounterGenerator extends IntegerGenerator {
  private final int maxVal;
  private final AtomicInteger counter = new AtomicInteger();

  public CyclicCounterGenerator(int maxVal) {
    if (maxVal <= 0) {
      throw new IllegalArgumentException("maxVal must be positive: " + maxVal);
    }
    this.maxVal = maxVal;
    setLastInt(-1);
  }

  @Override
  public int nextInt() {
    int ret = Math.floorMod(counter.getAndIncrement(), maxVal);
    setLastInt(ret);
    return ret;
  }

  @Override
  public double mean() {
    return (maxVal - 1) / 2.0;
  }
}
