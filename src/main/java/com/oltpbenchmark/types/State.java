package com.oltpbenchmark.types;

/** Benchmark-wide run state. */
public enum State {
  WARMUP,
  MEASURE,
  COLD_QUERY,
  LATENCY_COMPLETE,
  DONE,
  EXIT,
  ERROR
}
