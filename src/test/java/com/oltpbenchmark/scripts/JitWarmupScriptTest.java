package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.ScriptRun;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scripts/measure/jit-warmup.sh without a database: bad input is a one-line error, and -x prints
 * the load, one training run per archived variant, and the measured runs alternating over the
 * variants. The measurement itself is a benchmark, not a test (docs/performance.md).
 */
class JitWarmupScriptTest {

  private static ScriptRun run(String... args) throws IOException, InterruptedException {
    return ScriptRun.of(
        "scripts/measure/jit-warmup.sh", 60, Map.of("JAVA25", "/opt/jdk25/bin/java"), args);
  }

  @Test
  void thePlanTrainsEachArchiveOnceAndAlternatesTheRuns() throws Exception {
    ScriptRun r = run("-x", "-r", "2", "-v", "jdk17,jdk25-aot");
    assertEquals(0, r.code(), r.out());
    var plan = r.out().lines().filter(l -> l.startsWith("PLAN  ")).toList();
    assertEquals(6, plan.size(), r.out());
    assertTrue(plan.get(0).contains("--create --load"), plan.get(0));
    assertTrue(
        plan.get(1).startsWith("PLAN  train jdk25-aot: /opt/jdk25/bin/java -XX:AOTCacheOutput="),
        plan.get(1));
    assertTrue(plan.get(2).startsWith("PLAN  run 1 jdk17: java  -jar"), plan.get(2));
    assertTrue(plan.get(3).contains("run 1 jdk25-aot") && plan.get(3).contains("-XX:AOTCache="));
    assertTrue(plan.get(5).contains("run 2 jdk25-aot") && plan.get(5).contains("(30 s + 60 s)"));
  }

  @Test
  void aWarmUpUntilTheJitSettledIsInThePlanAndNoShorterThanTheFixedOne() throws Exception {
    ScriptRun r = run("-x", "-v", "jdk17", "-w", "10", "-u", "120");
    assertEquals(0, r.code(), r.out());
    assertTrue(r.out().contains("(10 s to the JIT's settling, at most 120 s, + 60 s)"), r.out());
    r = run("-x", "-v", "jdk17", "-w", "30", "-u", "20");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.lastLine().contains("must be 0 or at least the warm-up (-w 30)"), r.out());
    r = run("-x", "-v", "jdk17", "-u", "soon");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.lastLine().contains("longest (-u) must be 0 or a positive integer"), r.out());
  }

  @Test
  void anUnknownVariantOrADatabaseWithoutRunsIsAnError() throws Exception {
    ScriptRun r = run("-x", "-v", "jdk17,graal");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.lastLine().contains("unknown variant 'graal'"), r.out());
    r = run("-x", "-c", "config/sqlite/sample_socialgraph_config.xml");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.lastLine().contains("PostgreSQL or MariaDB"), r.out());
  }
}
