package com.oltpbenchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The table a run ends with. */
class ConsoleTableTest {
  private static Map<String, Object> run(Object audit) {
    Map<String, Object> dist = new LinkedHashMap<>();
    dist.put("Requests", 90);
    dist.put("Median Latency (microseconds)", 1500);
    dist.put("99th Percentile Latency (microseconds)", 25000);
    dist.put("99.9th Percentile Latency (microseconds)", 40000);
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("Elapsed Time (nanoseconds)", 10_000_000_000L);
    s.put("Final State", "EXIT");
    s.put("Measured Requests", 90);
    s.put("Throughput (requests/second)", 9.0);
    s.put("Goodput (requests/second)", 8.5);
    s.put("Served Requests", 85);
    s.put("Latency Distribution", dist);
    s.put("Latency Distribution By Transaction Type", Map.of("GetNode", dist));
    s.put(
        "Transaction Status Counts",
        Map.of(
            "GetNode",
            Map.of(
                "SUCCESS", 85, "USER_ABORTED", 3, "RETRY", 2, "RETRY_DIFFERENT", 1, "ERROR", 4)));
    Map<String, Object> r = new HashMap<>();
    r.put("summary", s);
    r.put("audit", audit);
    return r;
  }

  @Test
  void showsThroughputPerTypeLatencyOutcomesAuditAndReportPath() {
    String t = ConsoleTable.render(run(null), Path.of("/r/x.report.html"));
    String[] lines = t.split("\n");
    assertEquals(
        "Throughput 9.0 requests/s attempted, 8.5 requests/s served; 90 requests measured,"
            + " 85 served, in 10.0 s (EXIT)",
        lines[0]);
    assertTrue(
        lines[1].matches("Type +Requests +p50 ms +p99 ms +p99.9 ms +Aborts +Retries +Errors"),
        lines[1]);
    assertTrue(lines[2].matches("GetNode +90 +1\\.50 +25\\.00 +40\\.00 +3 +3 +4"), lines[2]);
    assertTrue(
        lines[3].matches("All +90 +1\\.50 +25\\.00 +40\\.00"), "no trailing blanks: " + lines[3]);
    assertEquals("Audit: not run", lines[4]);
    assertEquals("Report: /r/x.report.html", lines[5]);
  }

  @Test
  void saysAttemptedAndServedApartAndLeavesServedOutWhenTheSummaryLacksIt() {
    Map<String, Object> run = run(null);
    @SuppressWarnings("unchecked")
    Map<String, Object> s = (Map<String, Object>) run.get("summary");
    s.put("Served Requests", 0);
    // upstream's goodput counts warm-up successes too: not what "served" here means
    s.put("Goodput (requests/second)", 12.0);
    assertTrue(
        ConsoleTable.render(run, Path.of("r.html"))
            .startsWith(
                "Throughput 9.0 requests/s attempted, 0.0 requests/s served; 90 requests"
                    + " measured, 0 served, in 10.0 s (EXIT)\n"));
    s.remove("Served Requests");
    assertTrue(
        ConsoleTable.render(run, Path.of("r.html"))
            .startsWith(
                "Throughput 9.0 requests/s attempted, goodput 12.0 requests/s (warm-up included);"
                    + " 90 requests measured in 10.0 s (EXIT)\n"));
  }

  @Test
  void showsTheAuditVerdictWhenThereIsOne() {
    String t = ConsoleTable.render(run(Map.of("Verdict", "FAIL")), Path.of("r.html"));
    assertTrue(t.contains("\nAudit: FAIL\n"), t);
  }

  @Test
  void saysWhatTheReadsSawAndTheSettingOfAnAllowedClass() {
    Map<String, Object> fractured = new java.util.LinkedHashMap<>();
    fractured.put("checked", 30_511L);
    fractured.put("seen", 12L);
    fractured.put("promise", "allowed by Spider");
    Map<String, Object> stale = new java.util.LinkedHashMap<>();
    stale.put("checked", 88_020L);
    stale.put("seen", 0L);
    stale.put("promise", "forbidden");
    Map<String, Object> anomalies = new java.util.LinkedHashMap<>();
    anomalies.put("fracturedReads", fractured);
    anomalies.put("staleReads", stale);
    anomalies.put("reads checked", 90_000L);
    assertEquals(
        "Anomalies: fracturedReads 12 of 30,511 checked (allowed by Spider),"
            + " staleReads 0 of 88,020 checked",
        ConsoleTable.anomalyLine(anomalies));
    assertEquals(null, ConsoleTable.anomalyLine(null));
  }
}
