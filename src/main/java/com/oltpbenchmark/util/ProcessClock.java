package com.oltpbenchmark.util;

import java.time.Instant;

/**
 * This process's wall clock: what a run reads wherever it records or waits for a wall-clock time
 * (its start, the measurement start, {@code --start-at}). It is the system clock, moved by a fixed
 * number of milliseconds when the system property {@value #SKEW_PROPERTY} is set. Tests set it to
 * stand in for a driver machine whose clock is wrong, which the run's reading of the database
 * server's clock must then find; nothing else should.
 */
public final class ProcessClock {
  /** Milliseconds added to the system clock (negative: a clock that is behind); tests only. */
  public static final String SKEW_PROPERTY = "benchbase.test.clockSkewMillis";

  private ProcessClock() {}

  /** Now, in microseconds since the epoch. */
  public static long epochMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000 + skewMillis() * 1_000L;
  }

  /** Now, in milliseconds since the epoch. */
  public static long epochMillis() {
    return System.currentTimeMillis() + skewMillis();
  }

  /** Now. */
  public static Instant now() {
    return Instant.now().plusMillis(skewMillis());
  }

  /**
   * Read at every call rather than once, so that a test in this JVM can set and clear it; a value
   * that is not a whole number is an error rather than no skew, so a test cannot pass unskewed.
   */
  private static long skewMillis() {
    String v = System.getProperty(SKEW_PROPERTY);
    if (v == null || v.isBlank()) {
      return 0;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          "system property " + SKEW_PROPERTY + " is '" + v + "', not a whole number of ms", e);
    }
  }
}
