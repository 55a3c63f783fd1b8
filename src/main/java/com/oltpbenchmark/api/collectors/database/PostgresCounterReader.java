package com.oltpbenchmark.api.collectors.database;

import static com.oltpbenchmark.api.collectors.database.DatabaseCounters.*;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

/**
 * PostgreSQL: the benchmark database's row of pg_stat_database, the cluster's pg_stat_wal (14 and
 * later) and pg_stat_bgwriter, the database's size, its tables' dead and live rows, sessions
 * waiting for a lock, the lag of the standbys streaming from it (pg_stat_replication), and the WAL
 * directory's size (pg_monitor). WAL, background-writer and replication figures are the whole
 * cluster's.
 */
final class PostgresCounterReader extends CounterReader {
  private long blockSize = 8192;

  PostgresCounterReader() {
    source(
        "pg_stat_database",
        "CONNECT on the database",
        (c, m) ->
            firstRow(
                c,
                "SELECT xact_commit, xact_rollback, blks_read, blks_hit, tup_returned,"
                    + " tup_fetched, tup_inserted + tup_updated + tup_deleted, deadlocks,"
                    + " temp_bytes, current_setting('block_size')::bigint"
                    + " FROM pg_stat_database WHERE datname = current_database()",
                rs -> {
                  blockSize = rs.getLong(10);
                  m.put(COMMITS, rs.getLong(1));
                  m.put(ROLLBACKS, rs.getLong(2));
                  m.put(DISK_READS, rs.getLong(3));
                  m.put(BYTES_READ, rs.getLong(3) * blockSize);
                  m.put(READ_REQUESTS, rs.getLong(3) + rs.getLong(4));
                  m.put(ROWS_READ, rs.getLong(5) + rs.getLong(6));
                  m.put(ROWS_CHANGED, rs.getLong(7));
                  m.put(DEADLOCKS, rs.getLong(8));
                  m.put(TEMP_BYTES, rs.getLong(9));
                }));
    source(
        "pg_stat_wal",
        "nothing (readable by every user)",
        (c, m) ->
            columns(
                c,
                m,
                "SELECT wal_bytes, wal_records, wal_fpi FROM pg_stat_wal",
                WAL_BYTES,
                WAL_RECORDS,
                WAL_FULL_PAGES));
    source(
        "pg_stat_bgwriter",
        "nothing (readable by every user)",
        (c, m) ->
            firstRow(
                c,
                "SELECT checkpoints_timed + checkpoints_req,"
                    + " buffers_checkpoint + buffers_clean + buffers_backend"
                    + " FROM pg_stat_bgwriter",
                rs -> {
                  m.put(CHECKPOINTS, rs.getLong(1));
                  m.put(BUFFERS_WRITTEN, rs.getLong(2));
                  m.put(BYTES_WRITTEN, rs.getLong(2) * blockSize);
                }));
    source(
        "pg_database_size",
        "CONNECT on the database or pg_read_all_stats",
        (c, m) -> columns(c, m, "SELECT pg_database_size(current_database())", SIZE_BYTES));
    source(
        "pg_stat_user_tables",
        "nothing (readable by every user)",
        (c, m) ->
            columns(
                c,
                m,
                "SELECT COALESCE(SUM(n_dead_tup), 0), COALESCE(SUM(n_live_tup), 0)"
                    + " FROM pg_stat_user_tables",
                DEAD_ROWS,
                LIVE_ROWS));
    source(
        "pg_locks",
        "nothing (readable by every user)",
        (c, m) ->
            columns(
                c,
                m,
                "SELECT COUNT(*) FROM pg_locks l JOIN pg_database d ON l.database = d.oid"
                    + " WHERE NOT l.granted AND d.datname = current_database()",
                LOCK_WAITERS_NOW));
    source(
        "pg_stat_replication",
        "pg_read_all_stats (or superuser) to see the standbys' positions",
        PostgresCounterReader::replication);
    source(
        "pg_ls_waldir",
        "the pg_monitor role",
        (c, m) ->
            columns(c, m, "SELECT COALESCE(SUM(size), 0) FROM pg_ls_waldir()", WAL_DIR_BYTES));
  }

  /**
   * The standbys streaming from this server and the largest of their lags; nothing when none is
   * connected (absent, not 0). A lag PostgreSQL shows as NULL is 0: it does so once a standby has
   * caught up and no WAL is being written. Without pg_read_all_stats the rows are there but their
   * positions are NULL, which would read as no lag: refused as the privilege problem it is.
   */
  private static void replication(Connection c, Map<String, Long> m) throws SQLException {
    firstRow(
        c,
        "SELECT COUNT(*), COUNT(sent_lsn),"
            + " COALESCE(MAX(EXTRACT(EPOCH FROM write_lag) * 1000000), 0)::bigint,"
            + " COALESCE(MAX(EXTRACT(EPOCH FROM flush_lag) * 1000000), 0)::bigint,"
            + " COALESCE(MAX(EXTRACT(EPOCH FROM replay_lag) * 1000000), 0)::bigint,"
            + " COALESCE(MAX(pg_wal_lsn_diff(CASE WHEN pg_is_in_recovery() THEN NULL"
            + " ELSE pg_current_wal_lsn() END, replay_lsn)), 0)::bigint"
            + " FROM pg_stat_replication",
        rs -> {
          long standbys = rs.getLong(1);
          if (standbys == 0) {
            return;
          }
          if (rs.getLong(2) < standbys) {
            throw new SQLException(
                "permission denied to see the standbys' positions in pg_stat_replication", "42501");
          }
          m.put(STANDBYS, standbys);
          m.put(WRITE_LAG_US, rs.getLong(3));
          m.put(FLUSH_LAG_US, rs.getLong(4));
          m.put(REPLAY_LAG_US, rs.getLong(5));
          m.put(REPLAY_BEHIND_BYTES, Math.max(0, rs.getLong(6)));
        });
  }

  @Override
  public String family() {
    return "PostgreSQL";
  }

  private static final long SETTLE_MILLIS = 3_000;

  /**
   * A backend reports its statistics when it ends (and at most once a second while busy), so the
   * reading after the run waits, at most 3 s, for the run's own sessions to be gone.
   */
  @Override
  public long settleMillis() {
    return SETTLE_MILLIS;
  }

  @Override
  public void settleAfterRun(Connection c) throws SQLException {
    long deadline = System.nanoTime() + SETTLE_MILLIS * 1_000_000L;
    while (System.nanoTime() < deadline) {
      try (Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()"
                      + " AND pid <> pg_backend_pid() AND backend_type = 'client backend'")) {
        if (!rs.next() || rs.getLong(1) == 0) {
          break;
        }
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    // a session that has just gone may still be writing its statistics out
    try (Statement s = c.createStatement()) {
      s.execute("SELECT pg_stat_clear_snapshot()");
    }
  }
}
