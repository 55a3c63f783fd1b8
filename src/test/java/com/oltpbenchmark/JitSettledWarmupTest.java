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

  /**
   * Asks once a second, as the control thread wakes, and returns when it said the warm-up ended.
   */
  private static long endsAfterSeconds(Compiling source, JitSettledWarmup w, long maxS) {
    for (long s = 0; s <= maxS + 1; s++) {
      source.nowNs = T0 + s * S;
      if (w.isOver(source.nowNs)) {
        return s;
      }
    }
    return -1;
  }

  @Test
  void aSettledJitEndsTheWarmUpAtItsMinimum() {
    Compiling source = new Compiling(0.5, 0);
    JitSettledWarmup w = new JitSettledWarmup(source, T0, 10 * S, 120 * S);
    assertEquals(10, endsAfterSeconds(source, w, 120));
    assertEquals("HotSpot's JIT settled after 0 s", w.reason());
  }

  @Test
  void aCompilingJitKeepsTheWarmUpGoingUntilItSettles() {
    // compiling for the first 40 s: settled once 5 quiet seconds from 40 s were read
    Compiling source = new Compiling(0.3, 40);
    JitSettledWarmup w = new JitSettledWarmup(source, T0, 10 * S, 120 * S);
    assertEquals(45, endsAfterSeconds(source, w, 120));
    assertEquals("HotSpot's JIT settled after 40 s", w.reason());
  }

  @Test
  void aJitThatNeverSettlesEndsTheWarmUpAtTheMost() {
    Compiling source = new Compiling(0.2, Long.MAX_VALUE / S);
    JitSettledWarmup w = new JitSettledWarmup(source, T0, 10 * S, 30 * S);
    assertEquals(30, endsAfterSeconds(source, w, 30));
    assertTrue(w.reason().startsWith("HotSpot's JIT had not settled by then"), w.reason());
    assertTrue(w.reason().contains("used 20 % of the driver's CPU"), w.reason());
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
    JitSettledWarmup w = new JitSettledWarmup(unreadable, T0, 5 * S, 60 * S);
    assertFalse(w.isOver(T0));
    assertFalse(w.isOver(T0 + 4 * S));
    assertTrue(w.isOver(T0 + 5 * S));
    assertTrue(w.reason().contains("not readable"), w.reason());
  }

  @Test
  void theControlThreadWakesForEachReadingAndForTheMinimum() {
    Compiling source = new Compiling(0.5, 100);
    JitSettledWarmup w = new JitSettledWarmup(source, T0, 2_500_000_000L, 120 * S);
    assertEquals(T0, w.wakeAtNs(T0));
    w.isOver(T0);
    assertEquals(T0 + S, w.wakeAtNs(T0));
    w.isOver(T0 + 2 * S);
    // the minimum falls between two readings
    assertEquals(T0 + 2_500_000_000L, w.wakeAtNs(T0 + 2 * S));
    assertEquals(T0 + 3 * S, w.wakeAtNs(T0 + 2_600_000_000L));
  }

  @Test
  void theLongestMayNotBeShorterThanTheShortest() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new JitSettledWarmup(new Compiling(0, 0), T0, 10 * S, 5 * S));
  }
}
