package com.oltpbenchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where a concurrency sweep stops paying off and where a rate sweep stops keeping up. */
class SaturationTest {
  private static Map<String, Object> phase(
      int id, int terminals, Double rate, double throughput, long unserved) {
    Map<String, Object> p = new HashMap<>();
    p.put("Phase", id);
    p.put("Terminals", terminals);
    p.put("Rate (requests/second)", rate);
    p.put("Time (seconds)", 10);
    p.put("Requests", (long) (throughput * 10));
    p.put("Throughput (requests/second)", throughput);
    p.put("Unserved Rate-Limited Requests", unserved);
    return p;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> kind(List<Map<String, Object>> phases, String kind) {
    return (Map<String, Object>) Saturation.of(phases).get(kind);
  }

  @Test
  void concurrencyKneeIsTheFewestTerminalsWithinTenPercentOfTheBest() {
    Map<String, Object> knee =
        kind(
            List.of(
                phase(1, 1, null, 100, 0),
                phase(2, 2, null, 190, 0),
                phase(3, 4, null, 300, 0),
                phase(4, 8, null, 310, 0)),
            "concurrency");
    assertEquals(3, knee.get("phase"));
    assertEquals(4, knee.get("terminals"));
  }

  @Test
  void rateSaturationIsTheFirstRateNotKeptUpWith() {
    Map<String, Object> r =
        kind(
            List.of(
                phase(1, 8, 100.0, 100, 0), phase(2, 8, 200.0, 199, 0), phase(3, 8, 400.0, 300, 0)),
            "rate");
    assertEquals(3, r.get("phase"));
    assertTrue(r.get("reason").toString().contains("below 95%"), r.toString());
    Map<String, Object> unserved =
        kind(List.of(phase(1, 8, 100.0, 100, 0), phase(2, 8, 200.0, 200, 30)), "rate");
    assertEquals(2, unserved.get("phase"), "30 of 2000 due requests never served");
  }

  @Test
  void noSweepNoPoint() {
    assertNull(kind(List.of(phase(1, 4, null, 100, 0), phase(2, 4, null, 120, 0)), "concurrency"));
    assertNull(kind(List.of(phase(1, 4, 100.0, 100, 0), phase(2, 4, 200.0, 200, 0)), "rate"));
  }
}
