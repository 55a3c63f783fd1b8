package com.oltpbenchmark.types;

/** Benchmark-wide run state. */
public enum State {
  WARMUP(0),
  MEASURE(1),
  COLD_QUERY(0),
  LATENCY_COMPLETE(0),
  DONE(0),
  EXIT(0),
  ERROR(0);

  private final int measuring;

  State(int measuring) {
    this.measuring = measuring;
  }

  /**
   * 1 for {@link #MEASURE}, else 0: a transaction is measured when the state was MEASURE before and
   * after it, {@code before.measuring() & after.measuring()}, which the worker's loop uses as an
   * index rather than a branch (see {@code BenchmarkState#sink}).
   */
  public int measuring() {
    return measuring;
  }
}
