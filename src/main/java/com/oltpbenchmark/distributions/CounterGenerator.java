package com.oltpbenchmark.distributions;

import java.util.concurrent.atomic.AtomicInteger;

/** start, start+1, start+2, ... (thread-safe). */
public class CounterGenerator extends IntegerGenerator {
  private final AtomicInteger counter;

  public CounterGenerator(int countstart) {
    counter = new AtomicInteger(countstart);
    setLastInt(countstart - 1);
  }

  @Override
  public int nextInt() {
    int ret = counter.getAndIncrement();
    setLastInt(ret);
    return ret;
  }

  @Override
  public int lastInt() {
    return counter.get() - 1;
  }

  @Override
  public double mean() {
    throw new UnsupportedOperationException("a counter has no mean");
  }

  public void reset() {
    counter.set(0);
  }
}
