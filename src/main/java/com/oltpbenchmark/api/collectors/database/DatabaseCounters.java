package com.oltpbenchmark.api.collectors.database;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The counter names every reader uses, so that figures from different engines line up. Running
 * totals are differenced over a phase and divided by its requests; levels are reported as read.
 */
public final class DatabaseCounters {
  private DatabaseCounters() {}

  public static final String COMMITS = "commits";
  public static final String ROLLBACKS = "rollbacks";
  public static final String BYTES_READ = "bytes_read";
  public static final String BYTES_WRITTEN = "bytes_written";
  public static final String WAL_BYTES = "wal_bytes";
  public static final String WAL_RECORDS = "wal_records";
  public static final String WAL_FULL_PAGES = "wal_full_page_images";
  public static final String DISK_READS = "disk_reads";
  public static final String READ_REQUESTS = "read_requests";
  public static final String ROWS_READ = "rows_read";
  public static final String ROWS_CHANGED = "rows_changed";
  public static final String LOCK_WAITS = "row_lock_waits";
  public static final String LOCK_WAIT_MS = "row_lock_wait_ms";
  public static final String DEADLOCKS = "deadlocks";
  public static final String TEMP_BYTES = "temp_bytes";
  public static final String CHECKPOINTS = "checkpoints";
  public static final String BUFFERS_WRITTEN = "buffers_written";
  public static final String REPLICATED_BYTES = "replicated_bytes";
  public static final String RECEIVED_BYTES = "received_bytes";
  public static final String CERT_FAILURES = "certification_failures";
  public static final String FLOW_CONTROL_PAUSED_NS = "flow_control_paused_ns";

  /** The server's process tree on this host (exited backends included), and the driver's. */
  public static final String SERVER_CPU_US = "server_cpu_us";

  public static final String SERVER_READ_BYTES = "server_read_bytes";
  public static final String SERVER_WRITE_BYTES = "server_write_bytes";
  public static final String DRIVER_CPU_US = "driver_cpu_us";
  public static final String DRIVER_GC_MS = "driver_gc_ms";
  public static final String DRIVER_JIT_MS = "driver_jit_ms";

  public static final String SIZE_BYTES = "size_bytes";
  public static final String DEAD_ROWS = "dead_rows";
  public static final String LIVE_ROWS = "live_rows";
  public static final String LOCK_WAITERS_NOW = "lock_waiters_now";
  public static final String WAL_DIR_BYTES = "wal_directory_bytes";
  public static final String PAGES = "pages";
  public static final String FREE_PAGES = "freelist_pages";
  public static final String WAL_FILE_BYTES = "wal_file_bytes";

  /**
   * Streaming replication, read on the primary (PostgreSQL's pg_stat_replication): the standbys
   * connected, and the largest write, flush and replay lag among them when read (microseconds), and
   * how far the furthest behind has still to replay (bytes of WAL). Levels.
   */
  public static final String STANDBYS = "replication_standbys";

  public static final String WRITE_LAG_US = "replication_write_lag_us";
  public static final String FLUSH_LAG_US = "replication_flush_lag_us";
  public static final String REPLAY_LAG_US = "replication_replay_lag_us";
  public static final String REPLAY_BEHIND_BYTES = "replication_replay_behind_bytes";

  /** The replication levels, in the order the summary lists them, with their summary labels. */
  public static final Map<String, String> REPLICATION_LAG =
      orderedMap(
          STANDBYS, "Standbys",
          WRITE_LAG_US, "Write Lag (ms)",
          FLUSH_LAG_US, "Flush Lag (ms)",
          REPLAY_LAG_US, "Replay Lag (ms)",
          REPLAY_BEHIND_BYTES, "Replay Behind (bytes)");

  private static Map<String, String> orderedMap(String... keysAndValues) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return Collections.unmodifiableMap(m);
  }

  /** Counters that are levels, not running totals. */
  static final Set<String> LEVELS =
      Set.of(
          SIZE_BYTES,
          DEAD_ROWS,
          LIVE_ROWS,
          LOCK_WAITERS_NOW,
          WAL_DIR_BYTES,
          PAGES,
          FREE_PAGES,
          WAL_FILE_BYTES,
          STANDBYS,
          WRITE_LAG_US,
          FLUSH_LAG_US,
          REPLAY_LAG_US,
          REPLAY_BEHIND_BYTES);

  /**
   * The per-request figures people compare engines by: summary label, counter, divisor (1024 turns
   * bytes into KB; 0.001 gives "per 1,000 requests").
   */
  public record Efficiency(String label, String counter, double divisor) {}

  public static final List<Efficiency> EFFICIENCY =
      List.of(
          new Efficiency("Server CPU microseconds", SERVER_CPU_US, 1),
          new Efficiency("Driver CPU microseconds", DRIVER_CPU_US, 1),
          new Efficiency("KB read", BYTES_READ, 1024),
          new Efficiency("KB written", BYTES_WRITTEN, 1024),
          new Efficiency("WAL/redo KB", WAL_BYTES, 1024),
          new Efficiency("Disk reads", DISK_READS, 1),
          new Efficiency("Row-lock waits per 1000", LOCK_WAITS, 0.001),
          new Efficiency("Deadlocks per 1000", DEADLOCKS, 0.001),
          new Efficiency("Rows changed", ROWS_CHANGED, 1),
          new Efficiency("Replicated KB", REPLICATED_BYTES, 1024),
          new Efficiency("Server storage KB read", SERVER_READ_BYTES, 1024),
          new Efficiency("Server storage KB written", SERVER_WRITE_BYTES, 1024));

  /** Per efficiency label, the counter it comes from (for documentation and tests). */
  public static Map<String, String> efficiencyCounters() {
    Map<String, String> m = new LinkedHashMap<>();
    for (Efficiency e : EFFICIENCY) {
      m.put(e.label(), e.counter());
    }
    return m;
  }
}
