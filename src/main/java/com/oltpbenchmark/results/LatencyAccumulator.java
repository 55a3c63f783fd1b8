package com.oltpbenchmark.results;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * Online latency aggregate: an auto-resizing HdrHistogram (3 significant digits, values in
 * microseconds) for percentiles, plus the exact count, sum, minimum and maximum. Not thread-safe:
 * the collector feeds it under its aggregation lock.
 */
final class LatencyAccumulator {
  static final int SIGNIFICANT_DIGITS = 3;

  private final AbstractHistogram histogram;
  private long count;
  private long sum;
  private long min = Long.MAX_VALUE;
  private long max = Long.MIN_VALUE;

  /**
   * @param window int counts (half the memory), for the many short-lived per-window aggregates; the
   *     run-wide aggregates use long counts. (HdrHistogram's packed variant would be smaller still
   *     but records about ten times slower, and recording happens under the fold lock.)
   */
  LatencyAccumulator(boolean window) {
    histogram =
        window ? new IntCountsHistogram(SIGNIFICANT_DIGITS) : new Histogram(SIGNIFICANT_DIGITS);
  }

  void record(long micros) {
    histogram.recordValue(Math.max(0, micros));
    count++;
    sum += micros;
    if (micros < min) {
      min = micros;
    }
    if (micros > max) {
      max = micros;
    }
  }

  PercentileCurve curve() {
    return count == 0 ? PercentileCurve.EMPTY : PercentileCurve.of(histogram, min, max);
  }

  LatencyStats stats() {
    return count == 0 ? LatencyStats.EMPTY : LatencyStats.of(histogram, count, sum, min, max);
  }
}
