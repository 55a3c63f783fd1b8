package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.RunCollector.Change;
import com.oltpbenchmark.RunCollector.PhaseChange;
import com.oltpbenchmark.RunCollector.Window;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadAnomalySeriesTest {

  private final Map<String, Long> totals = new HashMap<>();

  private ReadAnomalySeries series() {
    totals.put("staleReads seen", 0L);
    totals.put("staleReads checked", 0L);
    return new ReadAnomalySeries(() -> new HashMap<>(totals), List.of("staleReads seen"));
  }

  private static long seconds(double s) {
    return (long) (s * 1e9);
  }

  @Test
  void keepsWhatEachWindowSawFromTheStartOfMeasurement() {
    ReadAnomalySeries s = series();
    totals.put("staleReads seen", 5L); // during warm-up: not part of any window
    s.phaseChanged(new PhaseChange(Change.MEASUREMENT_STARTED, seconds(10), null, 0));
    totals.put("staleReads seen", 7L);
    s.window(new Window(0, seconds(10), seconds(11)));
    s.window(new Window(1, seconds(11), seconds(12)));
    totals.put("staleReads seen", 10L);
    s.window(new Window(2, seconds(12), seconds(13)));
    Map<String, Object> out = perWindow(s);
    assertEquals(List.of(1.0, 2.0, 3.0), out.get("Seconds"));
    assertEquals(List.of(2L, 0L, 3L), out.get("staleReads"));
  }

  @Test
  void aLongRunKeepsAtMostMaxPointsAndEveryAnomaly() {
    ReadAnomalySeries s = series();
    s.phaseChanged(new PhaseChange(Change.MEASUREMENT_STARTED, 0, null, 0));
    int windows = ReadAnomalySeries.MAX_POINTS * 3 + 7;
    for (int i = 0; i < windows; i++) {
      totals.merge("staleReads seen", 1L, Long::sum);
      s.window(new Window(i, seconds(i), seconds(i + 1)));
    }
    Map<String, Object> out = perWindow(s);
    @SuppressWarnings("unchecked")
    List<Long> seen = (List<Long>) out.get("staleReads");
    assertTrue(seen.size() <= ReadAnomalySeries.MAX_POINTS, "points: " + seen.size());
    assertEquals(windows, seen.stream().mapToLong(Long::longValue).sum());
    @SuppressWarnings("unchecked")
    List<Double> t = (List<Double>) out.get("Seconds");
    assertEquals(windows, t.get(t.size() - 1), 1e-9);
  }

  /** What the collector puts under the summary's Per Window. */
  private static Map<String, Object> perWindow(ReadAnomalySeries s) {
    Map<String, Object> anomalies = new HashMap<>();
    anomalies.put("staleReads", Map.of("checked", 1L));
    var report = com.oltpbenchmark.results.RunReport.builder().anomalies(anomalies).build();
    @SuppressWarnings("unchecked")
    Map<String, Object> out =
        (Map<String, Object>) s.finish(null).addTo(report).anomalies().get("Per Window");
    return out;
  }
}
