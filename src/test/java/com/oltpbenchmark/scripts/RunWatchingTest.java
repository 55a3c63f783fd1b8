package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.ScriptRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/common.sh's run_watching, which the upstream drop-in stage runs upstream BenchBase with:
 * a run whose log shows upstream's own fetchWork race is stopped at once (status 75) and run again,
 * not left to hang until the stage's 600 s limit.
 */
class RunWatchingTest {

  /** How a JVM prints the worker that upstream's race killed (the uncaught exception's trace). */
  private static final String RACE_TRACE =
      "Exception in thread \\\"GetNode<003>\\\" java.lang.NullPointerException: Cannot invoke"
          + " \\\"com.oltpbenchmark.api.Phase.chooseTransaction(boolean)\\\" because"
          + " \\\"this.currentPhase\\\" is null\\n"
          + "\\tat com.oltpbenchmark.WorkloadState.fetchWork(WorkloadState.java:132)\\n"
          + "\\tat com.oltpbenchmark.api.Worker.run(Worker.java:242)\\n";

  @TempDir Path dir;

  private ScriptRun watch(int limitSeconds, String pattern, String command) throws Exception {
    String script =
        ". scripts/common.sh; rc=0; run_watching '"
            + dir.resolve("log")
            + "' "
            + limitSeconds
            + " '"
            + pattern
            + "' sh -c \""
            + command
            + "\" || rc=$?; echo rc=$rc";
    return ScriptRun.of("bash", 120, Map.of(), "-c", script);
  }

  private static String dropInPattern() throws Exception {
    Matcher m =
        Pattern.compile("(?m)^upstream_race='([^']+)'$")
            .matcher(Files.readString(Path.of("scripts/upstream-dropin.sh")));
    assertTrue(m.find(), "scripts/upstream-dropin.sh defines upstream_race");
    return m.group(1);
  }

  @Test
  void aRunThatShowsUpstreamsRaceIsStoppedAtOnce() throws Exception {
    long t0 = System.nanoTime();
    ScriptRun r = watch(600, dropInPattern(), "printf '" + RACE_TRACE + "'; exec sleep 600");
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertEquals("rc=75", r.lastLine(), r.out());
    assertTrue(seconds < 60, "stopped after " + seconds + " s, not at once");
    assertTrue(Files.readString(dir.resolve("log")).contains("WorkloadState.fetchWork"));
  }

  @Test
  void aRunThatPrintsTheRaceAndExitsAtOnceIsStillCaught() throws Exception {
    ScriptRun r = watch(600, dropInPattern(), "printf '" + RACE_TRACE + "'; exit 1");
    assertEquals("rc=75", r.lastLine(), r.out());
  }

  @Test
  void anExceptionOfTheModuleIsNotUpstreamsRace() throws Exception {
    String moduleTrace =
        "java.lang.NullPointerException\\n\\tat"
            + " com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode.run(GetNode.java:40)\\n"
            + "\\tat com.oltpbenchmark.api.Worker.run(Worker.java:250)\\n";
    ScriptRun r = watch(600, dropInPattern(), "printf '" + moduleTrace + "'; exit 3");
    assertEquals("rc=3", r.lastLine(), r.out());
  }

  @Test
  void theCommandsOwnStatusPassesThrough() throws Exception {
    assertEquals("rc=0", watch(600, "never", "echo fine").lastLine());
    assertEquals("rc=4", watch(600, "never", "echo fine; exit 4").lastLine());
    assertEquals("fine", Files.readString(dir.resolve("log")).strip());
  }

  @Test
  void theLimitEndsAHungCommandAs124() throws Exception {
    long t0 = System.nanoTime();
    ScriptRun r = watch(1, "never", "exec sleep 600");
    assertEquals("rc=124", r.lastLine(), r.out());
    assertTrue((System.nanoTime() - t0) / 1e9 < 60);
  }
}
