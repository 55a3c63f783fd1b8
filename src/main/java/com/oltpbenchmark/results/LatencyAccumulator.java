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

  /** An aggregate restored from a histogram file (see {@link EncodedLatency}). */
  LatencyAccumulator(AbstractHistogram histogram, long count, long sum, long min, long max) {
    this.histogram = histogram;
    this.count = count;
    this.sum = sum;
    this.min = count == 0 ? Long.MAX_VALUE : min;
    this.max = count == 0 ? Long.MIN_VALUE : max;
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

  /** Adds another aggregate's samples: its histogram and its exact figures. */
  void add(LatencyAccumulator other) {
    if (other.count == 0) {
      return;
    }
    histogram.add(other.histogram);
    count += other.count;
    sum += other.sum;
    min = Math.min(min, other.min);
    max = Math.max(max, other.max);
  }

  long count() {
    return count;
  }

  long sum() {
    return sum;
  }

  long min() {
    return min;
  }

  long max() {
    return max;
  }

  AbstractHistogram histogram() {
    return histogram;
  }

  /** Adds this aggregate's histogram to {@code into} (counts only). */
  void addTo(AbstractHistogram into) {
    if (count > 0) {
      into.add(histogram);
    }
  }

  PercentileCurve curve() {
    return count == 0 ? PercentileCurve.EMPTY : PercentileCurve.of(histogram, min, max);
  }

  LatencyStats stats() {
    return count == 0 ? LatencyStats.EMPTY : LatencyStats.of(histogram, count, sum, min, max);
  }
}
