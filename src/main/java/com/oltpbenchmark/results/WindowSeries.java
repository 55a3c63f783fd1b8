package com.oltpbenchmark.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fixed-length time windows over sample start times (samples.csv: 1 s; results.csv: -s), built
 * online. A window stays open, holding histograms, only until the collector closes it; then just
 * its computed row is kept. Memory is therefore bounded by the number of open windows (the
 * collector's grace period) plus one small row per elapsed window.
 *
 * <p>A sample whose window was already closed (its transaction ran longer than the grace period)
 * still counts: the closed row's count, throughput, average, minimum and maximum are updated
 * exactly; only its percentiles, computed at closing, do not see the sample. Such samples are
 * counted in {@link #lateSamples()}.
 *
 * <p>Not thread-safe; the collector calls it under its aggregation lock.
 */
final class WindowSeries {

  private static final class OpenWindow {
    final LatencyAccumulator all = new LatencyAccumulator(true);
    final TypeAccumulators byType = new TypeAccumulators(true);
  }

  private final boolean perType;

  /** Open windows by index - closedBelow (null where no sample arrived yet). */
  private final ArrayList<OpenWindow> open = new ArrayList<>();

  /** Computed rows of closed windows, by window index; null = the window never had a sample. */
  private final List<LatencyStats> closedAll = new ArrayList<>();

  private final Map<Integer, List<LatencyStats>> closedByType = new HashMap<>();

  /** Every window with an index below this is closed. */
  private int closedBelow;

  private int lastIndexWithSample = -1;
  private long lateSamples;

  WindowSeries(boolean perType) {
    this.perType = perType;
  }

  void add(int index, int typeId, long micros) {
    if (index > lastIndexWithSample) {
      lastIndexWithSample = index;
    }
    if (index < closedBelow) {
      lateSamples++;
      closedAll.set(index, orEmpty(closedAll.get(index)).plusLateSample(micros));
      if (perType) {
        List<LatencyStats> rows = typeRows(typeId);
        rows.set(index, orEmpty(rows.get(index)).plusLateSample(micros));
      }
      return;
    }
    int slot = index - closedBelow;
    while (open.size() <= slot) {
      open.add(null);
    }
    OpenWindow w = open.get(slot);
    if (w == null) {
      w = new OpenWindow();
      open.set(slot, w);
    }
    w.all.record(micros);
    if (perType && typeId >= 0) {
      w.byType.get(typeId).record(micros);
    }
  }

  /** Closes every window with an index below {@code index}. */
  void closeBelow(int index) {
    if (index <= closedBelow) {
      return;
    }
    int closing = Math.min(index - closedBelow, open.size());
    for (int slot = 0; slot < closing; slot++) {
      OpenWindow w = open.get(slot);
      if (w == null) {
        continue;
      }
      int i = closedBelow + slot;
      set(closedAll, i, w.all.stats());
      for (Map.Entry<Integer, LatencyStats> e : w.byType.stats().entrySet()) {
        set(typeRows(e.getKey()), i, e.getValue());
      }
    }
    open.subList(0, closing).clear();
    closedBelow = index;
    ensureSize(closedAll, index);
    for (List<LatencyStats> rows : closedByType.values()) {
      ensureSize(rows, index);
    }
  }

  void closeAll() {
    closeBelow(Math.max(closedBelow, lastIndexWithSample + 1));
  }

  /** Number of windows from index 0 to the last window that holds a sample. */
  int windowCount() {
    return lastIndexWithSample + 1;
  }

  /** The row of a closed window over all types ({@link LatencyStats#EMPTY} when it had none). */
  LatencyStats row(int index) {
    requireClosed(index);
    return orEmpty(index < closedAll.size() ? closedAll.get(index) : null);
  }

  /** The row of a closed window restricted to one transaction type. */
  LatencyStats row(int index, int typeId) {
    requireClosed(index);
    List<LatencyStats> rows = closedByType.get(typeId);
    return orEmpty(rows == null || index >= rows.size() ? null : rows.get(index));
  }

  int openWindowCount() {
    int n = 0;
    for (OpenWindow w : open) {
      if (w != null) {
        n++;
      }
    }
    return n;
  }

  /** Histograms currently held (open windows, all-types plus per-type ones). */
  int openAccumulatorCount() {
    int n = 0;
    for (OpenWindow w : open) {
      if (w != null) {
        n += 1 + w.byType.size();
      }
    }
    return n;
  }

  long lateSamples() {
    return lateSamples;
  }

  private void requireClosed(int index) {
    if (index >= closedBelow) {
      throw new IllegalStateException("window " + index + " is still open");
    }
  }

  private List<LatencyStats> typeRows(int typeId) {
    List<LatencyStats> rows = closedByType.get(typeId);
    if (rows == null) {
      rows = new ArrayList<>();
      closedByType.put(typeId, rows);
    }
    ensureSize(rows, closedBelow);
    return rows;
  }

  private static LatencyStats orEmpty(LatencyStats s) {
    return s == null ? LatencyStats.EMPTY : s;
  }

  private static void set(List<LatencyStats> rows, int index, LatencyStats value) {
    ensureSize(rows, index + 1);
    rows.set(index, value);
  }

  private static void ensureSize(List<LatencyStats> rows, int size) {
    while (rows.size() < size) {
      rows.add(null);
    }
  }
}
