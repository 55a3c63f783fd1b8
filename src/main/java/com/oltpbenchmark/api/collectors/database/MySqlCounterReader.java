package com.oltpbenchmark.api.collectors.database;

import static com.oltpbenchmark.api.collectors.database.DatabaseCounters.*;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * MariaDB and MySQL: SHOW GLOBAL STATUS (InnoDB, the server's row and commit counters, Rocksdb_*
 * when MyRocks is loaded, wsrep_* on Galera) and the benchmark schema's data and index length. The
 * status counters are the whole server's.
 */
final class MySqlCounterReader extends CounterReader {
  MySqlCounterReader() {
    source(
        "SHOW GLOBAL STATUS",
        "nothing (readable by every user)",
        (c, m) -> {
          Map<String, Long> st = new HashMap<>();
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS")) {
            while (rs.next()) {
              String v = rs.getString(2);
              if (v != null && !v.isEmpty() && isInteger(v)) {
                st.put(rs.getString(1).toLowerCase(java.util.Locale.ROOT), Long.parseLong(v));
              }
            }
          }
          fromStatus(st, m);
        });
    source(
        "information_schema.tables",
        "SELECT on the benchmark schema",
        (c, m) ->
            columns(
                c,
                m,
                "SELECT COALESCE(SUM(data_length + index_length), 0), COALESCE(SUM(table_rows), 0)"
                    + " FROM information_schema.tables WHERE table_schema = DATABASE()",
                SIZE_BYTES,
                LIVE_ROWS));
  }

  @Override
  public String family() {
    return "MariaDB/MySQL";
  }

  /** The neutral counters from SHOW GLOBAL STATUS (lower-case names); absent stays absent. */
  static void fromStatus(Map<String, Long> st, Map<String, Long> m) {
    copy(st, "com_commit", COMMITS, m);
    copy(st, "com_rollback", ROLLBACKS, m);
    copy(st, "innodb_data_read", BYTES_READ, m);
    copy(st, "innodb_data_written", BYTES_WRITTEN, m);
    copy(st, "innodb_os_log_written", WAL_BYTES, m);
    copy(st, "innodb_buffer_pool_reads", DISK_READS, m);
    copy(st, "innodb_buffer_pool_read_requests", READ_REQUESTS, m);
    copy(st, "innodb_buffer_pool_pages_flushed", BUFFERS_WRITTEN, m);
    copy(st, "innodb_row_lock_waits", LOCK_WAITS, m);
    copy(st, "innodb_row_lock_time", LOCK_WAIT_MS, m);
    copy(st, "innodb_deadlocks", DEADLOCKS, m);
    // MySQL counts InnoDB rows; MariaDB 10.11 dropped those and counts rows in every engine
    if (st.containsKey("innodb_rows_read")) {
      copy(st, "innodb_rows_read", ROWS_READ, m);
    } else {
      copy(st, "rows_read", ROWS_READ, m);
    }
    if (st.containsKey("innodb_rows_inserted")) {
      m.put(
          ROWS_CHANGED,
          st.get("innodb_rows_inserted")
              + st.getOrDefault("innodb_rows_updated", 0L)
              + st.getOrDefault("innodb_rows_deleted", 0L));
    } else if (st.containsKey("handler_write")) {
      m.put(
          ROWS_CHANGED,
          st.get("handler_write")
              + st.getOrDefault("handler_update", 0L)
              + st.getOrDefault("handler_delete", 0L));
    }
    // MyRocks: its own bytes and WAL beside InnoDB's (which still holds the system tables)
    for (String k : new String[] {"bytes_read", "bytes_written", "wal_bytes", "block_cache_miss"}) {
      copy(st, "rocksdb_" + k, "rocksdb_" + k, m);
    }
    if (st.containsKey("rocksdb_row_lock_wait_timeouts")) {
      copy(st, "rocksdb_row_lock_wait_timeouts", "rocksdb_row_lock_wait_timeouts", m);
      copy(st, "rocksdb_row_lock_deadlocks", "rocksdb_row_lock_deadlocks", m);
    }
    if (st.containsKey("rocksdb_bytes_written")) {
      m.merge(BYTES_WRITTEN, st.get("rocksdb_bytes_written"), Long::sum);
      m.merge(BYTES_READ, st.getOrDefault("rocksdb_bytes_read", 0L), Long::sum);
      m.merge(WAL_BYTES, st.getOrDefault("rocksdb_wal_bytes", 0L), Long::sum);
      m.merge(DISK_READS, st.getOrDefault("rocksdb_block_cache_miss", 0L), Long::sum);
    }
    // Galera
    copy(st, "wsrep_replicated_bytes", REPLICATED_BYTES, m);
    copy(st, "wsrep_received_bytes", RECEIVED_BYTES, m);
    copy(st, "wsrep_local_cert_failures", CERT_FAILURES, m);
    copy(st, "wsrep_flow_control_paused_ns", FLOW_CONTROL_PAUSED_NS, m);
  }

  private static void copy(Map<String, Long> st, String from, String to, Map<String, Long> m) {
    Long v = st.get(from);
    if (v != null) {
      m.put(to, v);
    }
  }

  private static boolean isInteger(String v) {
    int start = v.charAt(0) == '-' ? 1 : 0;
    if (start == v.length() || v.length() > 19) {
      return false;
    }
    for (int i = start; i < v.length(); i++) {
      if (!Character.isDigit(v.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
