package com.oltpbenchmark.results;

import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.types.TransactionStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per-status histograms of transaction types built from {@link RunReport#statusCounts()}, as
 * upstream keeps them: sorted by type id; the success histogram lists every configured type (zeros
 * included), the others only types that occurred.
 */
final class StatusHistograms {
  private StatusHistograms() {}

  static TreeMap<TransactionType, Long> histogram(RunReport report, TransactionStatus status) {
    TreeMap<TransactionType, Long> h = new TreeMap<>();
    if (status == TransactionStatus.SUCCESS) {
      for (TransactionType t : report.transactionTypes()) {
        h.put(t, 0L);
      }
    }
    for (Map.Entry<TransactionType, Map<TransactionStatus, Long>> e :
        report.statusCounts().entrySet()) {
      Long n = e.getValue() == null ? null : e.getValue().get(status);
      if (n != null && n != 0) {
        h.merge(e.getKey(), n, Long::sum);
      }
    }
    return h;
  }

  static long total(RunReport report, TransactionStatus status) {
    long n = 0;
    for (long v : histogram(report, status).values()) {
      n += v;
    }
    return n;
  }

  /** The -jh file's object: compact JSON of the four upstream keys. */
  static Map<String, Object> toJson(RunReport report) {
    Map<String, Object> root = new LinkedHashMap<>();
    for (TransactionStatus s : StatusLabels.JSON_ORDER) {
      TreeMap<TransactionType, Long> h = histogram(report, s);
      Map<String, Object> o = new LinkedHashMap<>();
      Map<String, Long> entries = new LinkedHashMap<>();
      long sum = 0;
      for (Map.Entry<TransactionType, Long> e : h.entrySet()) {
        entries.put(e.getKey().toString(), e.getValue());
        sum += e.getValue();
      }
      o.put("HISTOGRAM", entries);
      o.put("NUM_SAMPLES", sum);
      if (s == TransactionStatus.SUCCESS) {
        o.put("KEEP_ZERO_ENTRIES", true);
      }
      if (!entries.isEmpty()) {
        o.put("VALUE_TYPE", TransactionType.class.getName());
      }
      root.put(StatusLabels.jsonKey(s), o);
    }
    return root;
  }

  /** One console section: the type, its count in brackets and a bar scaled to the largest. */
  static String toConsole(TreeMap<TransactionType, Long> h) {
    if (h.isEmpty()) {
      return "<EMPTY>";
    }
    int keyWidth = 0;
    long max = 0;
    for (Map.Entry<TransactionType, Long> e : h.entrySet()) {
      keyWidth = Math.max(keyWidth, e.getKey().toString().length());
      max = Math.max(max, e.getValue());
    }
    int countWidth = Long.toString(max).length();
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<TransactionType, Long> e : h.entrySet()) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      String key = e.getKey().toString();
      sb.append(key);
      sb.append(" ".repeat(keyWidth - key.length() + 2));
      String count = Long.toString(e.getValue());
      sb.append('[').append(" ".repeat(countWidth - count.length())).append(count).append("] ");
      int bar = max == 0 ? 0 : (int) Math.round(60.0 * e.getValue() / max);
      if (bar == 0 && e.getValue() > 0) {
        bar = 1;
      }
      sb.append("*".repeat(bar));
    }
    return sb.toString();
  }
}
