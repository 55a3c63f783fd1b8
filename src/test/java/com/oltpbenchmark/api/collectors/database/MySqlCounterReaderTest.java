package com.oltpbenchmark.api.collectors.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which status variables become which counters, and that a missing one stays absent. */
class MySqlCounterReaderTest {
  /** The counters read from a server whose status holds the variable/value pairs {@code kv}. */
  private static Map<String, Long> counters(Object... kv) {
    Map<String, Long> st = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      st.put((String) kv[i], ((Number) kv[i + 1]).longValue());
    }
    Map<String, Long> m = new LinkedHashMap<>();
    MySqlCounterReader.fromStatus(st, m);
    return m;
  }

  /** Each counter of {@code expected} was read with its value; others may be there too. */
  private static void assertHolds(Map<String, Long> expected, Map<String, Long> read) {
    expected.forEach((counter, value) -> assertEquals(value, read.get(counter), counter));
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
    assertHolds(
        Map.of(
            DatabaseCounters.BYTES_WRITTEN, 1000L,
            DatabaseCounters.WAL_BYTES, 300L,
            DatabaseCounters.DISK_READS, 7L,
            DatabaseCounters.LOCK_WAITS, 2L,
            DatabaseCounters.ROWS_READ, 50L,
            DatabaseCounters.ROWS_CHANGED, 7L),
        m);
    // not in this server's status: absent, not zero
    assertFalse(m.containsKey(DatabaseCounters.DEADLOCKS));
    assertFalse(m.containsKey(DatabaseCounters.REPLICATED_BYTES));
    assertFalse(m.containsKey("rocksdb_bytes_written"));
  }

  @Test
  void myRocksAddsItsOwnBytesAndKeepsThemApart() {
    assertHolds(
        Map.of(
            DatabaseCounters.BYTES_WRITTEN,
            6000L,
            DatabaseCounters.WAL_BYTES,
            1000L,
            DatabaseCounters.DISK_READS,
            9L,
            "rocksdb_bytes_written",
            5000L),
        counters(
            "innodb_data_written", 1000,
            "innodb_os_log_written", 300,
            "rocksdb_bytes_written", 5000,
            "rocksdb_wal_bytes", 700,
            "rocksdb_block_cache_miss", 9));
  }

  @Test
  void galeraCounters() {
    assertHolds(
        Map.of(
            DatabaseCounters.REPLICATED_BYTES, 123L,
            DatabaseCounters.RECEIVED_BYTES, 456L,
            DatabaseCounters.CERT_FAILURES, 1L,
            DatabaseCounters.FLOW_CONTROL_PAUSED_NS, 99L),
        counters(
            "wsrep_replicated_bytes", 123,
            "wsrep_received_bytes", 456,
            "wsrep_local_cert_failures", 1,
            "wsrep_flow_control_paused_ns", 99));
  }
}
