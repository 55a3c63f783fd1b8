package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.api.collectors.resources.JitSettle;
import com.oltpbenchmark.benchmarks.testbench.procedures.DropConnection;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.TransactionStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Long phases print a progress line every {@code <progressInterval>} seconds (default 10). */
class PhaseProgressTest {
  private static final long S = 1_000_000_000L;

  @TempDir Path dir;

  @Test
  void linesSayWarmUpThenRateAndP99OfTheLastIntervalAndStopAtTheEnd() {
    MeasurementCollector c = new MeasurementCollector(1, false);
    BenchmarkState bs = new BenchmarkState(1, c);
    long t0 = System.nanoTime();
    PhaseProgress p = new PhaseProgress(List.of(), c, bs, 10, 70, t0, line -> {});
    assertEquals("Progress: 5 s of 70 s, warming up, 0 errors, 0 retries", p.line(t0 + 5 * S));

    bs.startMeasure(t0 + 10 * S);
    // 2,000 requests of 1 ms started between 10 s and 20 s, and 100 of 50 ms
    for (int i = 0; i < 2_000; i++) {
      long start = t0 + 10 * S + i * (S / 200);
      c.record(1, start, start + 1_000_000, MeasurementCollector.NOT_RATE_LIMITED, 0, 1);
    }
    for (int i = 0; i < 100; i++) {
      long start = t0 + 15 * S + i * 1_000_000L;
      c.record(1, start, start + 50_000_000, MeasurementCollector.NOT_RATE_LIMITED, 0, 1);
    }
    String line = p.line(t0 + 20 * S);
    assertEquals(
        "Progress: 20 s of 70 s, 210 requests/s and p99 50.0 ms over the last 10 s,"
            + " 0 errors, 0 retries",
        line);

    bs.signalDone();
    assertNull(p.line(t0 + 30 * S), "no line once the phases are over");
  }

  /** With the JIT watched, each line says whether it has settled (see JitSettleTest). */
  @Test
  void linesSayWhetherTheJitHasSettled() {
    MeasurementCollector c = new MeasurementCollector(1, false);
    BenchmarkState bs = new BenchmarkState(1, c);
    long t0 = System.nanoTime();
    long[] cpu = {0, 0}; // the compiler threads', the process's
    JitSettle jit =
        new JitSettle(
            new JitSettle.Source() {
              @Override
              public long compilerCpuNanos() {
                return cpu[0];
              }

              @Override
              public long processCpuNanos() {
                return cpu[1];
              }
            },
            t0);
    PhaseProgress p =
        new PhaseProgress(List.of(), c, bs, 10, 70, t0, line -> {}, jit::progressText);
    assertEquals("Progress: 1 s of 70 s, warming up, 0 errors, 0 retries", p.line(t0 + S));
    jit.sample(t0);
    cpu[0] = S / 4;
    cpu[1] = S;
    jit.sample(t0 + S);
    assertEquals(
        "Progress: 1 s of 70 s, warming up, JIT compiling (25 % of the driver's CPU over the last"
            + " 1 s), 0 errors, 0 retries",
        p.line(t0 + S));
    // then five quiet seconds of a busy driver: the JIT settled when they began
    for (int s = 2; s <= 6; s++) {
      cpu[1] += S;
      jit.sample(t0 + s * S);
    }
    bs.startMeasure(t0 + 10 * S);
    assertEquals(
        "Progress: 20 s of 70 s, 0 requests/s and p99 0.0 ms over the last 10 s,"
            + " JIT settled after 1 s, 0 errors, 0 retries",
        p.line(t0 + 20 * S));
  }

  /**
   * The counts of the line are the summary's: errors as {@code Error SQLStates} sums them (every
   * failed attempt, retried or not), retries as RETRY plus RETRY_DIFFERENT. A lost connection that
   * is reconnected ends no request in ERROR and is no RETRY: a line counting only those said "0
   * errors, 0 retries" through a whole outage.
   */
  @Test
  void errorsAndRetriesAreCountedAsTheSummaryCountsThem() throws Exception {
    DropConnection.DROPPED.set(false);
    TestDatabase db = TestDatabase.sqlite(dir, "progress_counts");
    String body =
        "<terminals>1</terminals><retries>3</retries>"
            + "<reconnectOnConnectionFailure>true</reconnectOnConnectionFailure>"
            + "<testbench><retryState>40001</retryState><failures>100</failures></testbench>"
            + EngineHarness.oneWork(2, 25, "20,40,40")
            + EngineHarness.types("DropConnection", "RetryTwice", "MissingTable");
    EngineHarness.Run r =
        EngineHarness.run(EngineHarness.write(dir, "progress.xml", EngineHarness.xml(db, body)));
    long retryDifferent = r.count(TransactionStatus.RETRY_DIFFERENT);
    long retry = r.count(TransactionStatus.RETRY);
    long error = r.count(TransactionStatus.ERROR);
    assertEquals(1, retryDifferent, "the connection was lost once and reconnected");
    assertTrue(retry > 0 && error > 0, retry + " RETRY, " + error + " ERROR");
    long sqlStates = 0;
    for (Worker<? extends BenchmarkModule> w : r.workers) {
      for (Map<String, Long> byState : w.getErrorStates().values()) {
        sqlStates += byState.values().stream().mapToLong(Long::longValue).sum();
      }
    }
    assertEquals(retryDifferent + retry + error, sqlStates, "every failed attempt has a state");

    MeasurementCollector c = new MeasurementCollector(1, false);
    long t0 = System.nanoTime();
    PhaseProgress p =
        new PhaseProgress(r.workers, c, new BenchmarkState(1, c), 10, 0, t0, line -> {});
    assertEquals(
        "Progress: 5 s, warming up, "
            + sqlStates
            + " errors, "
            + (retry + retryDifferent)
            + " retries",
        p.line(t0 + 5 * S));
  }

  @Test
  void theIntervalIsConfigurableAndZeroTurnsItOff() throws Exception {
    assertEquals(PhaseProgress.DEFAULT_INTERVAL_SECONDS, interval(""));
    assertEquals(0, interval("<progressInterval>0</progressInterval>"));
    assertEquals(30, interval("<progressInterval>30</progressInterval>"));
    ConfigurationError e =
        assertThrows(
            ConfigurationError.class, () -> interval("<progressInterval>-1</progressInterval>"));
    assertTrue(e.getMessage().contains("progressInterval"), e.getMessage());
  }

  private int interval(String element) throws Exception {
    return EngineHarness.readerOf(dir, element).progressIntervalSeconds();
  }
}
