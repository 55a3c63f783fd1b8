package com.oltpbenchmark.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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

  /**
   * Compressed histograms of closed windows (HdrHistogram's own encoding), kept so that the
   * histogram file can rebuild every window's percentiles exactly when result sets are merged.
   */
  private final WindowHistogramSpool spool;

  private final List<WindowHistogramSpool.Ref> closedAllHistograms = new ArrayList<>();

  private final Map<Integer, List<WindowHistogramSpool.Ref>> closedTypeHistograms = new HashMap<>();

  /** Every window with an index below this is closed. */
  private int closedBelow;

  private int lastIndexWithSample = -1;
  private long lateSamples;

  WindowSeries(boolean perType, WindowHistogramSpool spool) {
    this.perType = perType;
    this.spool = spool;
  }

  void add(int index, int typeId, long micros) {
    if (index > lastIndexWithSample) {
      lastIndexWithSample = index;
    }
    if (index < closedBelow) {
      lateSamples++;
      LatencyStats before = orEmpty(closedAll.get(index));
      closedAll.set(index, before.plusLateSample(micros));
      if (before.isEmpty()) {
        // the row's percentiles are this sample's value: so are those of its stored histogram
        set(closedAllHistograms, index, spool.put(single(micros)));
      }
      if (perType) {
        List<LatencyStats> rows = typeRows(typeId);
        LatencyStats typeBefore = orEmpty(rows.get(index));
        rows.set(index, typeBefore.plusLateSample(micros));
        if (typeBefore.isEmpty()) {
          set(
              closedTypeHistograms.computeIfAbsent(typeId, k -> new ArrayList<>()),
              index,
              spool.put(single(micros)));
        }
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

  /** Adds the histograms of the open windows from {@code index} on to {@code into}. */
  void addOpenFrom(int index, org.HdrHistogram.AbstractHistogram into) {
    for (int slot = Math.max(0, index - closedBelow); slot < open.size(); slot++) {
      OpenWindow w = open.get(slot);
      if (w != null) {
        w.all.addTo(into);
      }
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
      set(closedAllHistograms, i, spool.put(EncodedLatency.compress(w.all.histogram())));
      for (Map.Entry<Integer, LatencyStats> e : w.byType.stats().entrySet()) {
        set(typeRows(e.getKey()), i, e.getValue());
        set(
            closedTypeHistograms.computeIfAbsent(e.getKey(), k -> new ArrayList<>()),
            i,
            spool.put(EncodedLatency.compress(w.byType.get(e.getKey()).histogram())));
      }
    }
    open.subList(0, closing).clear();
    closedBelow = index;
    ensureSize(closedAll, index);
    for (List<LatencyStats> rows : closedByType.values()) {
      ensureSize(rows, index);
    }
  }

  /**
   * Reports at least {@code windows} windows, those without a sample as empty rows: a run's windows
   * go on to the end of its measurement even when the database answered nothing at the end.
   */
  void extendTo(int windows) {
    lastIndexWithSample = Math.max(lastIndexWithSample, windows - 1);
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
    return (int) open.stream().filter(Objects::nonNull).count();
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

  /** A closed window over all types as the histogram file stores it; null when it is empty. */
  EncodedLatency encoded(int index) {
    requireClosed(index);
    return EncodedLatency.of(row(index), bytes(at(closedAllHistograms, index)));
  }

  /** A closed window per type id (types without a sample in it left out). */
  Map<Integer, EncodedLatency> encodedByType(int index) {
    requireClosed(index);
    Map<Integer, EncodedLatency> m = new java.util.TreeMap<>();
    for (Integer typeId : closedByType.keySet()) {
      EncodedLatency e =
          EncodedLatency.of(row(index, typeId), bytes(at(closedTypeHistograms.get(typeId), index)));
      if (e != null) {
        m.put(typeId, e);
      }
    }
    return m;
  }

  /**
   * Sets a window from a histogram file (a merged result set), closing it and every window below
   * it. Windows are restored in ascending order, before any sample is added.
   */
  void restoreClosed(int index, EncodedLatency all, Map<Integer, EncodedLatency> byType) {
    closeBelow(index + 1);
    if (all != null) {
      set(closedAll, index, all.decode().stats());
      set(closedAllHistograms, index, stored(all));
      lastIndexWithSample = Math.max(lastIndexWithSample, index);
    }
    if (perType && byType != null) {
      for (Map.Entry<Integer, EncodedLatency> e : byType.entrySet()) {
        set(typeRows(e.getKey()), index, e.getValue().decode().stats());
        set(
            closedTypeHistograms.computeIfAbsent(e.getKey(), k -> new ArrayList<>()),
            index,
            stored(e.getValue()));
      }
    }
  }

  /** Sets the late-sample count of a restored series. */
  void restoreLateSamples(long n) {
    lateSamples = n;
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

  private static byte[] single(long micros) {
    org.HdrHistogram.Histogram h =
        new org.HdrHistogram.Histogram(LatencyAccumulator.SIGNIFICANT_DIGITS);
    h.recordValue(Math.max(0, micros));
    return EncodedLatency.compress(h);
  }

  private WindowHistogramSpool.Ref stored(EncodedLatency e) {
    byte[] b = e.compressedBytes();
    return b == null ? null : spool.put(b);
  }

  private byte[] bytes(WindowHistogramSpool.Ref ref) {
    return ref == null ? null : spool.get(ref);
  }

  private static <T> T at(List<T> rows, int index) {
    return rows == null || index >= rows.size() ? null : rows.get(index);
  }

  private static <T> void set(List<T> rows, int index, T value) {
    ensureSize(rows, index + 1);
    rows.set(index, value);
  }

  private static <T> void ensureSize(List<T> rows, int size) {
    while (rows.size() < size) {
      rows.add(null);
    }
  }
}
