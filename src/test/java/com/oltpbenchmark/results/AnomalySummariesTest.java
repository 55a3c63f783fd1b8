package com.oltpbenchmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnomalySummariesTest {

  private static Map<String, Object> part(long checked, long seen, String promise, String key) {
    Map<String, Object> stale = new LinkedHashMap<>();
    stale.put("checked", checked);
    stale.put("seen", seen);
    stale.put("per million checked", 0.0);
    stale.put("promise", promise);
    stale.put("examples", seen == 0 ? List.of() : List.of(Map.of("key", key)));
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("staleReads", stale);
    m.put("reads checked", checked);
    return m;
  }

  @Test
  void partsAddUpTheirCountsAndTheirPromisesAndTagTheirExamples() {
    Map<String, Object> parts = new LinkedHashMap<>();
    parts.put("p1", part(1_000, 0, "forbidden", null));
    parts.put("p2", part(3_000, 2, "allowed by reads from a hot standby", "node 5"));
    parts.put("p3", null);
    Map<String, Object> merged = AnomalySummaries.merge(parts);
    @SuppressWarnings("unchecked")
    Map<String, Object> stale = (Map<String, Object>) merged.get("staleReads");
    assertEquals(4_000L, stale.get("checked"));
    assertEquals(2L, stale.get("seen"));
    assertEquals(500.0, stale.get("per million checked"));
    assertEquals("allowed by reads from a hot standby", stale.get("promise"));
    assertEquals(List.of(Map.of("part", "p2", "key", "node 5")), stale.get("examples"));
    assertEquals(4_000L, merged.get("reads checked"));
  }

  @Test
  void forbiddenEverywhereStaysForbiddenAndNoPartMeansNone() {
    Map<String, Object> parts = new LinkedHashMap<>();
    parts.put("p1", part(10, 0, "forbidden", null));
    parts.put("p2", part(10, 0, "forbidden", null));
    @SuppressWarnings("unchecked")
    Map<String, Object> stale =
        (Map<String, Object>) AnomalySummaries.merge(parts).get("staleReads");
    assertEquals("forbidden", stale.get("promise"));
    Map<String, Object> none = new LinkedHashMap<>();
    none.put("p1", null);
    assertNull(AnomalySummaries.merge(none));
  }
}
