package com.oltpbenchmark.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.util.TempFileSpool;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClosedWindowRowsTest {

  @TempDir Path dir;

  private static LatencyAccumulator window(int index) {
    Histogram h = new Histogram(LatencyAccumulator.SIGNIFICANT_DIGITS);
    long sum = 0;
    for (int k = 1; k <= 1 + index % 7; k++) {
      long v = 100L * k + index;
      h.recordValue(v);
      sum += v;
    }
    return new LatencyAccumulator(h, h.getTotalCount(), sum, h.getMinValue(), h.getMaxValue());
  }

  private static void assertSameRow(LatencyStats want, LatencyStats got, String where) {
    assertEquals(want.toString(), got.toString(), where);
    assertEquals(want.sum(), got.sum(), where);
    for (int i = 0; i < LatencyStats.FRACTIONS.length; i++) {
      assertEquals(want.percentile(i), got.percentile(i), where + " percentile " + i);
    }
  }

  /** Writes rows over several blocks and two series, reads every one back. */
  private static void roundTrip(TempFileSpool spool) {
    ClosedWindowRows rows = new ClosedWindowRows(spool);
    int n = 2 * ClosedWindowRows.ROWS_PER_BLOCK + 100;
    for (int i = 0; i < n; i++) {
      if (i % 5 == 3) {
        continue; // a window without a sample
      }
      LatencyAccumulator w = window(i);
      rows.put(ClosedWindowRows.ALL, i, w.stats(), EncodedLatency.compress(w.histogram()));
      if (i % 2 == 0) {
        rows.put(4, i, w.stats(), EncodedLatency.compress(w.histogram()));
      }
    }
    for (int i = 0; i < n; i++) {
      if (i % 5 == 3) {
        assertSame(LatencyStats.EMPTY, rows.stats(ClosedWindowRows.ALL, i));
        assertNull(rows.histogram(ClosedWindowRows.ALL, i));
        continue;
      }
      LatencyAccumulator w = window(i);
      assertSameRow(w.stats(), rows.stats(ClosedWindowRows.ALL, i), "row " + i);
      assertArrayEquals(
          EncodedLatency.compress(w.histogram()), rows.histogram(ClosedWindowRows.ALL, i));
      if (i % 2 == 0) {
        assertSameRow(w.stats(), rows.stats(4, i), "type 4 row " + i);
      } else {
        assertSame(LatencyStats.EMPTY, rows.stats(4, i), "odd rows of type 4 were never written");
      }
    }
    assertSame(LatencyStats.EMPTY, rows.stats(9, 5), "a series never written");
    assertSame(LatencyStats.EMPTY, rows.stats(ClosedWindowRows.ALL, 10 * n), "past the end");
    assertEquals(List.of(4), List.copyOf(rows.types()));
    assertEquals(3 + 3, rows.blockCount(), "three blocks per series, not a handle per row");
  }

  @Test
  void rowsAndHistogramsComeBackFromTheFile() {
    try (TempFileSpool spool = new TempFileSpool("rowstest-", "rows", dir, Long.MAX_VALUE)) {
      roundTrip(spool);
      assertFalse(spool.inMemory());
    }
  }

  @Test
  void rowsComeBackWhenTheFileFillsUpHalfWay() {
    try (TempFileSpool spool = new TempFileSpool("rowstest-", "rows", dir, 300_000)) {
      roundTrip(spool);
      assertTrue(spool.inMemory(), "the capacity was reached");
    }
  }

  @Test
  void aLateSampleUpdatesTheRowAndKeepsItsHistogram() {
    try (TempFileSpool spool = new TempFileSpool("rowstest-", "rows", dir, Long.MAX_VALUE)) {
      ClosedWindowRows rows = new ClosedWindowRows(spool);
      LatencyAccumulator w = window(3);
      rows.put(2, 7, w.stats(), EncodedLatency.compress(w.histogram()));
      rows.putStats(2, 7, w.stats().plusLateSample(1_000_000));
      LatencyStats after = rows.stats(2, 7);
      assertEquals(w.stats().count + 1, after.count);
      assertEquals(1_000_000, after.maximum);
      assertEquals(w.stats().median(), after.median());
      assertArrayEquals(EncodedLatency.compress(w.histogram()), rows.histogram(2, 7));
    }
  }
}
