package com.oltpbenchmark.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report page's throughput and latency over time, one list per key as report.js plots them:
 * {@code t}, {@code tput}, then the percentiles {@code p50}, {@code p95}, {@code p99} and, where
 * the source has it, {@code p999}. A run's own report reads p99.9 from memory; a result set read
 * back from its CSV files has none.
 */
final class LatencySeries {
  private static final List<String> KEYS = List.of("t", "tput", "p50", "p95", "p99", "p999");

  private final Map<String, List<Number>> columns = new LinkedHashMap<>();

  LatencySeries(boolean withP999) {
    for (String key : KEYS.subList(0, withP999 ? KEYS.size() : KEYS.size() - 1)) {
      columns.put(key, new ArrayList<>());
    }
  }

  /**
   * Adds a window: its time, its throughput and its percentiles in microseconds (null for a window
   * without requests), one value per key in key order.
   */
  void add(Number... window) {
    if (window.length != columns.size()) {
      throw new IllegalArgumentException(
          "a window has " + columns.size() + " values, got " + window.length);
    }
    int i = 0;
    for (List<Number> column : columns.values()) {
      column.add(window[i++]);
    }
  }

  Map<String, Object> toMap() {
    return new LinkedHashMap<>(columns);
  }
}
