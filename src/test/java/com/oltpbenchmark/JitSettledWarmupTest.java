package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.collectors.resources.JitSettle;
import org.junit.jupiter.api.Test;

/**
 * {@code <warmupUntilJitSettled>}'s decision, on readings a test makes up: at least the fixed
 * warm-up, then until the JIT settled, at most the longest.
 */
class JitSettledWarmupTest {
  private static final long S = 1_000_000_000L;
  private static final long T0 = 1_000 * S;

  /**
   * A driver busy on one core whose compiler threads use {@code share} of it until {@code untilS}.
   */
  private static final class Compiling implements JitSettle.Source {
    private final double share;
    private final long untilS;
    long nowNs = T0;

    Compiling(double share, long untilS) {
      this.share = share;
      this.untilS = untilS;
    }

    @Override
    public long compilerCpuNanos() {
      long compilingNs = Math.min(nowNs - T0, untilS * S);
      return (long) (compilingNs * share);
    }

    @Override
    public long processCpuNanos() {
      return nowNs - T0;
    }
  }

  private String reason;

  /**
   * Takes a reading once a second, as the run's watch does, asks after each, as the control thread
   * does, and returns when the warm-up ended.
   */
  private long endsAfterSeconds(Compiling source, long minS, long maxS) {
    JitSettle settle = new JitSettle(source, T0);
    JitSettledWarmup w = new JitSettledWarmup(() -> settle, T0, minS * S, maxS * S);
    for (long s = 0; s <= maxS + 1; s++) {
      source.nowNs = T0 + s * S;
      settle.sample(source.nowNs);
      if (w.isOver(source.nowNs)) {
        reason = w.reason();
        return s;
      }
    }
    return -1;
  }

  @Test
  void aSettledJitEndsTheWarmUpAtItsMinimum() {
    assertEquals(10, endsAfterSeconds(new Compiling(0.5, 0), 10, 120));
    assertEquals("HotSpot's JIT settled after 0 s", reason);
  }

  @Test
  void aCompilingJitKeepsTheWarmUpGoingUntilItSettles() {
    // compiling for the first 40 s: settled once 5 quiet seconds from 40 s were read
    assertEquals(45, endsAfterSeconds(new Compiling(0.3, 40), 10, 120));
    assertEquals("HotSpot's JIT settled after 40 s", reason);
  }

  @Test
  void aJitThatNeverSettlesEndsTheWarmUpAtTheMost() {
    assertEquals(30, endsAfterSeconds(new Compiling(0.2, Long.MAX_VALUE / S), 10, 30));
    assertTrue(reason.startsWith("HotSpot's JIT had not settled by then"), reason);
    assertTrue(reason.contains("used 20 % of the driver's CPU"), reason);
  }

  @Test
  void unreadableCompilerThreadsEndTheWarmUpAtItsMinimum() {
    JitSettle.Source unreadable =
        new JitSettle.Source() {
          @Override
          public long compilerCpuNanos() {
            return -1;
          }

          @Override
          public long processCpuNanos() {
            return -1;
          }
        };
    JitSettle settle = new JitSettle(unreadable, T0);
    settle.sample(T0);
    JitSettledWarmup w = new JitSettledWarmup(() -> settle, T0, 5 * S, 60 * S);
    assertFalse(w.isOver(T0 + 4 * S));
    assertTrue(w.isOver(T0 + 5 * S));
    assertTrue(w.reason().contains("not readable"), w.reason());
  }

  @Test
  void beforeTheRunsFirstReadingOnlyTheMaximumEndsIt() {
    JitSettledWarmup w = new JitSettledWarmup(() -> null, T0, 5 * S, 8 * S);
    assertFalse(w.isOver(T0 + 5 * S));
    assertTrue(w.isOver(T0 + 8 * S));
    assertEquals(
        "HotSpot's JIT had not settled by then, the most <warmupUntilJitSettled> allows",
        w.reason());
  }

  @Test
  void theControlThreadAsksEverySecondAndAtTheMinimumAndTheMaximum() {
    JitSettledWarmup w = new JitSettledWarmup(() -> null, T0, 2_500_000_000L, 10 * S);
    assertEquals(T0 + S, w.wakeAtNs(T0));
    assertEquals(T0 + 2_500_000_000L, w.wakeAtNs(T0 + 2 * S));
    assertEquals(T0 + 3_600_000_000L, w.wakeAtNs(T0 + 2_600_000_000L));
    assertEquals(T0 + 10 * S, w.wakeAtNs(T0 + 9_500_000_000L));
  }

  @Test
  void theLongestMayNotBeShorterThanTheShortest() {
    assertThrows(
        IllegalArgumentException.class, () -> new JitSettledWarmup(() -> null, T0, 10 * S, 5 * S));
  }
}
