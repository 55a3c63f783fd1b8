package com.oltpbenchmark.report;

import com.oltpbenchmark.results.PercentileCurve;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;

/** Percentile curves and distributions in the page's shape. */
final class Curves {
  private static final int STEPS_PER_DECADE = 10;

  private Curves() {}

  /** {p: [percentiles], v: [microseconds]}. */
  static Map<String, Object> of(PercentileCurve c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("p", c.percentiles);
    m.put("v", c.micros);
    return m;
  }

  /** The same grid as {@link PercentileCurve}, from a histogram read back from raw samples. */
  static Map<String, Object> of(AbstractHistogram h) {
    List<Double> ps = new ArrayList<>();
    List<Long> vs = new ArrayList<>();
    long n = h.getTotalCount();
    if (n > 0) {
      for (int step = 0; step <= Math.log10(n) * STEPS_PER_DECADE; step++) {
        double p = 100.0 * (1.0 - Math.pow(10, -(double) step / STEPS_PER_DECADE));
        ps.add(p);
        vs.add(Math.min(h.getMaxValue(), h.highestEquivalentValue(h.getValueAtPercentile(p))));
      }
      ps.add(100.0 * (1.0 - 1.0 / (2.0 * n)));
      vs.add(h.getMaxValue());
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("p", ps);
    m.put("v", vs);
    return m;
  }

  /** Summary-style distribution keys for a histogram of raw samples. */
  static Map<String, Object> distribution(AbstractHistogram h) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Requests", h.getTotalCount());
    m.put("Minimum Latency (microseconds)", h.getMinValue());
    m.put("Median Latency (microseconds)", at(h, 50));
    m.put("Average Latency (microseconds)", (long) h.getMean());
    m.put("95th Percentile Latency (microseconds)", at(h, 95));
    m.put("99th Percentile Latency (microseconds)", at(h, 99));
    m.put("99.9th Percentile Latency (microseconds)", at(h, 99.9));
    m.put("99.99th Percentile Latency (microseconds)", at(h, 99.99));
    m.put("Maximum Latency (microseconds)", h.getMaxValue());
    return m;
  }

  private static long at(AbstractHistogram h, double p) {
    return Math.min(h.getMaxValue(), h.highestEquivalentValue(h.getValueAtPercentile(p)));
  }
}
