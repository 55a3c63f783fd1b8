package com.oltpbenchmark;

import java.util.Random;

/**
 * The intended start times of a rate-limited phase: regular (every 1/rate s) or Poisson
 * (exponential gaps with mean 1/rate), on absolute deadlines from the phase start so that timing
 * jitter never accumulates. Workers claim the next due request. When the workers fall more than
 * {@link #BACKLOG_LIMIT} requests behind, the oldest requests are given up and counted as unserved,
 * as are requests still unclaimed when the phase ends.
 */
final class RequestSchedule {
  /** Upstream's work-queue cap, kept as the backlog bound. */
  static final int BACKLOG_LIMIT = 10_000;

  /** Returned by {@link #claim} when nothing more is due in the phase. */
  static final long NONE = Long.MIN_VALUE;

  private final long startNs;
  private long endNs;
  private final double rate;
  private final boolean poisson;
  private final Random random;
  private final double meanGapNs;
  private long index;
  private double nextOffsetNs;
  private long unserved;
  private boolean closed;

  RequestSchedule(long startNs, long endNs, double rate, Phase.Arrival arrival, Random random) {
    this.startNs = startNs;
    this.endNs = endNs;
    this.rate = rate;
    this.poisson = arrival == Phase.Arrival.POISSON;
    this.random = random;
    this.meanGapNs = 1e9 / rate;
    this.nextOffsetNs = poisson ? gap() : 0.0;
  }

  private double gap() {
    if (!poisson) {
      return meanGapNs;
    }
    // inverse-CDF sampling of the exponential distribution
    return -Math.log(1.0 - random.nextDouble()) * meanGapNs;
  }

  private long nextDue() {
    return startNs + (long) nextOffsetNs;
  }

  private void advance() {
    index++;
    nextOffsetNs = poisson ? nextOffsetNs + gap() : index * meanGapNs;
  }

  /**
   * The intended start (System.nanoTime) of the next request, or {@link #NONE} when the next
   * request would fall at or after the end of the phase.
   */
  synchronized long claim(long nowNs) {
    if (closed) {
      return NONE;
    }
    while ((nowNs - nextDue()) * rate / 1e9 > BACKLOG_LIMIT && nextDue() < endNs) {
      unserved++;
      advance();
    }
    long due = nextDue();
    if (due >= endNs) {
      return NONE;
    }
    advance();
    return due;
  }

  /**
   * Moves the end of the phase to {@code newEndNs}, which a warm-up that waited for the JIT decided
   * only when it ended.
   */
  synchronized void endAt(long newEndNs) {
    endNs = newEndNs;
  }

  /**
   * Closes the schedule when the phase ends (or the run stops early at {@code nowNs}); counts what
   * was due by then but never claimed.
   */
  synchronized long close(long nowNs) {
    if (!closed) {
      closed = true;
      long cutoff = Math.min(nowNs, endNs);
      while (nextDue() < cutoff) {
        unserved++;
        advance();
      }
    }
    return unserved;
  }

  synchronized long getUnserved() {
    return unserved;
  }
}
