package com.oltpbenchmark;

import com.oltpbenchmark.api.collectors.resources.JitSettle;

/**
 * A warm-up that lasts at least the first phase's {@code <warmup>} and then goes on until HotSpot's
 * JIT has settled ({@link JitSettle}), at most {@code <warmupUntilJitSettled>} seconds in all. A
 * fixed warm-up sized on a fast machine leaves a slow one's compiling inside the measured window
 * (the same C2 work takes a share of the CPU that the terminals and the server leave it); this one
 * ends when the compiling has, on whatever machine runs it.
 */
final class JitSettledWarmup {
  private static final long READING_NS = 1_000_000_000L;

  private final JitSettle settle;
  private final long minEndNs;
  private final long maxEndNs;
  private long nextReadingNs;
  private String reason;

  /**
   * @param startNs when the first phase started
   * @param minNs the first phase's {@code <warmup>}
   * @param maxNs {@code <warmupUntilJitSettled>}, at least {@code minNs}
   */
  JitSettledWarmup(JitSettle.Source source, long startNs, long minNs, long maxNs) {
    if (maxNs < minNs) {
      throw new IllegalArgumentException("the longest warm-up is shorter than the shortest");
    }
    this.settle = new JitSettle(source, startNs);
    this.minEndNs = startNs + minNs;
    this.maxEndNs = startNs + maxNs;
    this.nextReadingNs = startNs;
  }

  /** When the warm-up may end at the earliest. */
  long minEndNs() {
    return minEndNs;
  }

  /** When the caller next has to ask {@link #isOver}: a reading, the minimum or the maximum. */
  long wakeAtNs(long nowNs) {
    long wake = Math.min(nextReadingNs, maxEndNs);
    return minEndNs > nowNs ? Math.min(wake, minEndNs) : wake;
  }

  /**
   * Takes the readings due by {@code nowNs} and says whether the warm-up is over then: after its
   * minimum, once the JIT has settled, the compiler threads' CPU cannot be read, or the maximum is
   * reached.
   */
  boolean isOver(long nowNs) {
    if (nowNs >= nextReadingNs) {
      settle.sample(nowNs);
      // readings a second apart from the first, however late this one was taken
      while (nextReadingNs <= nowNs) {
        nextReadingNs += READING_NS;
      }
    }
    if (nowNs < minEndNs) {
      return false;
    }
    long settledAfter = settle.settledAfterNanos();
    if (settledAfter >= 0) {
      reason = "HotSpot's JIT settled after " + JitSettle.seconds(settledAfter) + " s";
    } else if (settle.unreadable()) {
      reason = "the compiler threads' CPU is not readable, so it did not wait for HotSpot's JIT";
    } else if (nowNs >= maxEndNs) {
      reason =
          "HotSpot's JIT had not settled by then, the most <warmupUntilJitSettled> allows (its"
              + " compiler threads used "
              + Math.round(Math.max(0, settle.recentShare()) * 100)
              + " % of the driver's CPU in the last "
              + JitSettle.SPAN_SECONDS
              + " s)";
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
