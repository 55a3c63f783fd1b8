package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.results.ClockOffset;
import com.oltpbenchmark.util.ProcessClock;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code --start-at} waits by the database server's clock, whatever this process's clock says. */
class StartAtWaitTest {

  @AfterEach
  void clearSkew() {
    System.clearProperty(ProcessClock.SKEW_PROPERTY);
  }

  /** A reading taken now of a server whose clock is {@code serverAheadMicros} ahead of ours. */
  private static ServerClock.Reading serverAhead(long serverAheadMicros) {
    return new ServerClock.Reading(
        ClockOffset.measured(serverAheadMicros, 100, "a test's reading"),
        System.nanoTime(),
        ProcessClock.epochMicros() + serverAheadMicros);
  }

  private static Instant micros(long epochMicros) {
    return Instant.ofEpochSecond(0, epochMicros * 1_000);
  }

  @Test
  void theWaitEndsWhenTheServerClockReachesTheInstant() {
    // this process's clock is 20 s fast: the instant 3 s ahead by the server's clock is 17 s in
    // the past by its own, and 23 s ahead for a clock 20 s slow
    for (long serverAhead : new long[] {-20_000_000, 20_000_000}) {
      ServerClock.Reading r = serverAhead(serverAhead);
      Instant start = micros(r.serverMicros() + 3_000_000);
      long wait = StartAtWait.nanosUntil(start, r, r.nanos());
      assertEquals(3_000_000_000L, wait, 1_000, "server ahead by " + serverAhead + " µs");
      // later by the monotonic clock, less to wait
      assertEquals(
          1_000_000_000L, StartAtWait.nanosUntil(start, r, r.nanos() + 2_000_000_000L), 1_000);
    }
  }

  @Test
  void withoutAReadingTheWaitGoesByThisProcessClock() {
    System.setProperty(ProcessClock.SKEW_PROPERTY, "-20000");
    ServerClock.Reading none = ServerClock.Reading.notMeasured("not measured: a test");
    Instant start = ProcessClock.now().plusSeconds(3);
    long wait = StartAtWait.nanosUntil(start, none, System.nanoTime());
    assertEquals(3_000_000_000L, wait, 500_000_000L);
  }

  @Test
  void sleepsUntilTheInstantByTheServerClock() throws Exception {
    ServerClock.Reading r = serverAhead(-20_000_000);
    Instant start = micros(r.serverMicrosAt(System.nanoTime()) + 400_000);
    StartAtWait.await(start, r);
    long late = r.serverMicrosAt(System.nanoTime()) - (r.serverMicros() + 400_000);
    assertTrue(late >= -1, "woke " + late + " µs before the instant");
    assertTrue(late < 1_500_000, "woke " + late + " µs after the instant");
  }

  @Test
  void anInstantPassedByTheServerClockIsRefusedThoughAheadByOurs() {
    // this process's clock is 20 s behind the server's: 10 s ahead by ours is 10 s ago by the
    // server's, and the processes that go by it have started
    ServerClock.Reading r = serverAhead(20_000_000);
    Instant start = ProcessClock.now().plusSeconds(10);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> StartAtWait.await(start, r));
    assertTrue(
        e.getMessage().startsWith("--start-at " + start + " passed before this process was ready"),
        e.getMessage());
    assertTrue(e.getMessage().contains(" by the database server's clock)"), e.getMessage());
  }
}
