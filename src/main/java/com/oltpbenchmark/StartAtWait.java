package com.oltpbenchmark;

import com.oltpbenchmark.util.ProcessClock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --start-at}: sleeps until the given instant by the database server's clock, so that driver
 * processes on machines whose clocks disagree still begin their phases together. The workers and
 * their request generators are built before, so that the instant is when the first request goes
 * out. Without a reading of the server's clock (SQLite, or the reading failed) it goes by this
 * process's clock.
 */
final class StartAtWait {
  private static final Logger LOG = LoggerFactory.getLogger(StartAtWait.class);

  private StartAtWait() {}

  static void await(Instant startAt, ServerClock.Reading clock) throws InterruptedException {
    if (startAt == null) {
      return;
    }
    long waitNanos = nanosUntil(startAt, clock, System.nanoTime());
    String whose = clock.measured() ? "the database server's clock" : "this process's clock";
    if (waitNanos <= 0) {
      throw new IllegalStateException(
          "--start-at "
              + startAt
              + " passed before this process was ready to start (now "
              + startAt.minusNanos(waitNanos)
              + " by "
              + whose
              + "); give the processes a later start time");
    }
    LOG.info(
        "Waiting {} s until {} (--start-at) by {}",
        (waitNanos + 999_999_999) / 1_000_000_000,
        startAt,
        whose);
    // whole milliseconds, rounded up: Thread.sleep rounds a sub-millisecond rest down or up
    Thread.sleep((waitNanos + 999_999) / 1_000_000);
  }

  /**
   * How long from {@code nowNanos} (a {@code System.nanoTime()}) until {@code startAt}: by the
   * server's clock carried from its reading on the monotonic clock, so that a step of this
   * process's wall clock during the wait cannot move the start; else by this process's clock.
   */
  static long nanosUntil(Instant startAt, ServerClock.Reading clock, long nowNanos) {
    long startMicros = startAt.getEpochSecond() * 1_000_000L + startAt.getNano() / 1_000;
    long nowMicros =
        clock.measured()
            ? clock.serverMicrosAt(nowNanos)
            : ProcessClock.epochMicros() - (System.nanoTime() - nowNanos) / 1_000;
    return (startMicros - nowMicros) * 1_000;
  }
}
