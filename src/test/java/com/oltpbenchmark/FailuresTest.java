package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.testbench.procedures.DropConnection;
import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.State;
import com.oltpbenchmark.types.TransactionStatus;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junitpioneer.jupiter.RetryingTest;

/**
 * Failures end the run with the cause and a non-zero exit code, never exit the JVM, never hang, and
 * still write the results measured so far.
 */
class FailuresTest {
  private static final Duration NO_HANG = Duration.ofSeconds(60);

  @TempDir Path dir;

  @BeforeEach
  void reset() {
    DropConnection.DROPPED.set(false);
  }

  private Path config(TestDatabase db, String extra, String works, String... types)
      throws IOException {
    String body =
        "<terminals>2</terminals><loaderThreads>2</loaderThreads>"
            + extra
            + "<works>"
            + works
            + "</works>"
            + EngineHarness.types(types);
    return EngineHarness.write(dir, "failures.xml", EngineHarness.xml(db, body));
  }

  /** One phase of {@code time} seconds at {@code rate} with {@code weights}. */
  private static String work(int time, String rate, String weights) {
    return EngineHarness.element(
        "work",
        EngineHarness.element("time", time)
            + EngineHarness.element("rate", rate)
            + EngineHarness.element("weights", weights));
  }

  /** The {@code <testbench>} block that sets one of the test benchmark's fault options. */
  private static String testbench(String option, Object value) {
    return EngineHarness.element("testbench", EngineHarness.element(option, value));
  }

