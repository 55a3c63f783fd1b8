package com.oltpbenchmark.results;

import com.oltpbenchmark.util.TempFileSpool;
import java.util.ArrayList;
import java.util.Map;
import java.util.Objects;

/**
 * Fixed-length time windows over sample start times (samples.csv: 1 s; results.csv: -s), built
 * online. A window stays open, holding histograms, only until the collector closes it; then its
 * computed row and compressed histogram go to a spool file ({@link ClosedWindowRows}). Memory is
 * therefore bounded by the number of open windows (the collector's grace period), not by the run's
 * length.
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

  /** Computed rows and compressed histograms of closed windows (in a spool file). */
  private final ClosedWindowRows closed;

  /** Every window with an index below this is closed. */
  private int closedBelow;

  private int lastIndexWithSample = -1;
  private long lateSamples;

  WindowSeries(boolean perType, TempFileSpool spool) {
    this.perType = perType;
    this.closed = new ClosedWindowRows(spool);
  }

  void add(int index, int typeId, long micros) {
    if (index > lastIndexWithSample) {
      lastIndexWithSample = index;
    }
    if (index < closedBelow) {
      lateSamples++;
      addLate(ClosedWindowRows.ALL, index, micros);
      if (perType && typeId >= 0) {
        addLate(typeId, index, micros);
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
      closed.put(
          ClosedWindowRows.ALL, i, w.all.stats(), EncodedLatency.compress(w.all.histogram()));
      for (Map.Entry<Integer, LatencyStats> e : w.byType.stats().entrySet()) {
        closed.put(
            e.getKey(),
            i,
            e.getValue(),
            EncodedLatency.compress(w.byType.get(e.getKey()).histogram()));
      }
    }
    open.subList(0, closing).clear();
    closedBelow = index;
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
    return closed.stats(ClosedWindowRows.ALL, index);
  }

  /** The row of a closed window restricted to one transaction type. */
  LatencyStats row(int index, int typeId) {
    requireClosed(index);
    return typeId < 0 ? LatencyStats.EMPTY : closed.stats(typeId, index);
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

  /** Heap entries the closed rows take: one per block of rows per series. */
  int closedRowBlockCount() {
    return closed.blockCount();
  }

  long lateSamples() {
    return lateSamples;
  }

  /** A closed window over all types as the histogram file stores it; null when it is empty. */
  EncodedLatency encoded(int index) {
    requireClosed(index);
    return EncodedLatency.of(row(index), closed.histogram(ClosedWindowRows.ALL, index));
  }

  /** A closed window per type id (types without a sample in it left out). */
  Map<Integer, EncodedLatency> encodedByType(int index) {
    requireClosed(index);
    Map<Integer, EncodedLatency> m = new java.util.TreeMap<>();
    for (Integer typeId : closed.types()) {
      EncodedLatency e = EncodedLatency.of(row(index, typeId), closed.histogram(typeId, index));
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
      closed.put(ClosedWindowRows.ALL, index, all.decode().stats(), all.compressedBytes());
      lastIndexWithSample = Math.max(lastIndexWithSample, index);
    }
    if (perType && byType != null) {
      for (Map.Entry<Integer, EncodedLatency> e : byType.entrySet()) {
        closed.put(
            e.getKey(), index, e.getValue().decode().stats(), e.getValue().compressedBytes());
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

  /**
   * A sample of a closed window: the row's count, average, minimum and maximum take it; a row that
   * had no sample takes it as every percentile, and so does its stored histogram.
   */
  private void addLate(int series, int index, long micros) {
    LatencyStats before = closed.stats(series, index);
    LatencyStats after = before.plusLateSample(micros);
    if (before.isEmpty()) {
      closed.put(series, index, after, single(micros));
    } else {
      closed.putStats(series, index, after);
    }
  }

  private static byte[] single(long micros) {
    org.HdrHistogram.Histogram h =
        new org.HdrHistogram.Histogram(LatencyAccumulator.SIGNIFICANT_DIGITS);
    h.recordValue(Math.max(0, micros));
    return EncodedLatency.compress(h);
  }
}
