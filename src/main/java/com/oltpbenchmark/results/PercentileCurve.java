package com.oltpbenchmark.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/**
 * Latency at percentiles spaced evenly on a "number of nines" scale (0%, 90%, 99%, 99.9%, ... in
 * ten steps per decade), the shape HdrHistogram plots. The points stop at the percentile the sample
 * count still resolves, and the curve ends at the maximum.
 */
public final class PercentileCurve {
  private static final int STEPS_PER_DECADE = 10;

  /** Percentiles in [0, 100] and their latencies in microseconds, same length. */
  public final List<Double> percentiles;

  public final List<Long> micros;

  private PercentileCurve(List<Double> percentiles, List<Long> micros) {
    this.percentiles = Collections.unmodifiableList(percentiles);
    this.micros = Collections.unmodifiableList(micros);
  }

  public static final PercentileCurve EMPTY = new PercentileCurve(List.of(), List.of());

  /** The curve of a histogram whose exact minimum and maximum are known (values are clamped). */
  public static PercentileCurve of(AbstractHistogram h, long min, long max) {
    long n = h.getTotalCount();
    if (n == 0) {
      return EMPTY;
    }
    List<Double> ps = new ArrayList<>();
    List<Long> vs = new ArrayList<>();
    // Beyond log10(n) nines every point is the maximum: there are not enough samples to tell.
    double maxNines = Math.log10(n);
    for (int step = 0; step <= maxNines * STEPS_PER_DECADE; step++) {
      double nines = (double) step / STEPS_PER_DECADE;
      double p = 100.0 * (1.0 - Math.pow(10, -nines));
      long v = h.highestEquivalentValue(h.getValueAtPercentile(p));
      ps.add(p);
      vs.add(Math.max(min, Math.min(max, v)));
    }
    ps.add(100.0 * (1.0 - 1.0 / (2.0 * n)));
    vs.add(max);
    return new PercentileCurve(ps, vs);
  }
}
