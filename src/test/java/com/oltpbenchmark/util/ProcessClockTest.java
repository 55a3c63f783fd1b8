package com.oltpbenchmark.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The wall clock a run reads, and the skew a test gives it to stand in for a wrong machine clock.
 */
class ProcessClockTest {

  @AfterEach
  void clearSkew() {
    System.clearProperty(ProcessClock.SKEW_PROPERTY);
  }

  @Test
  void isTheSystemClockWithoutSkew() {
    long system = System.currentTimeMillis();
    assertEquals(system, ProcessClock.epochMillis(), 1_000);
    assertEquals(system * 1_000, ProcessClock.epochMicros(), 1_000_000);
    assertEquals(system, ProcessClock.now().toEpochMilli(), 1_000);
  }

  @Test
  void everyReadingMovesByTheSkew() {
    System.setProperty(ProcessClock.SKEW_PROPERTY, "-20000");
    long system = System.currentTimeMillis();
    assertEquals(system - 20_000, ProcessClock.epochMillis(), 1_000);
    assertEquals((system - 20_000) * 1_000, ProcessClock.epochMicros(), 1_000_000);
    Duration behind = Duration.between(ProcessClock.now(), Instant.now());
    assertEquals(20_000, behind.toMillis(), 1_000);
  }

  @Test
  void aSkewThatIsNoNumberIsAnErrorNotNoSkew() {
    System.setProperty(ProcessClock.SKEW_PROPERTY, "20s");
    IllegalStateException e = assertThrows(IllegalStateException.class, ProcessClock::epochMillis);
    assertTrue(e.getMessage().contains(ProcessClock.SKEW_PROPERTY), e.getMessage());
    assertTrue(e.getMessage().contains("'20s'"), e.getMessage());
  }
}
