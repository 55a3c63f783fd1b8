package com.oltpbenchmark.results;

import com.oltpbenchmark.util.TempFileSpool;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The rows of closed windows, with their compressed histograms, kept in a spool file rather than
 * the heap: a run's closed windows are the one thing that grows with its length, three rows a
 * second at the default windows. A row is a fixed-size record, so a series' rows sit in blocks of
 * {@value #ROWS_PER_BLOCK} and the heap holds one handle per block: a day's run keeps a few hundred
 * handles. A row never written reads as {@link LatencyStats#EMPTY}.
 *
 * <p>A series is all types ({@link #ALL}) or one type id (0 and up).
 *
 * <p>Not thread-safe; the collector calls it under its aggregation lock.
 */
final class ClosedWindowRows {
  static final int ALL = -1;

  static final int ROWS_PER_BLOCK = 1024;

  /** A record: count, sum, minimum, maximum and the percentiles (8 bytes each), then these two. */
  private static final int HISTOGRAM_HANDLE_AT = 8 * (4 + LatencyStats.FRACTIONS.length);

  private static final int HISTOGRAM_LENGTH_AT = HISTOGRAM_HANDLE_AT + 8;

  private static final int RECORD = HISTOGRAM_LENGTH_AT + 4;

  private static final long NO_BLOCK = Long.MIN_VALUE;

  private final TempFileSpool spool;

  /** Block handles by series; NO_BLOCK where no row of that block was written. */
  private final Map<Integer, long[]> blocks = new HashMap<>();

  ClosedWindowRows(TempFileSpool spool) {
    this.spool = spool;
  }

  /** Stores a row and its compressed histogram (null: none). */
  void put(int series, int index, LatencyStats stats, byte[] histogram) {
    long handle = 0;
    int length = 0;
    if (histogram != null) {
      handle = spool.put(histogram);
      length = histogram.length;
    }
    write(series, index, stats, handle, length);
  }

  /** Replaces a row's statistics, keeping its histogram. */
  void putStats(int series, int index, LatencyStats stats) {
    ByteBuffer r = record(series, index);
    write(series, index, stats, r.getLong(HISTOGRAM_HANDLE_AT), r.getInt(HISTOGRAM_LENGTH_AT));
  }

  LatencyStats stats(int series, int index) {
    ByteBuffer r = record(series, index);
    long count = r.getLong();
    if (count == 0) {
      return LatencyStats.EMPTY;
    }
    long sum = r.getLong();
    long min = r.getLong();
    long max = r.getLong();
    long[] p = new long[LatencyStats.FRACTIONS.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = r.getLong();
    }
    return new LatencyStats(count, sum, min, max, p);
  }

  /** The row's compressed histogram, or null when it has none. */
  byte[] histogram(int series, int index) {
    ByteBuffer r = record(series, index);
    int length = r.getInt(HISTOGRAM_LENGTH_AT);
    return length == 0 ? null : spool.get(r.getLong(HISTOGRAM_HANDLE_AT), length);
  }

  /** The type ids with at least one row, ascending. */
  SortedSet<Integer> types() {
    SortedSet<Integer> s = new TreeSet<>(blocks.keySet());
    s.remove(ALL);
    return s;
  }

  /** Blocks allocated over all series. */
  int blockCount() {
    int n = 0;
    for (long[] handles : blocks.values()) {
      for (long h : handles) {
        if (h != NO_BLOCK) {
          n++;
        }
      }
    }
    return n;
  }

  private void write(int series, int index, LatencyStats stats, long histogram, int length) {
    ByteBuffer r = ByteBuffer.allocate(RECORD);
    r.putLong(stats.count).putLong(stats.sum()).putLong(stats.minimum).putLong(stats.maximum);
    for (int i = 0; i < LatencyStats.FRACTIONS.length; i++) {
      r.putLong(stats.percentile(i));
    }
    r.putLong(histogram).putInt(length);
    spool.write(block(series, index, true), slotOffset(index), r.array());
  }

  private ByteBuffer record(int series, int index) {
    long block = block(series, index, false);
    if (block == NO_BLOCK) {
      return ByteBuffer.allocate(RECORD);
    }
    return ByteBuffer.wrap(spool.read(block, slotOffset(index), RECORD));
  }

  private long block(int series, int index, boolean create) {
    int b = index / ROWS_PER_BLOCK;
    long[] handles = blocks.get(series);
    if (handles == null || b >= handles.length) {
      if (!create) {
        return NO_BLOCK;
      }
      int from = handles == null ? 0 : handles.length;
      handles =
          handles == null ? new long[b + 1] : Arrays.copyOf(handles, Math.max(b + 1, from * 2));
      Arrays.fill(handles, from, handles.length, NO_BLOCK);
      blocks.put(series, handles);
    }
    if (handles[b] == NO_BLOCK && create) {
      // zeros: every row of a new block reads as empty until it is written
      handles[b] = spool.put(new byte[RECORD * ROWS_PER_BLOCK]);
    }
    return handles[b];
  }

  private static int slotOffset(int index) {
    return (index % ROWS_PER_BLOCK) * RECORD;
  }
}
