package com.oltpbenchmark;

import com.oltpbenchmark.api.collectors.resources.JitSettle;
import java.util.function.Supplier;

/**
 * A warm-up that lasts at least the first phase's {@code <warmup>} and then goes on until HotSpot's
 * JIT has settled, at most {@code <warmupUntilJitSettled>} seconds in all. A fixed warm-up sized on
 * a fast machine leaves a slow one's compiling inside the measured window (the same C2 work gets
 * the share of the CPU the terminals and the server leave it); this one ends when the compiling
 * has, on whatever machine runs it. It judges by the run's own readings ({@link JitSettleWatch}),
 * so the settling it waited for is the one the run reports.
 */
final class JitSettledWarmup {
  private static final long ASK_EVERY_NS = 1_000_000_000L;

  private final Supplier<JitSettle> jit;
  private final long minEndNs;
  private final long maxEndNs;
  private String reason;

  /**
   * @param jit the run's readings, null until the first phase's start reached their thread
   * @param startNs when the first phase started
   * @param minNs the first phase's {@code <warmup>}
   * @param maxNs {@code <warmupUntilJitSettled>}, at least {@code minNs}
   */
  JitSettledWarmup(Supplier<JitSettle> jit, long startNs, long minNs, long maxNs) {
    if (maxNs < minNs) {
      throw new IllegalArgumentException("the longest warm-up is shorter than the shortest");
    }
    this.jit = jit;
    this.minEndNs = startNs + minNs;
    this.maxEndNs = startNs + maxNs;
  }

  /**
   * When the caller next asks {@link #isOver}: a second on (the readings are a second apart), or
   * the minimum or the maximum when sooner.
   */
  long wakeAtNs(long nowNs) {
    long wake = Math.min(nowNs + ASK_EVERY_NS, maxEndNs);
    return minEndNs > nowNs ? Math.min(wake, minEndNs) : wake;
  }

  /**
   * Whether the warm-up is over at {@code nowNs}: after its minimum, once the JIT has settled, the
   * compiler threads' CPU cannot be read, or the maximum is reached.
   */
  boolean isOver(long nowNs) {
    if (nowNs < minEndNs) {
      return false;
    }
    JitSettle s = jit.get();
    long settledAfter = s == null ? -1 : s.settledAfterNanos();
    if (settledAfter >= 0) {
      reason = "HotSpot's JIT settled after " + JitSettle.seconds(settledAfter) + " s";
    } else if (s != null && s.unreadable()) {
      reason = "the compiler threads' CPU is not readable, so it did not wait for HotSpot's JIT";
    } else if (nowNs >= maxEndNs) {
      double share = s == null ? -1 : s.recentShare();
      reason =
          "HotSpot's JIT had not settled by then, the most <warmupUntilJitSettled> allows"
              + (share < 0
                  ? ""
                  : " (its compiler threads used "
                      + Math.round(share * 100)
                      + " % of the driver's CPU in the last "
                      + JitSettle.SPAN_SECONDS
                      + " s)");
    } else {
      return false;
    }
    return true;
  }

  /** Why the warm-up ended, once {@link #isOver} said it has. */
  String reason() {
    return reason;
  }
}
