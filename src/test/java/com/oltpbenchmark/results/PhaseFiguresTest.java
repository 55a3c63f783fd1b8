package com.oltpbenchmark.results;

import static com.oltpbenchmark.results.Fixtures.ADD_LINK;
import static com.oltpbenchmark.results.Fixtures.GET_NODE;
import static com.oltpbenchmark.results.Fixtures.MS;
import static com.oltpbenchmark.results.Fixtures.SEC;
import static com.oltpbenchmark.results.Fixtures.US;
import static com.oltpbenchmark.results.MeasurementCollector.NOT_RATE_LIMITED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.Phase;
import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.TransactionTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-phase figures (summary.json "Phases"), the mix test and the percentile curves. */
class PhaseFiguresTest {
  private static final long ORIGIN = 7_000 * SEC;

  private static WorkloadConfiguration workload() {
    WorkloadConfiguration wc = new WorkloadConfiguration();
    wc.setBenchmarkName("socialgraph");
    wc.setTransTypes(new TransactionTypes(new ArrayList<>(List.of(GET_NODE, ADD_LINK))));
    wc.addPhase(1, 10, 0, 0, List.of(50.0, 50.0), false, false, false, true, 2, null);
    wc.addPhase(
        2, 10, 0, 100, List.of(50.0, 50.0), true, false, false, true, 4, Phase.Arrival.POISSON);
    return wc;
  }

  /** {@code n} samples of a type in a phase, 1 ms apart from {@code from}, 2 ms each. */
  private static void samples(
      MeasurementCollector c, int type, int phase, int n, long from, long intendedLead) {
    for (int i = 0; i < n; i++) {
      long start = ORIGIN + from + i * MS;
      long intended = intendedLead < 0 ? NOT_RATE_LIMITED : start - intendedLead;
      c.record(type, start, start + 2 * MS, intended, 0, phase);
    }
  }

  @Test
  void phasesReportSettingsThroughputLatencyAndWhetherTheMixMatchedTheWeights() {
    MeasurementCollector c = new MeasurementCollector(5, false);
    c.beginMeasurement(ORIGIN, 1_795_000_000_000L);
    samples(c, GET_NODE.getId(), 1, 500, 0, -1);
    samples(c, ADD_LINK.getId(), 1, 500, 0, -1);
    // phase 2 draws 9:1 although its weights say 1:1
    samples(c, GET_NODE.getId(), 2, 900, 10 * SEC, 5 * MS);
    samples(c, ADD_LINK.getId(), 2, 100, 10 * SEC, 5 * MS);
    c.finish();
    RunReport r =
        RunReport.builder()
            .finalState("EXIT")
            .addWorkload(workload())
            .addUnservedRequests(2, 7L)
            .build();

    List<Map<String, Object>> phases = PhaseFigures.build(r, c);

    assertEquals(2, phases.size());
    Map<String, Object> p1 = phases.get(0);
    assertEquals(1, p1.get("Phase"));
    assertEquals(2, p1.get("Terminals"));
    assertNull(p1.get("Rate (requests/second)"));
    assertEquals(1000L, p1.get("Requests"));
    assertEquals(100.0, (double) p1.get("Throughput (requests/second)"), 1e-9, "1000 in 10 s");
    assertEquals(0.0, (double) p1.get("Mix Chi-Square"), 1e-9);
    assertEquals(1.0, (double) p1.get("Mix p-value"), 1e-9);
    assertNull(p1.get(ResultKeys.INTENDED_START_DISTRIBUTION));
    assertEquals(0.0, (double) p1.get("Start (seconds)"), 1e-9);

    Map<String, Object> p2 = phases.get(1);
    assertEquals(100.0, p2.get("Rate (requests/second)"));
    assertEquals("POISSON", p2.get("Arrival"));
    assertEquals(7L, p2.get(ResultKeys.UNSERVED_REQUESTS));
    assertEquals(10.0, (double) p2.get("Start (seconds)"), 1e-9);
    // chi-square = 2 * 400^2 / 500 = 640 on one degree of freedom
    assertEquals(640.0, (double) p2.get("Mix Chi-Square"), 1e-9);
    assertTrue((double) p2.get("Mix p-value") < 1e-12, "a 9:1 draw against 1:1 weights");
    @SuppressWarnings("unchecked")
    Map<String, Object> mix = (Map<String, Object>) p2.get("Transaction Mix");
    assertEquals(Map.of("Requests", 900L, "Weight", 50.0), mix.get("GetNode"));
    @SuppressWarnings("unchecked")
    Map<String, Object> intended =
        (Map<String, Object>) p2.get(ResultKeys.INTENDED_START_DISTRIBUTION);
    assertEquals(7000L, intended.get("Median Latency (microseconds)"), "2 ms served + 5 ms queued");
  }

  @Test
  void summaryJsonCarriesThePhases() {
    MeasurementCollector c = new MeasurementCollector(5, false);
    c.beginMeasurement(ORIGIN, 1_795_000_000_000L);
    samples(c, GET_NODE.getId(), 1, 10, 0, -1);
    c.finish();
    RunReport r = RunReport.builder().finalState("EXIT").addWorkload(workload()).build();
    Map<String, Object> summary = SummaryJson.build(r, c, null, 0);
    assertEquals(2, ((List<?>) summary.get(ResultKeys.PHASES)).size());
  }

  @Test
  void percentileCurveRunsFromTheMinimumToTheMaximumInStepsOfATenthOfANine() {
    MeasurementCollector c = new MeasurementCollector(5, false);
    c.beginMeasurement(ORIGIN, 1_795_000_000_000L);
    for (int i = 1; i <= 1000; i++) {
      c.record(GET_NODE.getId(), ORIGIN, ORIGIN + i * US, NOT_RATE_LIMITED, 0, 1);
    }
    c.finish();
    PercentileCurve curve = c.overallCurve();
    assertEquals(32, curve.percentiles.size(), "0 to 3 nines in tenths, then the maximum");
    assertEquals(0.0, curve.percentiles.get(0), 1e-9);
    assertEquals(1L, curve.micros.get(0));
    assertEquals(90.0, curve.percentiles.get(10), 1e-9);
    assertEquals(900L, curve.micros.get(10), 1.0);
    assertEquals(99.0, curve.percentiles.get(20), 1e-9);
    assertEquals(990L, curve.micros.get(20), 1.0);
    assertEquals(1000L, curve.micros.get(curve.micros.size() - 1));
    for (int i = 1; i < curve.micros.size(); i++) {
      assertTrue(curve.micros.get(i) >= curve.micros.get(i - 1), "monotone at " + i);
    }
    assertEquals(1000, c.curvesByType().get(GET_NODE.getId()).micros.get(31), "per type likewise");
    assertTrue(c.intendedStartCurve().percentiles.isEmpty(), "no rate-limited sample");
  }
}
