package com.oltpbenchmark.results;

import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.collectors.database.DatabaseFigures;
import com.oltpbenchmark.types.TransactionStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The summary.json object: upstream's keys in upstream's order, then the documented additions. */
final class SummaryJson {
  /**
   * Upstream's nested "Latency Distribution" keys in the order its hash map prints them (the order
   * carries no meaning; matching it keeps files byte-comparable).
   */
  private static final List<String> UPSTREAM_DISTRIBUTION_ORDER =
      List.of(
          "95th Percentile Latency (microseconds)",
          "Maximum Latency (microseconds)",
          "Median Latency (microseconds)",
          "Minimum Latency (microseconds)",
          "25th Percentile Latency (microseconds)",
          "90th Percentile Latency (microseconds)",
          "99th Percentile Latency (microseconds)",
          "75th Percentile Latency (microseconds)",
          "Average Latency (microseconds)");

  /** The configuration values the summary reports, as top-level keys of the configuration. */
  static final List<String> CONFIG_KEYS = List.of("isolation", "scalefactor", "terminals");

  /** The top-level configuration values a report keeps: CONFIG_KEYS and the driver process. */
  static final List<String> RECORDED_CONFIG_KEYS =
      List.of("isolation", "scalefactor", "terminals", "driverProcess");

  private SummaryJson() {}

  static Map<String, Object> build(
      RunReport r, MeasurementCollector c, String dbmsVersion, long nowMillis) {
    LatencyStats overall = c.overallStats();
    double elapsedSeconds = r.elapsedNanos() / 1e9;
    long success = StatusHistograms.total(r, TransactionStatus.SUCCESS);

    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Start timestamp (milliseconds)", r.startTimestampMillis());
    m.put("Current Timestamp (milliseconds)", nowMillis);
    m.put("Elapsed Time (nanoseconds)", r.elapsedNanos());
    m.put("DBMS Type", r.dbmsType());
    m.put("DBMS Version", dbmsVersion);
    m.put("Benchmark Type", r.benchmarkArgument());
    m.put("Final State", r.finalState());
    m.put("Measured Requests", overall.count);
    for (String key : CONFIG_KEYS) {
      m.put(key, r.configValue(key));
    }
    m.put("Latency Distribution", upstreamDistribution(overall));
    RunReport.Merge merge = r.merge();
    // Parts that ran side by side: their rates add up, whatever the span of the merged run.
    m.put(
        "Throughput (requests/second)",
        merge != null ? merge.throughput() : perSecond(overall.count, elapsedSeconds));
    m.put(
        "Goodput (requests/second)",
        merge != null ? merge.goodput() : perSecond(success, elapsedSeconds));

    // Additions (new keys only).
    m.put(ResultKeys.SERVED_REQUESTS, r.servedRequests());
    LatencyStats intended = c.intendedStartStats();
    m.put(
        ResultKeys.INTENDED_START_DISTRIBUTION, intended.isEmpty() ? null : distribution(intended));
    LatencyStats service = c.rateLimitedServiceStats();
    m.put(
        ResultKeys.SERVICE_TIME_RATE_LIMITED_DISTRIBUTION,
        service.isEmpty() ? null : distribution(service));
    Map<Integer, LatencyStats> byId = c.statsByType();
    Map<String, Object> byType = new LinkedHashMap<>();
    for (TransactionType t : types(r)) {
      byType.put(t.getName(), distribution(byId.getOrDefault(t.getId(), LatencyStats.EMPTY)));
    }
    m.put(ResultKeys.DISTRIBUTION_BY_TYPE, byType);
    m.put(ResultKeys.STATUS_COUNTS, statusCounts(r));
    m.put(ResultKeys.ABORT_MESSAGES, perType(r, r.abortMessages()));
    m.put(ResultKeys.ERROR_STATES, perType(r, r.errorStates()));
    m.put(ResultKeys.ERROR_MESSAGES, new TreeMap<>(r.errorMessages()));
    Map<String, Long> unserved = new LinkedHashMap<>();
    new TreeMap<>(r.unservedRequests()).forEach((phase, n) -> unserved.put(phase.toString(), n));
    m.put(ResultKeys.UNSERVED_REQUESTS, unserved);
    m.put(ResultKeys.LATE_SAMPLES, c.lateSamples());
    m.put(ResultKeys.IN_FLIGHT_AT_END, r.inFlightAtEnd().toSummary());
    m.put(ResultKeys.PHASES, PhaseFigures.build(r, c));
    m.putAll(ResourceSummary.entries(r, overall.count));
    if (r.auditSummary() != null) {
      m.put(ResultKeys.AUDIT, r.auditSummary());
    }
    if (r.anomalies() != null) {
      m.put(ResultKeys.ANOMALIES, r.anomalies());
    }
    if (r.databaseFigures() != null) {
      m.put(DatabaseFigures.SUMMARY_KEY, r.databaseFigures().summary());
    }
    for (RunReport.Section section : r.sections()) {
      m.put(section.key(), section.summary());
    }
    if (merge != null) {
      m.put(ResultKeys.MERGED_RESULT_SETS, merge.parts());
    } else if (r.configValue("driverProcess") != null) {
      m.put(ResultKeys.DRIVER_PROCESS, r.configValue("driverProcess"));
    }
    if (r.clockOffset() != null) {
      m.put(ClockOffset.SUMMARY_KEY, r.clockOffset().toSummary());
    }
    return m;
  }

