package com.oltpbenchmark.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's over-time view of {@code <base>.database.csv}: between each two consecutive
 * readings, WAL/redo MB/s, disk reads/s and row-lock waits/s (or, on PostgreSQL, which counts no
 * lock waits, the sessions waiting for a lock when read), placed at the later reading's time. A
 * rate touching a gap is null, so the line breaks there.
 */
final class DatabaseSeries {
  /** Readings closer than this (a phase boundary next to a window) give no rate of their own. */
  private static final double MIN_SECONDS = 0.2;

  private DatabaseSeries() {}

  static Map<String, Object> read(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    if (lines.isEmpty()) {
      return null;
    }
    List<String> header = Arrays.asList(lines.get(0).split(",", -1));
    int wal = header.indexOf("wal_bytes");
    int reads = header.indexOf("disk_reads");
    int waits = header.indexOf("row_lock_waits");
    int waiters = header.indexOf("lock_waiters_now");
    List<Double> t = new ArrayList<>();
    List<Double> walMb = new ArrayList<>();
    List<Double> readsPerSec = new ArrayList<>();
    List<Double> locks = new ArrayList<>();
    List<Double> gaps = new ArrayList<>();
    String[] prev = null;
    double prevT = 0;
    for (int i = 1; i < lines.size(); i++) {
      if (lines.get(i).isBlank()) {
        continue;
      }
      String[] f = lines.get(i).split(",", -1);
      if (f.length < 4) {
        throw new IOException(csv + " line " + (i + 1) + ": fewer than 4 columns");
      }
      double at = Double.parseDouble(f[0]);
      boolean gap = "1".equals(f[3]);
      if (gap) {
        gaps.add(at);
        t.add(at);
        walMb.add(null);
        readsPerSec.add(null);
        locks.add(null);
        prev = null;
        continue;
      }
      if (prev != null && at - prevT >= MIN_SECONDS) {
        double dt = at - prevT;
        t.add(at);
        walMb.add(rate(prev, f, wal, dt, 1048576.0));
        readsPerSec.add(rate(prev, f, reads, dt, 1));
        locks.add(waits >= 0 ? rate(prev, f, waits, dt, 1) : level(f, waiters));
      }
      if (prev == null || at - prevT >= MIN_SECONDS) {
        prev = f;
        prevT = at;
      }
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("t", t);
    m.put("walMBs", wal >= 0 ? walMb : null);
    m.put("diskReadsPerSec", reads >= 0 ? readsPerSec : null);
    m.put("locks", waits >= 0 || waiters >= 0 ? locks : null);
    m.put(
        "locksLabel", waits >= 0 ? "row-lock waits/s" : "sessions waiting for a lock (when read)");
    m.put("gaps", gaps);
    return m;
  }

  private static Double rate(String[] a, String[] b, int col, double seconds, double unit) {
    if (col < 0 || col >= a.length || col >= b.length || a[col].isEmpty() || b[col].isEmpty()) {
      return null;
    }
    return (Long.parseLong(b[col]) - Long.parseLong(a[col])) / unit / seconds;
  }

  private static Double level(String[] f, int col) {
    return col < 0 || col >= f.length || f[col].isEmpty() ? null : Double.valueOf(f[col]);
  }
}
