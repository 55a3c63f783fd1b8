package com.oltpbenchmark.api.collectors.database;

import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one database family's activity counters and sizes over SQL, a few queries per reading. A
 * query the server does not have (an older version, another engine) leaves its counters absent; a
 * query the user may not run is reported once, naming the privilege, and dropped.
 */
public abstract class CounterReader {
  private static final Logger LOG = LoggerFactory.getLogger(CounterReader.class);

  /** One query and the counters it yields; {@code privilege} names what it needs. */
  protected interface Query {
    void read(Connection c, Map<String, Long> into) throws SQLException;
  }

  /** What to take from the one row a query returns. */
  protected interface Row {
    void read(ResultSet rs) throws SQLException;
  }

  private record Source(String name, String privilege, Query query) {}

  private final List<Source> sources = new ArrayList<>();

  /** The sources this reader dropped, with why (once each). */
  private final List<String> dropped = new ArrayList<>();

  protected final void source(String name, String privilege, Query q) {
    sources.add(new Source(name, privilege, q));
  }

  /** Runs {@code sql} and hands its first row, if any, to {@code row}. */
  protected static void firstRow(Connection c, String sql, Row row) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      if (rs.next()) {
        row.read(rs);
      }
    }
  }

  /** Runs {@code sql} and puts its first row's columns, if any, under {@code keys} in order. */
  protected static void columns(Connection c, Map<String, Long> into, String sql, String... keys)
      throws SQLException {
    firstRow(
        c,
        sql,
        rs -> {
          for (int i = 0; i < keys.length; i++) {
            into.put(keys[i], rs.getLong(i + 1));
          }
        });
  }

  /** The reader for a database type; SQLite, PostgreSQL and the MySQL family have one. */
  public static CounterReader of(DatabaseType type) {
    if (type == null) {
      return null;
    }
    return switch (type) {
      case POSTGRES -> new PostgresCounterReader();
      case MARIADB, MYSQL, MYROCKS -> new MySqlCounterReader();
      case SQLITE -> new SqliteCounterReader();
      default -> null;
    };
  }

  /** The family as the summary names it, e.g. "PostgreSQL". */
  public abstract String family();

  /** What this reader reads, for the summary's "Sources". */
  public final List<String> sourceNames() {
    List<String> out = new ArrayList<>();
    for (Source s : sources) {
      out.add(s.name);
    }
    return out;
  }

  /**
   * One reading. Counters whose query failed for want of a privilege or of the object are absent
   * (and the query is not tried again); {@code notices} receives one line per privilege problem.
   *
   * @throws SQLException when the connection failed (the caller marks a gap)
   */
  public final Map<String, Long> read(Connection c, Consumer<String> notices) throws SQLException {
    Map<String, Long> out = new LinkedHashMap<>();
    List<Source> gone = new ArrayList<>();
    for (Source s : sources) {
      Map<String, Long> part = new LinkedHashMap<>();
      try {
        s.query.read(c, part);
        out.putAll(part);
      } catch (SQLException e) {
        if (isPrivilegeProblem(e)) {
          String line =
              "database figures: "
                  + s.name
                  + " not read, "
                  + firstLine(e.getMessage())
                  + " (needs "
                  + s.privilege
                  + "); the run goes on without it";
          notices.accept(line);
          dropped.add(s.name + ": " + s.privilege);
          gone.add(s);
        } else if (isMissingObject(e) || c.isValid(2)) {
          // not in this version or engine: absent, not zero
          LOG.debug("database figures: {} not available: {}", s.name, e.getMessage());
          gone.add(s);
        } else {
          throw e;
        }
      }
    }
    sources.removeAll(gone);
    return out;
  }

  /** Sources dropped for want of a privilege ("source: privilege"). */
  public final List<String> droppedForPrivileges() {
    return List.copyOf(dropped);
  }

  /**
   * Waits (bounded) until the server has accounted for the sessions that just ended, so a reading
   * after the run includes their work. Nothing by default.
   */
  public void settleAfterRun(Connection c) throws SQLException {}

  /** The longest {@link #settleAfterRun} waits on purpose, beyond its statements' answers. */
  public long settleMillis() {
    return 0;
  }

  /** The counters that are levels (sizes, row counts) rather than running totals. */
  public static boolean isLevel(String counter) {
    return DatabaseCounters.LEVELS.contains(counter);
  }

  static boolean isPrivilegeProblem(SQLException e) {
    String state = e.getSQLState();
    int code = e.getErrorCode();
    // PostgreSQL insufficient_privilege; MySQL access denied / specific-access-denied codes
    return "42501".equals(state)
        || code == 1227
        || code == 1142
        || code == 1143
        || code == 1044
        || code == 1045;
  }

  private static boolean isMissingObject(SQLException e) {
    String state = e.getSQLState();
    // PostgreSQL undefined table/column/function; MySQL unknown table/column (42S02, 42S22)
    return "42P01".equals(state)
        || "42703".equals(state)
        || "42883".equals(state)
        || "42S02".equals(state)
        || "42S22".equals(state)
        || "0A000".equals(state);
  }

  static String firstLine(String s) {
    if (s == null) {
      return "no message";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).trim();
  }

  static long num(Object v) {
    if (v == null) {
      return 0;
    }
    if (v instanceof Number n) {
      return n.longValue();
    }
    return new java.math.BigDecimal(v.toString().trim()).longValue();
  }
}
