package com.oltpbenchmark.api.collectors.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which status variables become which counters, and that a missing one stays absent. */
class MySqlCounterReaderTest {
  private static Map<String, Long> counters(Object... kv) {
    Map<String, Long> st = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      st.put((String) kv[i], ((Number) kv[i + 1]).longValue());
    }
    Map<String, Long> m = new LinkedHashMap<>();
    MySqlCounterReader.fromStatus(st, m);
    return m;
  }

  @Test
  void innodbOnly() {
    Map<String, Long> m =
        counters(
            "innodb_data_written", 1000,
            "innodb_os_log_written", 300,
            "innodb_buffer_pool_reads", 7,
            "innodb_row_lock_waits", 2,
            "rows_read", 50,
            "handler_write", 3,
            "handler_update", 4);
    assertEquals(1000L, m.get(DatabaseCounters.BYTES_WRITTEN));
    assertEquals(300L, m.get(DatabaseCounters.WAL_BYTES));
    assertEquals(7L, m.get(DatabaseCounters.DISK_READS));
    assertEquals(2L, m.get(DatabaseCounters.LOCK_WAITS));
    assertEquals(50L, m.get(DatabaseCounters.ROWS_READ));
    assertEquals(7L, m.get(DatabaseCounters.ROWS_CHANGED));
    // not in this server's status: absent, not zero
    assertFalse(m.containsKey(DatabaseCounters.DEADLOCKS));
    assertFalse(m.containsKey(DatabaseCounters.REPLICATED_BYTES));
    assertFalse(m.containsKey("rocksdb_bytes_written"));
  }

  @Test
  void myRocksAddsItsOwnBytesAndKeepsThemApart() {
    Map<String, Long> m =
        counters(
            "innodb_data_written", 1000,
            "innodb_os_log_written", 300,
            "rocksdb_bytes_written", 5000,
            "rocksdb_wal_bytes", 700,
            "rocksdb_block_cache_miss", 9);
    assertEquals(6000L, m.get(DatabaseCounters.BYTES_WRITTEN));
    assertEquals(1000L, m.get(DatabaseCounters.WAL_BYTES));
    assertEquals(9L, m.get(DatabaseCounters.DISK_READS));
    assertEquals(5000L, m.get("rocksdb_bytes_written"));
  }

  @Test
  void galeraCounters() {
    Map<String, Long> m =
        counters(
            "wsrep_replicated_bytes", 123,
            "wsrep_received_bytes", 456,
            "wsrep_local_cert_failures", 1,
            "wsrep_flow_control_paused_ns", 99);
    assertEquals(123L, m.get(DatabaseCounters.REPLICATED_BYTES));
    assertEquals(456L, m.get(DatabaseCounters.RECEIVED_BYTES));
    assertEquals(1L, m.get(DatabaseCounters.CERT_FAILURES));
    assertEquals(99L, m.get(DatabaseCounters.FLOW_CONTROL_PAUSED_NS));
  }
}
