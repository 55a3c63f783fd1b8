package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.results.ClockOffset;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.ProcessClock;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reading of the database server's clock: the shortest round trip's midpoint, its half as the
 * bound, on PostgreSQL and MariaDB against a process clock set 20 s off; and where there is no
 * clock to read.
 */
class ServerClockTest {
  private static final long SKEW_MILLIS = 20_000;

  @TempDir Path dir;

  @AfterEach
  void clearSkew() {
    System.clearProperty(ProcessClock.SKEW_PROPERTY);
  }

  @Test
  void theShortestRoundTripIsTakenAndHalfOfItBoundsTheError() throws Exception {
    long ahead = 5_000_000;
    int[] calls = {0};
    // every round trip but one spends 30 ms before the server reads its clock: their midpoints
    // are 15 ms early, so taking any of them would be 15 ms off and say so
    ServerClock.Reading r =
        ServerClock.read(
            () -> {
              if (calls[0]++ != 6) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(30));
              }
              return ProcessClock.epochMicros() + ahead;
            },
            "a test's clock");
    assertEquals(ServerClock.ROUND_TRIPS, calls[0]);
    ClockOffset o = r.offset();
    assertTrue(o.uncertaintyMicros() < 15_000, "the short round trip: " + o);
    assertTrue(Math.abs(o.offsetMicros() - ahead) <= o.uncertaintyMicros(), o.toString());
    assertTrue(o.method().startsWith("a test's clock: "), o.method());
  }

  @Test
  void postgresClockIsReadAgainstAProcessClock20SecondsFast() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_server_clock");
    readsTheSkew(DatabaseType.POSTGRES, db, "POSTGRES clock_timestamp()");
  }

  @Test
  void mariadbClockIsReadAgainstAProcessClock20SecondsFast() throws Exception {
    TestDatabase db = TestDatabase.mariadb("sg_server_clock");
    readsTheSkew(DatabaseType.MARIADB, db, "MARIADB UTC_TIMESTAMP(6)");
  }

  /** The server runs on this machine's clock, so its offset is minus the skew, within the bound. */
  private static void readsTheSkew(DatabaseType type, TestDatabase db, String method) {
    System.setProperty(ProcessClock.SKEW_PROPERTY, Long.toString(SKEW_MILLIS));
    ServerClock.Reading r = ServerClock.read(type, db::connect);
    ClockOffset o = r.offset();
    assertTrue(r.measured(), o.toString());
    long error = o.offsetMicros() + SKEW_MILLIS * 1_000;
    // a microsecond each for the two clocks' resolution
    assertTrue(Math.abs(error) <= o.uncertaintyMicros() + 2, error + " µs off: " + o);
    assertTrue(o.uncertaintyMicros() < 1_000_000, o.toString());
    assertTrue(o.method().startsWith(method + ": "), o.method());
    // the reading carries the server's clock forward on the monotonic clock
    long now = System.nanoTime();
    assertEquals(
        ProcessClock.epochMicros() - SKEW_MILLIS * 1_000,
        r.serverMicrosAt(now),
        o.uncertaintyMicros() + 50_000);
  }

  @Test
  void sqliteHasNoServerClock() {
    TestDatabase db = TestDatabase.sqlite(dir, "sg_server_clock");
    ServerClock.Reading r = ServerClock.read(DatabaseType.SQLITE, db::connect);
    assertFalse(r.measured());
    assertNull(r.offset().offsetMicros());
    assertTrue(r.offset().notMeasured().contains("SQLite has no server"), r.toString());
  }

  @Test
  void aFailedReadingIsNotMeasuredAndSaysWhy() {
    ServerClock.Reading r =
        ServerClock.read(
            DatabaseType.POSTGRES,
            () -> {
              throw new SQLException("Connection refused", "08001");
            });
    assertFalse(r.measured());
    assertEquals(
        "not measured: the reading failed: Connection refused [SQLState 08001]",
        r.offset().notMeasured());
    assertFalse(
        ServerClock.read(DatabaseType.H2, () -> null).measured(), "no query for an H2 clock");
  }

  @Test
  void theOffsetAtTheMeasurementStartFollowsAStepOfThisProcessClock() {
    long nanos = 1_000_000_000_000L;
    long server = 1_795_300_000_000_000L;
    ServerClock.Reading r =
        new ServerClock.Reading(ClockOffset.measured(-20_000_000, 300, "m"), nanos, server);
    // 2 s later by the monotonic clock; this process's clock said 20 s ahead of the server at the
    // reading, but was stepped back 5 s since: its recorded time is 15 s ahead
    long later = nanos + 2_000_000_000L;
    long recorded = server + 2_000_000 + 15_000_000;
    ClockOffset o = r.atMeasurementStart(new MeasurementCollector.Origin(later, recorded));
    assertEquals(-15_000_000L, o.offsetMicros());
    assertEquals(300L, o.uncertaintyMicros());
    assertEquals(r.offset(), r.atMeasurementStart(null), "a run that never started measuring");
  }
}
