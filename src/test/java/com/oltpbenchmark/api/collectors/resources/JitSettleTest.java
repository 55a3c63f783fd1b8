package com.oltpbenchmark.api.collectors.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The JIT has settled once its compiler threads used at most 2 % of a busy driver's CPU over 5 s,
 * and it settled when those seconds began; readings come from a scripted source, one a second.
 */
class JitSettleTest {
  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;
  private static final long T0 = 1_000 * S;

  /**
   * Cumulative readings: during second k the driver uses {@code cpuPerSecond.applyAsLong(k)} and
   * its compilers {@code jitPerSecond.applyAsLong(k)}; the clock is set by {@link #at}.
   */
  private static final class Scripted implements JitSettle.Source {
    private final LongUnaryOperator jitPerSecond;
    private final LongUnaryOperator cpuPerSecond;
    private int second;

    Scripted(LongUnaryOperator jitPerSecond, LongUnaryOperator cpuPerSecond) {
      this.jitPerSecond = jitPerSecond;
      this.cpuPerSecond = cpuPerSecond;
    }

    void at(int s) {
      second = s;
    }

    private long sum(LongUnaryOperator perSecond) {
      long n = 0;
      for (int k = 0; k < second; k++) {
        n += perSecond.applyAsLong(k);
      }
      return n;
    }

    @Override
    public long compilerCpuNanos() {
      return sum(jitPerSecond);
    }

    @Override
    public long processCpuNanos() {
      return sum(cpuPerSecond);
    }
  }

  /** Samples seconds 0..{@code last} and returns the tracker. */
  private static JitSettle run(Scripted source, int last) {
    JitSettle jit = new JitSettle(source, T0);
    for (int s = 0; s <= last; s++) {
      source.at(s);
      jit.sample(T0 + s * S);
    }
    return jit;
  }

  /** Compiling at 30 % of a busy driver for 8 s, then 0.5 %. */
  private static Scripted compilingFor8Seconds() {
    return new Scripted(k -> k < 8 ? 300 * MS : 5 * MS, k -> S);
  }

  @Test
  void settlesWhenAQuietSpanBeginsAndSaysSoOnlyOnceTheSpanIsOver() {
    assertEquals(-1, run(compilingFor8Seconds(), 12).settledAfterNanos(), "[7, 12] compiled");
    JitSettle jit = run(compilingFor8Seconds(), 13);
    assertEquals(8 * S, jit.settledAfterNanos());
    assertEquals("JIT settled after 8 s", jit.progressText());
    // later compilations do not move the answer
    Scripted again = new Scripted(k -> k < 8 || k == 20 ? 300 * MS : 5 * MS, k -> S);
    assertEquals(8 * S, run(again, 25).settledAfterNanos());
  }

  @Test
  void whileCompilingTheLineGivesTheShareOverTheLastSeconds() {
    JitSettle jit = run(compilingFor8Seconds(), 3);
    assertEquals(0.3, jit.recentShare(), 1e-9);
    assertEquals("JIT compiling (30 % of the driver's CPU over the last 3 s)", jit.progressText());
    jit = run(compilingFor8Seconds(), 10);
    // seconds 5..9: three at 300 ms, two at 5 ms
    assertEquals(0.182, jit.recentShare(), 1e-9);
    assertEquals("JIT compiling (18 % of the driver's CPU over the last 5 s)", jit.progressText());
  }

  @Test
  void anIdleDriverHasNotSettled() {
    // 10 ms of CPU a second (terminals blocked on a lock): no compiling, and nothing to judge
    JitSettle jit = run(new Scripted(k -> 0, k -> 10 * MS), 30);
    assertEquals(-1, jit.settledAfterNanos());
    JitSettle.Verdict v = jit.verdict(T0 + 10 * S);
    assertTrue(v.known());
    assertEquals(Boolean.FALSE, v.settledBeforeWindow());
  }

  @Test
  void unreadableCompilerThreadsSayNothing() {
    JitSettle.Source unreadable =
        new JitSettle.Source() {
          @Override
          public long compilerCpuNanos() {
            return -1;
          }

          @Override
          public long processCpuNanos() {
            return 5 * S;
          }
        };
    JitSettle jit = new JitSettle(unreadable, T0);
    for (int s = 0; s < 10; s++) {
      jit.sample(T0 + s * S);
    }
    assertNull(jit.progressText());
    JitSettle.Verdict v = jit.verdict(T0 + 5 * S);
    assertEquals(JitSettle.Verdict.UNKNOWN, v);
    assertNull(v.settledBeforeWindow());
    assertEquals(Optional.empty(), v.line());
    assertEquals(Optional.empty(), v.warning());
  }

  @Test
  void aWindowAfterTheSettlingGetsNoWarning() {
    JitSettle.Verdict v = run(compilingFor8Seconds(), 20).verdict(T0 + 10 * S);
    assertEquals(8, v.settledAfterSeconds());
    assertEquals(10, v.windowAfterSeconds());
    assertEquals(Boolean.TRUE, v.settledBeforeWindow());
    assertEquals(
        Optional.of("JIT settled after 8 s (the measured window began at 10 s)"), v.line());
    assertFalse(v.warning().isPresent());
  }

  @Test
  void aWindowBeforeTheSettlingIsWarnedAboutWithTheWarmUpThatAvoidsIt() {
    JitSettle.Verdict v = run(compilingFor8Seconds(), 20).verdict(T0 + 5 * S);
    assertEquals(Boolean.FALSE, v.settledBeforeWindow());
    assertEquals(
        Optional.of(
            "the measured window began at 5 s, before HotSpot's JIT settled (after 8 s): the"
                + " driver's figures include compiling; a <warmup> of 8 s or more, or <warmupUntilJitSettled>,"
                + " keeps it out"),
        v.warning());
  }

  @Test
  void aRunThatEndsBeforeTheSettlingSaysSo() {
    JitSettle.Verdict v = run(compilingFor8Seconds(), 6).verdict(T0 + 2 * S);
    assertEquals(-1, v.settledAfterSeconds());
    assertEquals(
        Optional.of("JIT had not settled by the end of the run (the measured window began at 2 s)"),
        v.line());
    assertEquals(
        Optional.of(
            "the measured window began at 2 s, and HotSpot's JIT had not settled by the end of"
                + " the run (its compiler threads used 30 % of the driver's CPU in the last 5 s):"
                + " the driver's figures include compiling; give the run a longer <warmup> or"
                + " <warmupUntilJitSettled>"),
        v.warning());
  }

  @Test
  void aRunWithoutAMeasuredWindowHasNoWindowToWarnAbout() {
    JitSettle.Verdict v = run(compilingFor8Seconds(), 6).verdict(-1);
    assertNull(v.settledBeforeWindow());
    assertEquals(Optional.of("JIT had not settled by the end of the run"), v.line());
    assertFalse(v.warning().isPresent());
  }

  @Test
  void theCompilerThreadsOfThisJvmAreRead() {
    JitSettle.Source mine = JitSettle.Source.ofThisJvm();
    assertTrue(mine.processCpuNanos() > 0);
    // HotSpot names them "C1 CompilerThre"/"C2 CompilerThre" on Linux; -1 elsewhere
    assertTrue(mine.compilerCpuNanos() >= 0 || !System.getProperty("os.name").contains("Linux"));
  }
}
