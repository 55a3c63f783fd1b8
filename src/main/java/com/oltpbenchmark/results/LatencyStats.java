package com.oltpbenchmark.results;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Latency statistics of one set of samples, in integer microseconds (the average is kept as a
 * double because results.csv prints it unrounded). An empty set has count 0 and -1 everywhere, as
 * upstream reports it.
 *
 * <p>Percentiles follow upstream's nearest-rank rule on the sorted samples: the value at 0-based
 * rank {@code min((int) (p * n), n - 1)}. They are read from an HdrHistogram, so above 2048 us a
 * value is the top of its bucket (at most 0.1% high with 3 significant digits), clamped to the
 * exact minimum and maximum.
 */
public final class LatencyStats {

  /** Percentile fractions in the order of {@link #percentiles}. */
  static final double[] FRACTIONS = {0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 0.9999};

  public static final LatencyStats EMPTY =
      new LatencyStats(0, 0, -1, -1, new long[] {-1, -1, -1, -1, -1, -1, -1, -1});

  public final long count;
  public final long minimum;
  public final long maximum;

  /** Arithmetic mean of the integer microsecond samples (-1 when empty). */
  public final double average;

  private final long sum;
  private final long[] percentiles;

  LatencyStats(long count, long sum, long minimum, long maximum, long[] percentiles) {
    this.count = count;
    this.sum = sum;
    this.minimum = minimum;
    this.maximum = maximum;
    this.average = count == 0 ? -1.0 : (double) sum / count;
    this.percentiles = percentiles.clone();
  }

  /**
   * These statistics plus one sample that arrived after they were computed: count, average, minimum
   * and maximum stay exact, percentiles keep their value (a window that had no sample takes the
   * late sample's value for all of them).
   */
  LatencyStats plusLateSample(long micros) {
    if (count == 0) {
      long[] p = new long[FRACTIONS.length];
      java.util.Arrays.fill(p, micros);
      return new LatencyStats(1, micros, micros, micros, p);
    }
    return new LatencyStats(
        count + 1, sum + micros, Math.min(minimum, micros), Math.max(maximum, micros), percentiles);
  }

  /** Sum of the integer microsecond samples (0 when empty). */
  long sum() {
    return sum;
  }

  /** The percentile at {@code i} in the order of {@link #FRACTIONS}. */
  long percentile(int i) {
    return percentiles[i];
  }

  public long p25() {
    return percentiles[0];
  }

  public long median() {
    return percentiles[1];
  }

  public long p75() {
    return percentiles[2];
  }

  public long p90() {
    return percentiles[3];
  }

  public long p95() {
    return percentiles[4];
  }

  public long p99() {
    return percentiles[5];
  }

  public long p999() {
    return percentiles[6];
  }

  public long p9999() {
    return percentiles[7];
  }

  /** The average truncated toward zero, as upstream prints it in summary.json and samples.csv. */
  public long averageTruncated() {
    return (long) average;
  }

  public boolean isEmpty() {
    return count == 0;
  }

  /**
   * Statistics whose percentiles come from {@code histogram} and whose count, sum, minimum and
   * maximum are exact (they may include samples the histogram has not seen, see WindowSeries).
   */
  static LatencyStats of(AbstractHistogram histogram, long count, long sum, long min, long max) {
    if (count == 0) {
      return EMPTY;
    }
    long n = histogram.getTotalCount();
    long[] values = new long[FRACTIONS.length];
    if (n == 0) {
      java.util.Arrays.fill(values, -1);
    } else {
      long[] targets = new long[FRACTIONS.length];
      for (int i = 0; i < FRACTIONS.length; i++) {
        long rank = Math.min((long) (FRACTIONS[i] * n), n - 1);
        targets[i] = rank + 1; // number of samples at or below the wanted one
      }
      int next = 0;
      long seen = 0;
      for (HistogramIterationValue v : histogram.recordedValues()) {
        seen += v.getCountAddedInThisIterationStep();
        while (next < targets.length && seen >= targets[next]) {
          long value = histogram.highestEquivalentValue(v.getValueIteratedTo());
          values[next++] = Math.max(min, Math.min(max, value));
        }
        if (next == targets.length) {
          break;
        }
      }
    }
    return new LatencyStats(count, sum, min, max, values);
  }

  /**
   * The nine keys of upstream's "Latency Distribution" object (int microseconds, average
   * truncated), followed by the two added tail percentiles.
   */
  public Map<String, Object> toSummaryMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Minimum Latency (microseconds)", minimum);
    m.put("25th Percentile Latency (microseconds)", p25());
    m.put("Median Latency (microseconds)", median());
    m.put("Average Latency (microseconds)", averageTruncated());
    m.put("75th Percentile Latency (microseconds)", p75());
    m.put("90th Percentile Latency (microseconds)", p90());
    m.put("95th Percentile Latency (microseconds)", p95());
    m.put("99th Percentile Latency (microseconds)", p99());
    m.put("Maximum Latency (microseconds)", maximum);
    m.put(ResultKeys.P999, p999());
    m.put(ResultKeys.P9999, p9999());
    return m;
  }

  @Override
  public String toString() {
    return "LatencyStats[n="
        + count
        + ", min="
        + minimum
        + ", p50="
        + median()
        + ", avg="
        + average
        + ", p99="
        + p99()
        + ", max="
        + maximum
        + "]";
  }
}
