package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.ScriptRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * scripts/measure/compare-with-originals.sh without the peers or a database: bad input is a
 * one-line error, and --dry-run prints the plan of each chosen pairing. The measured runs
 * themselves are a benchmark, not a test (see docs/performance.md).
 */
class CompareWithOriginalsScriptTest {

  private static ScriptRun run(String... args) throws IOException, InterruptedException {
    return ScriptRun.of(
        "scripts/measure/compare-with-originals.sh",
        60,
        Map.of("PEERS", "/nonexistent-peers"),
        args);
  }

  @Test
  void unknownPairingIsAOneLineErrorNamingIt() throws Exception {
    ScriptRun r = run("--pairings", "a,z");
    assertEquals(2, r.code(), r.out());
    String last = r.out().strip().lines().reduce((x, y) -> y).orElse("");
    assertTrue(last.contains("--pairings") && last.contains("'z'"), r.out());
  }

  @Test
  void nonPositiveSizeIsAnErrorNamingTheOption() throws Exception {
    ScriptRun r = run("--nodes", "0");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.out().contains("--nodes must be a positive integer, got '0'"), r.out());
  }

  @Test
  void tooShortRunIsRejectedBeforeAnythingRuns() throws Exception {
    ScriptRun r = run("--time", "3");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.out().contains("--time must be at least 4"), r.out());
  }

  @Test
  void dryRunPrintsThePlanOfTheChosenPairingsOnly() throws Exception {
    ScriptRun r = run("--dry-run", "--pairings", "a,c", "--nodes", "2000", "--tao-edges", "500");
    assertEquals(0, r.code(), r.out());
    assertTrue(r.out().contains("/nonexistent-peers"), r.out());
    assertTrue(
        r.out().contains("(a) LinkBench's driver vs ours") && r.out().contains("2000 nodes"),
        r.out());
    assertTrue(
        r.out().contains("(c) C++ TAOBench") && r.out().contains("-n 500 edges / ours 1000 nodes"),
        r.out());
    assertTrue(!r.out().contains("(b)"), r.out());
  }

  @Test
  void linkBenchRunsAsFbLinkBenchUnlessTheForkModeIsAsked() throws Exception {
    ScriptRun fb = run("--dry-run", "--pairings", "a,b");
    assertEquals(0, fb.code(), fb.out());
    assertEquals(
        2, fb.out().split("LinkBench in fb mode \\(never_change=true\\)", -1).length - 1, fb.out());
    ScriptRun fork = run("--dry-run", "--pairings", "b,c", "--linkbench-mode", "fork");
    assertEquals(0, fork.code(), fork.out());
    assertTrue(fork.out().contains("LinkBench in fork mode"), fork.out());
    assertFalse(fork.out().contains("never_change"), fork.out());
    ScriptRun bad = run("--dry-run", "--linkbench-mode", "mc");
    assertEquals(2, bad.code(), bad.out());
    assertTrue(bad.out().contains("invalid choice: 'mc'"), bad.out());
  }

  @Test
  void theHarnessReadsAnExitedChildsCpuThroughTheRuntime() throws Exception {
    // the harness's reading (resources.py over ResourcesCommand): a shell whose child burns CPU
    // and exits inside the window is counted with that child, as the shell's own `times` says (the
    // child spins until its own user CPU reaches 0.3 s, whatever the machine's speed)
    String py =
        String.join(
            "\n",
            "import sys, subprocess; sys.path.insert(0, 'scripts/measure/lib'); import resources",
            "sh = subprocess.Popen(['sh', '-c', 'read go; ( perl -e \"1 while (times)[0] < 0.3\" );"
                + " times; sleep 30'],",
            "                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)",
            "with resources.Sampler(sys.argv[1]) as s:",
            "    a = resources.Sample(s, sh.pid, None)",
            "    sh.stdin.write('go\\n'); sh.stdin.flush()",
            "    own, children = sh.stdout.readline(), sh.stdout.readline()",
            "    b = resources.Sample(s, sh.pid, None)",
            "    w = resources.window(a, b)",
            "    secs = lambda l: sum(int(m) * 60 + float(x) for m, x in"
                + " (t.rstrip('s').split('m') for t in l.split()))",
            "    told = secs(own) + secs(children)",
            "    sh.kill(); sh.wait()",
            "    print(told > 0.1, abs(w['driver_cpu_s'] - told) <= 0.05 + 0.1 * told,"
                + " w['server_cpu_s'], s.sample(sh.pid))",
            "    print(s.find('jdbc:nosuch://x/y')[1])");
    ProcessBuilder pb =
        new ProcessBuilder("python3", "-c", py, System.getProperty("java.class.path"))
            .redirectErrorStream(true);
    pb.directory(new File(System.getProperty("user.dir")));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "the reading did not end");
    assertEquals("True True None None\nno known database family for jdbc:nosuch://x/y", out, out);
  }
}
