package com.oltpbenchmark.report;

import static com.oltpbenchmark.report.JsonMaps.number;
import static com.oltpbenchmark.report.JsonMaps.object;

import com.oltpbenchmark.api.collectors.database.DatabaseFigures;
import com.oltpbenchmark.results.ResultKeys;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The short table a run ends with: throughput, per-type latency and outcomes, audit, report. */
final class ConsoleTable {
  private static final String[] HEADER = {
    "Type", "Requests", "p50 ms", "p99 ms", "p99.9 ms", "Aborts", "Retries", "Errors"
  };

  /** The run model's key of the side collectors' footer lines. */
  static final String FOOTER = "footer";

  private ConsoleTable() {}

  static String render(Map<String, Object> run, Path report) {
    Map<String, Object> s = object(run.get("summary"));
    StringBuilder sb = new StringBuilder();
    // Throughput counts every measured request whatever its outcome: said so, and the served
    // ones beside it, so that a run whose requests all failed does not read as a fast one. The
    // served rate is the measured window's; upstream's goodput counts warm-up successes too (it
    // can exceed the throughput), so it stands here only for a result set without a served count.
    Object served = s.get(ResultKeys.SERVED_REQUESTS);
    double seconds = number(s.get("Elapsed Time (nanoseconds)")) / 1e9;
    String servedRate;
    String servedCount;
    if (served instanceof Number n) {
      servedRate =
          String.format(
              Locale.ROOT, "%.1f requests/s served", seconds > 0 ? n.longValue() / seconds : 0.0);
      servedCount = ", " + n.longValue() + " served,";
    } else {
      servedRate =
          String.format(
              Locale.ROOT,
              "goodput %.1f requests/s (warm-up included)",
              number(s.get("Goodput (requests/second)")));
      servedCount = "";
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "Throughput %.1f requests/s attempted, %s; %d requests measured%s in %.1f s (%s)%n",
            number(s.get("Throughput (requests/second)")),
            servedRate,
            (long) number(s.get("Measured Requests")),
            servedCount,
            seconds,
            s.get("Final State")));
    List<String[]> rows = new ArrayList<>();
    rows.add(HEADER);
    Map<String, Object> byType = object(s.get(ResultKeys.DISTRIBUTION_BY_TYPE));
    Map<String, Object> status = object(s.get(ResultKeys.STATUS_COUNTS));
    if (byType != null) {
      for (Map.Entry<String, Object> e : byType.entrySet()) {
        Map<String, Object> d = object(e.getValue());
        Map<String, Object> st = status == null ? null : object(status.get(e.getKey()));
        rows.add(
            new String[] {
              e.getKey(),
              count(d.get(ResultKeys.REQUESTS)),
              millis(d.get("Median Latency (microseconds)")),
              millis(d.get("99th Percentile Latency (microseconds)")),
              millis(d.get(ResultKeys.P999)),
              count(st == null ? null : st.get("USER_ABORTED")),
              count(
                  st == null ? null : number(st.get("RETRY")) + number(st.get("RETRY_DIFFERENT"))),
              count(st == null ? null : st.get("ERROR"))
            });
      }
    }
    Map<String, Object> all = object(s.get("Latency Distribution"));
    if (all != null) {
      rows.add(
          new String[] {
            "All",
            count(s.get("Measured Requests")),
            millis(all.get("Median Latency (microseconds)")),
            millis(all.get("99th Percentile Latency (microseconds)")),
            millis(all.get(ResultKeys.P999)),
            "",
            "",
            ""
          });
    }
    int[] width = new int[HEADER.length];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        String cell = r[i];
        line.append(
            i == 0 ? cell + " ".repeat(width[i] - cell.length()) : "  " + pad(cell, width[i]));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    Map<String, Object> inFlight = object(s.get(ResultKeys.IN_FLIGHT_AT_END));
    if (inFlight != null && number(inFlight.get(ResultKeys.REQUESTS)) > 0) {
      sb.append(
          String.format(
              Locale.ROOT,
              "In flight at end: %d request(s) still waiting on the database %.1f s after the end,"
                  + " abandoned (the longest had waited %.1f s)%n",
              (long) number(inFlight.get(ResultKeys.REQUESTS)),
              number(inFlight.get("Grace (seconds)")),
              number(inFlight.get("Longest Wait (seconds)"))));
    }
    sb.append("Audit: ").append(auditVerdict(run.get("audit"))).append('\n');
    String anomalies = anomalyLine(object(s.get(ResultKeys.ANOMALIES)));
    if (anomalies != null) {
      sb.append(anomalies).append('\n');
    }
    for (String line : DatabaseFigures.consoleLines(object(s.get(DatabaseFigures.SUMMARY_KEY)))) {
      sb.append(line).append('\n');
    }
    // the side collectors' own lines (RunReport.Section), in their order
    if (run.get(FOOTER) instanceof List<?> footer) {
      for (Object line : footer) {
        sb.append(line).append('\n');
      }
    }
    sb.append("Report: ").append(report == null ? "not written" : report);
    return sb.toString();
  }

  /**
   * The online read checks in one line, e.g. {@code Anomalies: fracturedReads 12 of 30,511 checked
   * (allowed by Spider ...), staleReads 0 of 88,020, ...}; null without them.
   */
  static String anomalyLine(Map<String, Object> anomalies) {
    if (anomalies == null) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    anomalies.forEach(
        (name, v) -> {
          Map<String, Object> c = object(v);
          if (c != null && c.get("checked") != null) {
            long seen = (long) number(c.get("seen"));
            String promise = String.valueOf(c.get("promise"));
            parts.add(
                String.format(
                    Locale.ROOT,
                    "%s %,d of %,d checked%s",
                    name,
                    seen,
                    (long) number(c.get("checked")),
                    seen == 0 ? "" : " (" + promise + ")"));
          }
        });
    return parts.isEmpty() ? null : "Anomalies: " + String.join(", ", parts);
  }

  /** The audit's verdict field if it has one, else a pointer to the report. */
  static String auditVerdict(Object audit) {
    if (audit == null) {
      return "not run";
    }
    Map<String, Object> m = object(audit);
    if (m == null) {
      return String.valueOf(audit);
    }
    for (String k : new String[] {"Verdict", "verdict", "Result", "result", "Status", "status"}) {
      if (m.get(k) != null) {
        return String.valueOf(m.get(k));
      }
    }
    return "see the report";
  }

  private static String pad(String s, int w) {
    return " ".repeat(Math.max(0, w - s.length())) + s;
  }

  private static String count(Object v) {
    double d = number(v);
    return Double.isNaN(d) ? "-" : Long.toString((long) d);
  }

  private static String millis(Object micros) {
    double d = number(micros);
    return Double.isNaN(d) || d < 0 ? "-" : String.format(Locale.ROOT, "%.2f", d / 1000.0);
  }
}
