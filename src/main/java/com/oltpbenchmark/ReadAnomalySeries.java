package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The anomalies the module's online read checks saw per results window (docs/anomalies.md), for the
 * report's chart beside throughput: the running totals ({@link ModuleHooks#readAnomalyTotals}) read
 * at the start of measurement and at the end of every window, their growth kept. At most {@link
 * #MAX_POINTS} points: beyond that, neighbours are summed in pairs and later windows are taken two
 * (then four, ...) at a time, so the memory does not grow with the run's length.
 */
final class ReadAnomalySeries implements RunCollector {

  static final int MAX_POINTS = 3600;
  private static final String SEEN = " seen";

  private final Supplier<Map<String, Long>> totals;
  private final List<String> classes;
  private long originNanos = -1;
  private Map<String, Long> last;
  private final double[] seconds = new double[MAX_POINTS];
  private final long[][] seen;
  private int points;
  private int stride = 1;
  private int pending;

  /**
   * @param totals the running totals, {@code "<class> seen"} among them
   * @param classes the keys of the classes to follow, each ending in " seen"
   */
  ReadAnomalySeries(Supplier<Map<String, Long>> totals, List<String> classes) {
    this.totals = totals;
    this.classes = classes;
    this.seen = new long[classes.size()][MAX_POINTS];
  }

  /** The series of a run whose modules check reads, or null when none does. */
  static ReadAnomalySeries forRun(RunSetup setup) {
    List<BenchmarkModule> checking = new ArrayList<>();
    List<String> classes = new ArrayList<>();
    for (BenchmarkModule m : setup.modules) {
      Map<String, Long> totals = ModuleHooks.readAnomalyTotals(m);
      if (!totals.isEmpty()) {
        checking.add(m);
        for (String k : totals.keySet()) {
          if (k.endsWith(SEEN) && !classes.contains(k)) {
            classes.add(k);
          }
        }
      }
    }
    if (checking.isEmpty()) {
      return null;
    }
    return new ReadAnomalySeries(
        () -> {
          Map<String, Long> sum = new LinkedHashMap<>();
          for (BenchmarkModule m : checking) {
            ModuleHooks.readAnomalyTotals(m).forEach((k, v) -> sum.merge(k, v, Long::sum));
          }
          return sum;
        },
        classes);
  }

  @Override
  public String name() {
    return "anomalies per window";
  }

  @Override
  public void phaseChanged(PhaseChange change) {
    if (change.change() == Change.MEASUREMENT_STARTED && originNanos == -1) {
      originNanos = change.nanos();
      last = totals();
    }
  }

  @Override
  public void window(Window window) {
    if (originNanos == -1) {
      return;
    }
    Map<String, Long> now = totals();
    if (points == MAX_POINTS && pending == 0) {
      halve();
    }
    if (pending == 0) {
      points++;
    }
    int at = points - 1;
    seconds[at] = (window.toNanos() - originNanos) / 1e9;
    for (int c = 0; c < classes.size(); c++) {
      String k = classes.get(c);
      seen[c][at] += now.getOrDefault(k, 0L) - last.getOrDefault(k, 0L);
    }
    last = now;
    pending = (pending + 1) % stride;
  }

  /** Sums neighbours in pairs; later windows then fill each point in twice as many steps. */
  private void halve() {
    for (int i = 0; i < points / 2; i++) {
      seconds[i] = seconds[2 * i + 1];
      for (long[] s : seen) {
        s[i] = s[2 * i] + s[2 * i + 1];
      }
    }
    for (long[] s : seen) {
      java.util.Arrays.fill(s, points / 2, points, 0);
    }
    points /= 2;
    stride *= 2;
  }

  private Map<String, Long> totals() {
    return totals.get();
  }

  @Override
  public Contribution finish(RunEnd end) {
    if (points == 0) {
      return Contribution.NONE;
    }
    Map<String, Object> series = new LinkedHashMap<>();
    List<Double> t = new ArrayList<>(points);
    for (int i = 0; i < points; i++) {
      t.add(Math.round(seconds[i] * 1000) / 1000.0);
    }
    series.put("Seconds", t);
    for (int c = 0; c < classes.size(); c++) {
      List<Long> v = new ArrayList<>(points);
      for (int i = 0; i < points; i++) {
        v.add(seen[c][i]);
      }
      series.put(classes.get(c).substring(0, classes.get(c).length() - SEEN.length()), v);
    }
    return report -> report.withAnomalySeries(series);
  }
}