  static Map<String, Object> upstreamDistribution(LatencyStats s) {
    Map<String, Object> all = s.toSummaryMap();
    Map<String, Object> m = new LinkedHashMap<>();
    for (String k : UPSTREAM_DISTRIBUTION_ORDER) {
      m.put(k, all.get(k));
    }
    m.put(ResultKeys.P999, all.get(ResultKeys.P999));
    m.put(ResultKeys.P9999, all.get(ResultKeys.P9999));
    return m;
  }

  /** An added distribution: its sample count, then the statistics in ascending order. */
  static Map<String, Object> distribution(LatencyStats s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(ResultKeys.REQUESTS, s.count);
    m.putAll(s.toSummaryMap());
    return m;
  }

  private static Map<String, Object> statusCounts(RunReport r) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (TransactionType t : types(r)) {
      Map<TransactionStatus, Long> counts = r.statusCounts().get(t);
      Map<String, Long> o = new LinkedHashMap<>();
      for (TransactionStatus s : TransactionStatus.values()) {
        Long n = counts == null ? null : counts.get(s);
        o.put(s.name(), n == null ? 0L : n);
      }
      m.put(t.getName(), o);
    }
    return m;
  }

  private static Map<String, Object> perType(
      RunReport r, Map<TransactionType, Map<String, Long>> source) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (TransactionType t : types(r)) {
      Map<String, Long> v = source.get(t);
      m.put(t.getName(), v == null ? new TreeMap<String, Long>() : new TreeMap<>(v));
    }
    return m;
  }

  /** Configured types in id order, plus any type the engine counted that is not configured. */
  static List<TransactionType> types(RunReport r) {
    TreeMap<Integer, TransactionType> byId = new TreeMap<>();
    r.transactionTypes().forEach(t -> byId.putIfAbsent(t.getId(), t));
    r.statusCounts().keySet().forEach(t -> byId.putIfAbsent(t.getId(), t));
    r.abortMessages().keySet().forEach(t -> byId.putIfAbsent(t.getId(), t));
    r.errorStates().keySet().forEach(t -> byId.putIfAbsent(t.getId(), t));
    byId.remove(TransactionType.INVALID_ID);
    return List.copyOf(byId.values());
  }

  private static double perSecond(long n, double seconds) {
    return seconds > 0 ? n / seconds : 0.0;
  }
}
