package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.results.ClockOffset;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.OneLine;
import com.oltpbenchmark.util.ProcessClock;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the database server's clock against this process's, the way NTP does: several round trips
 * of a query returning the server's time; of them, the one with the shortest round trip, assuming
 * the server read its clock halfway through it. The server read it somewhere within the round trip,
 * so half of it bounds the error. Driver processes on several machines share no clock but the
 * database's, so this is what lets them start together and be merged on one timeline.
 */
final class ServerClock {
  private static final Logger LOG = LoggerFactory.getLogger(ServerClock.class);

  /** Enough for one round trip free of the first execution's parsing and of a scheduling hiccup. */
  static final int ROUND_TRIPS = 10;

  /** A server that does not answer this fast is not one to set a clock by; the run goes on. */
  private static final int QUERY_TIMEOUT_SECONDS = 10;

  /** The server's clock, read once, in microseconds since the epoch. */
  interface Source {
    long epochMicros() throws SQLException;
  }

  /**
   * A reading of the server's clock.
   *
   * @param offset the server's clock minus this process's, or why it was not measured
   * @param nanos {@code System.nanoTime()} at the middle of the chosen round trip
   * @param serverMicros what the server's clock said then
   */
  record Reading(ClockOffset offset, long nanos, long serverMicros) {
    static Reading notMeasured(String why) {
      return new Reading(ClockOffset.notMeasured(why), 0, 0);
    }

    boolean measured() {
      return offset.isMeasured();
    }

    /**
     * The server's clock at {@code atNanos}, carried forward from the reading by the monotonic
     * clock: unlike this process's wall clock, that one is never stepped.
     */
    long serverMicrosAt(long atNanos) {
      return serverMicros + Math.floorDiv(atNanos - nanos, 1000);
    }

    /**
     * The offset at the measurement start, the instant {@code --merge} places by it: the server's
     * time then (carried by the monotonic clock) minus this process's wall-clock time recorded
     * then. Equal to the reading's offset unless this process's clock was stepped in between, in
     * which case this one is right for the recorded times.
     */
    ClockOffset atMeasurementStart(MeasurementCollector.Origin origin) {
      if (!measured() || origin == null) {
        return offset;
      }
      return ClockOffset.measured(
          serverMicrosAt(origin.nanos()) - origin.epochMicros(),
          offset.uncertaintyMicros(),
          offset.method());
    }
  }

  private ServerClock() {}

  /**
   * The query for the server's time in epoch microseconds, or null when there is none. The MySQL
   * family's is UTC_TIMESTAMP counted from the epoch, not UNIX_TIMESTAMP(NOW(6)), which converts
   * through the session's time zone (ambiguous for an hour a year).
   */
  static String query(DatabaseType type) {
    return switch (type) {
      case POSTGRES, COCKROACHDB ->
          "SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000 AS BIGINT)";
      case MARIADB, MYSQL, MYROCKS ->
          "SELECT TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6))";
      default -> null;
    };
  }

  /** Opens a connection to the server. */
  interface Opener {
    Connection open() throws SQLException;
  }

  /** The server's clock as the first benchmark's connection reaches it; never fails the run. */
  static Reading read(BenchmarkModule module) {
    DatabaseType type = module.getWorkloadConfiguration().getDatabaseType();
    Reading r = read(type, module::makeConnection);
    if (r.measured()) {
      LOG.info("Clock offset: {}", describe(r.offset()));
    } else if (type == DatabaseType.SQLITE) {
      LOG.info("Clock offset to the database server: {}", r.offset().notMeasured());
    } else {
      // a server whose clock could not be read: processes elsewhere may start apart
      LOG.warn(
          "Clock offset to the database server: {}; --start-at and --merge go by this process's"
              + " clock",
          r.offset().notMeasured());
    }
    return r;
  }

  /** The server's clock over a connection of {@code opener}; not measured when it cannot be. */
  static Reading read(DatabaseType type, Opener opener) {
    if (type == DatabaseType.SQLITE) {
      return Reading.notMeasured(
          "not measured: SQLite has no server (the database runs in this process, on its clock)");
    }
    String sql = query(type);
    if (sql == null) {
      return Reading.notMeasured("not measured: no query for the clock of a " + type + " server");
    }
    String function =
        type == DatabaseType.POSTGRES || type == DatabaseType.COCKROACHDB
            ? "clock_timestamp()"
            : "UTC_TIMESTAMP(6)";
    try (Connection c = opener.open();
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
      return read(
          () -> {
            try (ResultSet rs = ps.executeQuery()) {
              if (!rs.next()) {
                throw new SQLException("the server's time query returned no row");
              }
              return rs.getLong(1);
            }
          },
          type + " " + function);
    } catch (SQLException | RuntimeException e) {
      LOG.debug("reading the server's clock", e);
      return Reading.notMeasured("not measured: the reading failed: " + OneLine.describe(e));
    }
  }

  /**
   * {@link #ROUND_TRIPS} readings of {@code server}; the one with the shortest round trip.
   *
   * @param what the server's clock function, for the summary
   */
  static Reading read(Source server, String what) throws SQLException {
    long best = Long.MAX_VALUE;
    long bestMiddleNanos = 0;
    long bestMiddleMicros = 0;
    long bestServer = 0;
    for (int i = 0; i < ROUND_TRIPS; i++) {
      // this process's clock read inside the timed span: the server reads its own between this
      // and the answer, so the midpoint is off by half the span at most
      long sent = System.nanoTime();
      long wall = ProcessClock.epochMicros();
      long serverMicros = server.epochMicros();
      long roundTrip = System.nanoTime() - sent;
      if (roundTrip < best) {
        best = roundTrip;
        bestMiddleNanos = sent + roundTrip / 2;
        bestMiddleMicros = wall + roundTrip / 2_000;
        bestServer = serverMicros;
      }
    }
    // half the round trip, rounded up, and a microsecond for the two clocks' resolution
    long uncertainty = (best + 1_999) / 2_000 + 1;
    String method =
        what
            + ": the midpoint of the shortest of "
            + ROUND_TRIPS
            + " round trips (as NTP), which bounds the error by half its length";
    return new Reading(
        ClockOffset.measured(bestServer - bestMiddleMicros, uncertainty, method),
        bestMiddleNanos,
        bestServer);
  }

  /**
   * "the database server's clock is 20.003 s behind this process's (± 0.312 ms)", or "0.150 ms
   * ahead of" when under a second.
   */
  static String describe(ClockOffset o) {
    long off = o.offsetMicros();
    long size = Math.abs(off);
    return String.format(
        Locale.ROOT,
        "the database server's clock is %s %s this process's (± %.3f ms)",
        size >= 1_000_000
            ? String.format(Locale.ROOT, "%.3f s", size / 1e6)
            : String.format(Locale.ROOT, "%.3f ms", size / 1e3),
        off <= 0 ? "behind" : "ahead of",
        o.uncertaintyMicros() / 1000.0);
  }
}
