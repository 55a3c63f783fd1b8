package com.oltpbenchmark.report;

import com.oltpbenchmark.results.PercentileCurve;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Percentile curves and distributions in the page's shape. */
final class Curves {
  private Curves() {}

  /** {p: [percentiles], v: [microseconds]}. */
  static Map<String, Object> of(PercentileCurve c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("p", c.percentiles);
    m.put("v", c.micros);
    return m;
  }

  /** Summary-style distribution keys for a histogram of raw samples. */
  /** Summary-style distribution keys from raw samples: exact count, sum, min and max. */
  static Map<String, Object> distribution(Tally t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Requests", t.count);
    m.put("Minimum Latency (microseconds)", t.min);
    m.put("Median Latency (microseconds)", t.at(50));
    m.put("Average Latency (microseconds)", t.count == 0 ? -1 : t.sum / t.count);
    m.put("95th Percentile Latency (microseconds)", t.at(95));
    m.put("99th Percentile Latency (microseconds)", t.at(99));
    m.put("99.9th Percentile Latency (microseconds)", t.at(99.9));
    m.put("99.99th Percentile Latency (microseconds)", t.at(99.99));
    m.put("Maximum Latency (microseconds)", t.max);
    return m;
  }

  /** Raw latency samples of one kind: a histogram plus the exact figures it rounds. */
  static final class Tally {
    final Histogram histogram = new Histogram(3);
    long count;
    long sum;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;

    void add(long micros) {
      histogram.recordValue(micros);
      count++;
      sum += micros;
      min = Math.min(min, micros);
      max = Math.max(max, micros);
    }

    long at(double percentile) {
      long v = histogram.highestEquivalentValue(histogram.getValueAtPercentile(percentile));
      return Math.max(min, Math.min(max, v));
    }

    Map<String, Object> curve() {
      return of(count == 0 ? PercentileCurve.EMPTY : PercentileCurve.of(histogram, min, max));
    }
  }
}
