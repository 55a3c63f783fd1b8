package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.config.ReadReplicas;
import com.oltpbenchmark.benchmarks.socialgraph.database.JdbcDriver;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The preflight of {@code <readReplicas>}: every replica answers, holds the schema and, when the
 * graph is checked, the loaded graph the configuration describes. On PostgreSQL a replica must be a
 * standby (pg_is_in_recovery()): a URL that names a server taking writes is a mistake the reads
 * would hide, since they would succeed there. Before the graph is looked at, each PostgreSQL
 * standby gets a bounded wait to replay the primary's WAL up to where it stood when the check
 * began, so that a run started right after the load does not find a standby still replaying it.
 */
public final class ReadReplicaPreflight {

  /** How long a standby may take to replay what the primary had written (the load, usually). */
  static final long CATCH_UP_MILLIS = 120_000;

  private ReadReplicaPreflight() {}

  /**
   * The first problem of a replica, in one line naming it, or null.
   *
   * @param primary a connection to {@code <url>}, where the writes go
   */
  public static String problem(
      Connection primary,
      ReadReplicas replicas,
      String username,
      String password,
      LinkBenchConfig config,
      boolean checkGraph)
      throws SQLException {
    String primaryLsn = null;
    if (!replicas.isEmpty() && JdbcDriver.of(primary) == JdbcDriver.POSTGRESQL) {
      primaryLsn = walPosition(primary);
    }
    for (String url : replicas.urls()) {
      String where = "<" + ReadReplicas.BLOCK + "><url> " + url;
      try (Connection replica = connect(url, username, password)) {
        String p = problem(replica, primaryLsn, config, checkGraph);
        if (p != null) {
          return where + ": " + p;
        }
      } catch (SQLException e) {
        return where + ": " + firstLine(e.getMessage());
      }
    }
    return null;
  }

  private static String problem(
      Connection replica, String primaryLsn, LinkBenchConfig config, boolean checkGraph)
      throws SQLException {
    if (JdbcDriver.of(replica) == JdbcDriver.POSTGRESQL) {
      if (!inRecovery(replica)) {
        return "is not a standby (pg_is_in_recovery() is false), so it is not a replica of <url>;"
            + " name a hot standby of <url>'s server there, or remove it";
      }
      if (primaryLsn != null && !replayed(replica, primaryLsn, CATCH_UP_MILLIS)) {
        return "has not replayed the primary's WAL up to "
            + primaryLsn
            + " within "
            + CATCH_UP_MILLIS / 1000
            + " s (is it streaming from <url>'s server?)";
      }
    }
    return Preflight.problem(replica, config, checkGraph);
  }

  /** The primary's current WAL position, or null when it is itself in recovery. */
  private static String walPosition(Connection primary) throws SQLException {
    if (inRecovery(primary)) {
      return null;
    }
    try (Statement s = primary.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_current_wal_lsn()::text")) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  static boolean inRecovery(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_is_in_recovery()")) {
      return rs.next() && rs.getBoolean(1);
    }
  }

  /** Whether the standby replays up to {@code lsn} within {@code millis}. */
  static boolean replayed(Connection standby, String lsn, long millis) throws SQLException {
    long deadline = System.nanoTime() + millis * 1_000_000;
    try (PreparedStatement ps =
        standby.prepareStatement("SELECT COALESCE(pg_last_wal_replay_lsn() >= ?::pg_lsn, false)")) {
      ps.setString(1, lsn);
      while (true) {
        try (ResultSet rs = ps.executeQuery()) {
          if (rs.next() && rs.getBoolean(1)) {
            return true;
          }
        }
        if (System.nanoTime() > deadline) {
          return false;
        }
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
    }
  }

  private static Connection connect(String url, String username, String password)
      throws SQLException {
    return username == null || username.isEmpty()
        ? DriverManager.getConnection(url)
        : DriverManager.getConnection(url, username, password);
  }

  private static String firstLine(String s) {
    return s == null ? "cannot connect" : s.lines().findFirst().orElse("").strip();
  }
}
