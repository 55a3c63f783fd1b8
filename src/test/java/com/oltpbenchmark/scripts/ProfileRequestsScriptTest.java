package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.ScriptRun;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scripts/measure/profile-requests.sh without a database: bad input is a one-line error, and -x
 * prints the plan of each run. The profiles themselves are a measurement, not a test (see
 * docs/performance.md); their parser is tested in com.oltpbenchmark.profile.
 */
class ProfileRequestsScriptTest {

  private static ScriptRun run(String... args) throws IOException, InterruptedException {
    return ScriptRun.of("scripts/measure/profile-requests.sh", 60, Map.of(), args);
  }

  @Test
  void thePlanIsOneRunPerDatabaseAndCaseWithTheOneTypeAlone() throws Exception {
    ScriptRun r = run("-x", "-b", "mariadb", "-k", "linkbench,writetxn", "-n", "2000");
    assertEquals(0, r.code(), r.out());
    assertEquals(2, r.out().lines().filter(l -> l.startsWith("PLAN  ")).count(), r.out());
    assertTrue(r.out().contains("PLAN  MariaDB LinkBench mix: database sg_profile, 2000 nodes"));
    assertTrue(r.out().contains("sample_taobench_config.xml, writetxn alone"), r.out());
    assertTrue(r.out().contains("-XX:StartFlightRecording="), r.out());
  }

  @Test
  void unknownCaseOrDatabaseIsAnErrorNamingIt() throws Exception {
    ScriptRun r = run("-x", "-k", "read,scan");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.lastLine().contains("unknown case 'scan'"), r.out());
    r = run("-x", "-b", "oracle");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.lastLine().contains("unknown database 'oracle'"), r.out());
  }

  @Test
  void anOwnConfigNeedsALabel() throws Exception {
    ScriptRun r = run("-x", "-c", "config/postgres/sample_socialgraph_config.xml");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.lastLine().contains("-c needs -l <label>"), r.out());
  }
}
