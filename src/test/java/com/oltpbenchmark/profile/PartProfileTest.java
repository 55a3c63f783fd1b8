package com.oltpbenchmark.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Only the terminals' samples inside the measured window count; bytes are per measured request, CPU
 * as a share of the terminals' samples.
 */
class PartProfileTest {
  private static final String SG = "com.oltpbenchmark.benchmarks.socialgraph.";
  private static final List<PartRules.Frame> JDBC =
      PartRulesTest.stack("org.postgresql.core.PGStream#receiveTupleV3");
  private static final List<PartRules.Frame> DRAW =
      PartRulesTest.stack(SG + "linkbench.LinkBenchRequestGenerator#getNode");

  @SuppressWarnings("unchecked")
  private static Map<String, Object> part(Map<String, Object> profile, RequestPart p) {
    return (Map<String, Object>) ((Map<String, Object>) profile.get("parts")).get(p.name());
  }

  @Test
  void countsTheTerminalsInsideTheWindowPerRequest() {
    PartProfile p = new PartProfile(1_000, 2_000);
    String t = "SocialGraphWorker<001>";
    p.cpuSample(t, 1_000, JDBC);
    p.cpuSample(t, 1_500, JDBC);
    p.cpuSample(t, 1_999, JDBC);
    p.cpuSample(t, 1_200, DRAW);
    p.cpuSample(t, 999, DRAW); // warm-up
    p.cpuSample(t, 2_000, DRAW); // after the window
    p.cpuSample("progress", 1_500, DRAW); // not a terminal
    p.allocation(t, 1_100, "[B", 3_000, JDBC);
    p.allocation(t, 1_100, "Node", 1_000, DRAW);
    p.allocation("main", 1_100, "Node", 50_000, DRAW);
    p.allocation(t, 500, "Node", 50_000, DRAW);

    Map<String, Object> m = p.toMap("case", 10);
    assertEquals(4L, m.get("cpu samples"));
    assertEquals(1L, m.get("other threads' cpu samples"));
    assertEquals(400.0, m.get("bytes per request"));
    assertEquals(0.75, part(m, RequestPart.JDBC).get("cpu share"));
    assertEquals(300.0, part(m, RequestPart.JDBC).get("bytes per request"));
    assertEquals(0.25, part(m, RequestPart.DRAW).get("cpu share"));
    assertEquals(100.0, part(m, RequestPart.DRAW).get("bytes per request"));
    assertEquals(0.0, part(m, RequestPart.MEASUREMENT).get("cpu share"));
    @SuppressWarnings("unchecked")
    Map<String, Double> sites =
        (Map<String, Double>) m.get("top allocation sites (bytes per request)");
    assertEquals(300.0, sites.get("[B in PGStream.receiveTupleV3"));
  }

  @Test
  void aSiteNamesItsTopFrameAndTheCodeBelowOutsideTheJdk() {
    assertEquals(
        "HashMap.getNode < OpenStatements$Kept.find < StatementBinder.open < TaoReads.read",
        PartProfile.site(
            PartRulesTest.stack(
                "java.util.HashMap#getNode",
                "java.util.HashMap#get",
                SG + "procedures.OpenStatements$Kept#find",
                SG + "procedures.StatementBinder#open",
                SG + "procedures.tao.TaoReads#read",
                SG + "procedures.Read#run"),
            3));
  }

  @Test
  void refusesAnEmptyWindowAndNoRequests() {
    assertThrows(IllegalArgumentException.class, () -> new PartProfile(5, 5));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new PartProfile(0, 5).toMap("x", 0));
    assertTrue(e.getMessage().contains("no request"), e.getMessage());
  }
}
