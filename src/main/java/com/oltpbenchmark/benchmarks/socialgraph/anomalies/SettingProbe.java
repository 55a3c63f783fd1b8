package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.Map;

/**
 * Asks a connection what its setting promises: for each {@link Anomaly}, the setting that allows it
 * on this connection, or nothing when the setting forbids it (the table in docs/anomalies.md).
 *
 * <p>Asked once per connection, before its first checked request, in a transaction of its own.
 */
final class SettingProbe {

  private SettingProbe() {}

  /**
   * @param reads the connection the reads go to
   * @param writes the connection the writes go to (the same one unless reads go to a replica)
   * @return the anomalies this setting allows, each with the setting that allows it
   */
  static Map<Anomaly, String> allowed(DatabaseFamily family, Connection reads, Connection writes) {
    Map<Anomaly, String> allowed = new EnumMap<>(Anomaly.class);
    try {
      int isolation = reads.getTransactionIsolation();
      if (isolation <= Connection.TRANSACTION_READ_COMMITTED) {
        allowed.put(
            Anomaly.FRACTURED_READ,
            "READ COMMITTED (each statement of a read transaction takes its own snapshot)");
      }
      if (family == DatabaseFamily.MYSQL) {
        probeMySql(reads, allowed);
      } else if (family == DatabaseFamily.POSTGRES) {
        probePostgres(reads, writes, allowed);
      }
    } catch (SQLException e) {
      // an unanswered question allows nothing: the verdict then holds the database to the
      // strictest promise, and the examples show what it did
    } finally {
      endTransaction(reads);
      if (writes != reads) {
        endTransaction(writes);
      }
    }
    return allowed;
  }

  private static void probeMySql(Connection conn, Map<Anomaly, String> allowed)
      throws SQLException {
    try (Statement s = conn.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                    + " AND TABLE_NAME IN ('nodetable', 'linktable') AND ENGINE = 'SPIDER'")) {
      if (rs.next() && rs.getLong(1) > 0) {
        allowed.put(
            Anomaly.FRACTURED_READ,
            "Spider (a read spanning backends takes one snapshot per backend)");
      }
    }
    String syncWait = variable(conn, "wsrep_sync_wait");
    String wsrepOn = variable(conn, "wsrep_on");
    if (syncWait != null && isOn(wsrepOn) && (Long.parseLong(syncWait) & 1) == 0) {
      allowed.put(
          Anomaly.STALE_READ,
          "Galera with wsrep_sync_wait="
              + syncWait
              + " (a node may answer before it applied another node's commit)");
    }
  }

  private static void probePostgres(
      Connection reads, Connection writes, Map<Anomaly, String> allowed) throws SQLException {
    boolean standby;
    try (Statement s = reads.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_is_in_recovery()")) {
      standby = rs.next() && rs.getBoolean(1);
    }
    if (!standby) {
      return;
    }
    String why = "reads from a hot standby with asynchronous replication";
    if (writes != reads) {
      try (Statement s = writes.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT current_setting('synchronous_commit'),"
                      + " (SELECT count(*) FROM pg_stat_replication WHERE sync_state NOT IN"
                      + " ('sync', 'quorum')), (SELECT count(*) FROM pg_stat_replication),"
                      + " current_setting('synchronous_standby_names')")) {
        if (rs.next()) {
          String commit = rs.getString(1);
          boolean everyStandbyWaitedFor =
              rs.getLong(2) == 0 && rs.getLong(3) > 0 && !rs.getString(4).isBlank();
          if ("remote_apply".equals(commit) && everyStandbyWaitedFor) {
            return;
          }
          why =
              "reads from a hot standby (primary synchronous_commit="
                  + commit
                  + (everyStandbyWaitedFor ? "" : ", not every standby synchronous")
                  + ")";
        }
      }
    }
    allowed.put(Anomaly.STALE_READ, why);
    allowed.put(Anomaly.READ_YOUR_WRITES, why);
  }

  private static String variable(Connection conn, String name) {
    try (Statement s = conn.createStatement();
        ResultSet rs = s.executeQuery("SELECT @@" + name)) {
      return rs.next() ? rs.getString(1) : null;
    } catch (SQLException e) {
      return null; // a server without Galera's variables
    }
  }

  private static boolean isOn(String v) {
    return v != null && (v.equals("1") || v.equalsIgnoreCase("ON"));
  }

  private static void endTransaction(Connection conn) {
    try {
      if (!conn.getAutoCommit()) {
        conn.rollback();
      }
    } catch (SQLException e) {
      // the request that follows meets the same connection and reports its state
    }
  }
}