  private int cli(Path config, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "-b",
                "testbench",
                "-c",
                config.toString(),
                "--create=true",
                "--load=true",
                "-d",
                dir.resolve("out").toString()));
    args.addAll(List.of(more));
    return assertTimeoutPreemptively(NO_HANG, () -> DBWorkload.run(args.toArray(new String[0])));
  }

  private Path summary() throws IOException {
    try (Stream<Path> s = Files.list(dir.resolve("out"))) {
      List<Path> found =
          s.filter(p -> p.toString().endsWith(".summary.json")).collect(Collectors.toList());
      assertEquals(1, found.size(), "one summary.json: " + found);
      return found.get(0);
    }
  }

  /**
   * Creates, loads and executes {@code cfg}'s 30 s phase, which must fail within 20 s; returns the
   * summary the failed run still wrote.
   */
  private String failsEarly(Path cfg) throws IOException {
    long t0 = System.nanoTime();
    assertEquals(DBWorkload.EXIT_FAILURE, cli(cfg, "--execute=true"));
    assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20), "ended early");
    return Files.readString(summary());
  }

  private Path failingLoadConfig(TestDatabase db) throws IOException {
    return config(db, testbench("failLoad", true), work(1, "10", "100"), "Noop");
  }

  @Test
  void loaderExceptionEndsTheRunWithoutHanging() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_fail_load");
    Path cfg = failingLoadConfig(db);
    // the second loader thread waits for the first, which fails: it must be cancelled
    assertEquals(DBWorkload.EXIT_FAILURE, cli(cfg, "--execute=true"));
    assertTrue(Files.notExists(dir.resolve("out")), "nothing executed after a failed load");
  }

  @Test
  void loaderExceptionWithOneLoaderThread() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_fail_load1");
    Path cfg = failingLoadConfig(db);
    String text =
        Files.readString(cfg)
            .replace("<loaderThreads>2</loaderThreads>", "<loaderThreads>1</loaderThreads>");
    Files.writeString(cfg, text);
    assertEquals(DBWorkload.EXIT_FAILURE, cli(cfg));
  }

  @Test
  void workerSetupExceptionEndsTheRun() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_fail_setup");
    Path cfg = config(db, testbench("failSetup", true), work(30, "10", "100"), "Noop");
    assertTrue(failsEarly(cfg).contains("ERROR"));
  }

  @Test
  void procedureRuntimeExceptionEndsTheRunInErrorWithResults() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_fail_proc");
    Path cfg = config(db, "", work(30, "20", "50,50"), "Noop", "Crash");
    String json = failsEarly(cfg);
    assertTrue(json.matches("(?s).*\"Final State\"\\s*:\\s*\"ERROR\".*"), json);
  }

  @Test
  void engineReportsTheProcedureFailureAsTheCause() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_fail_cause");
    EngineHarness.Run r = EngineHarness.run(config(db, "", work(30, "unlimited", "100"), "Crash"));
    assertEquals(State.ERROR, r.outcome.finalState);
    assertNotNull(r.outcome.error);
    assertTrue(
        String.valueOf(r.outcome.error.getMessage()).contains("injected procedure failure"),
        String.valueOf(r.outcome.error));
    assertTrue(r.count(TransactionStatus.UNKNOWN) >= 1, "a failed attempt is counted UNKNOWN");
  }

  @Test
  void terminalSetupThatNeverEndsEndsTheRunAtTheSetupLimit() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_slow_setup");
    Path cfg = config(db, testbench("setupSleepMs", 60000), work(5, "10", "100"), "Noop");
    long t0 = System.nanoTime();
    EngineHarness.Run r = assertTimeoutPreemptively(NO_HANG, () -> EngineHarness.run(cfg, 1000));
    assertEquals(State.ERROR, r.outcome.finalState);
    assertTrue(
        r.outcome.error.getMessage().contains("not ready after 1 s"), r.outcome.error.getMessage());
    assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(50), "did not wait for the setup");
  }

  private EngineHarness.Run lostConnection(TestDatabase db, boolean reconnect) throws Exception {
    return EngineHarness.run(
        config(
            db,
            "<reconnectOnConnectionFailure>" + reconnect + "</reconnectOnConnectionFailure>",
            work(3, "20", "100"),
            "DropConnection"));
  }

  private static void assertReconnected(EngineHarness.Run r) {
    assertEquals(State.EXIT, r.outcome.finalState, String.valueOf(r.outcome.error));
    assertEquals(1, r.count(TransactionStatus.RETRY_DIFFERENT));
    assertTrue(r.count(TransactionStatus.SUCCESS) > 30, "the run went on after reconnecting");
  }

  private static void assertEndedWithClearError(EngineHarness.Run r) {
    assertEquals(State.ERROR, r.outcome.finalState);
    assertTrue(
        r.outcome.error.getMessage().contains("Lost the database connection"),
        r.outcome.error.getMessage());
    assertTrue(r.outcome.error.getMessage().contains("reconnectOnConnectionFailure"));
    assertTrue(r.outcome.elapsedNanos() < TimeUnit.SECONDS.toNanos(3), "ended early");
  }

  @Test
  void lostConnectionWithReconnectGoesOnSqlite() throws Exception {
    assertReconnected(lostConnection(TestDatabase.sqlite(dir, "bb_r1_lost1"), true));
  }

  @Test
  void lostConnectionWithoutReconnectEndsTheRunSqlite() throws Exception {
    assertEndedWithClearError(lostConnection(TestDatabase.sqlite(dir, "bb_r1_lost2"), false));
  }

  @Test
  void killedBackendWithReconnectGoesOnPostgres() throws Exception {
    assertReconnected(lostConnection(TestDatabase.postgres("bb_r1_lost_pg1"), true));
  }

  @Test
  void killedBackendWithoutReconnectEndsTheRunPostgresAndWritesResults() throws Exception {
    TestDatabase db = TestDatabase.postgres("bb_r1_lost_pg2");
    assertEndedWithClearError(lostConnection(db, false));
    DropConnection.DROPPED.set(false);
    Path cfg = config(db, "", work(30, "20", "100"), "DropConnection");
    assertEquals(DBWorkload.EXIT_FAILURE, cli(cfg, "--execute=true"));
    assertTrue(Files.readString(summary()).contains("ERROR"));
  }

  /**
   * A process inherits an ignored SIGINT from a non-interactive shell that started its ancestor in
   * the background, and the JVM then never handles SIGINT. {@code env --default-signal=INT} gives
   * the child the disposition an interactive user's process has, wherever the suite was started.
   */
  private static List<String> withDefaultSigint(List<String> cmd) throws Exception {
    Process probe = new ProcessBuilder("env", "--default-signal=INT", "true").start();
    if (probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0) {
      List<String> out = new java.util.ArrayList<>(List.of("env", "--default-signal=INT"));
      out.addAll(cmd);
      return out;
    }
    Assumptions.assumeFalse(
        StopOnSignal.sigintIgnored(),
        "SIGINT is ignored in this JVM and env --default-signal is not available");
    return cmd;
  }

  /** Starts the 60 s run, sends {@code signal} 2 s into its phase, returns the console output. */
  private String stopWith(String signal, boolean ignoreSigint) throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_sigint");
    Path cfg = config(db, "", work(60, "100", "100"), "Noop");
    List<String> cmd =
        CliRun.javaCommand(
            List.of(), RunArgs.createLoadExecute("testbench", cfg, dir.resolve("out")));
    if (ignoreSigint) {
      List<String> sh =
          new java.util.ArrayList<>(List.of("sh", "-c", "trap '' INT; exec \"$@\"", "sh"));
      sh.addAll(cmd);
      cmd = sh;
    } else {
      cmd = withDefaultSigint(cmd);
    }
    Process p = CliRun.start(cmd);
    StringBuilder text = new StringBuilder();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      String line;
      boolean started = false;
      while (!started && System.nanoTime() < deadline && (line = out.readLine()) != null) {
        text.append(line).append('\n');
        started = line.contains("PHASE START");
      }
      assertTrue(started, "the run started:\n" + text);
      Thread.sleep(2000);
      new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
      Thread drain = CliRun.copyLines(out, text);
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the process ended after SIG" + signal);
      drain.join(5000);
    } finally {
      p.destroyForcibly();
    }
    String json = Files.readString(summary());
    Matcher m = Pattern.compile("\"Measured Requests\"\\s*:\\s*(\\d+)").matcher(json);
    assertTrue(m.find(), json);
    long measured = Long.parseLong(m.group(1));
    // about 2 s at 100/s; a stalled machine serves fewer, none of the 60 s it was not given
    assertTrue(measured > 20 && measured < 1000, "about 2 s at 100/s measured: " + measured);
    synchronized (text) {
      return text.toString();
    }
  }

  @RetryingTest(3)
  void sigintEndsTheRunAndWritesResultsSoFar() throws Exception {
    stopWith("INT", false);
  }

  @RetryingTest(3)
  void sigtermEndsTheRunWhenSigintIsIgnoredAndTheRunSaysSo() throws Exception {
    String out = stopWith("TERM", true);
    assertTrue(out.contains("SIGINT (Ctrl-C) is ignored by this process"), out);
  }
}
