package com.oltpbenchmark.benchmarks.socialgraph.loader;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rows written so far, shared by all loader threads, logged at most every {@code interval} with the
 * rates since the load started.
 */
public final class LoadProgress {

  private static final Logger LOG = LoggerFactory.getLogger(LoadProgress.class);

  private final AtomicLongArray rows = new AtomicLongArray(TableLayout.values().length);
  private final AtomicLong payloadBytes = new AtomicLong();
  private final AtomicLong nextReportNanos;
  private final long intervalNanos;
  private final long startNanos;
  private final long totalIds;
  private final AtomicLong idsDone = new AtomicLong();
  private volatile long finishedNanos;

  public LoadProgress(long totalIds, long intervalMillis) {
    this.totalIds = totalIds;
    this.startNanos = System.nanoTime();
    this.intervalNanos = intervalMillis * 1_000_000L;
    this.nextReportNanos = new AtomicLong(startNanos + intervalNanos);
  }

  void rowsWritten(TableLayout table, int count, long bytes) {
    rows.addAndGet(table.ordinal(), count);
    payloadBytes.addAndGet(bytes);
    long now = System.nanoTime();
    long due = nextReportNanos.get();
    if (now >= due && nextReportNanos.compareAndSet(due, now + intervalNanos)) {
      LOG.info(describe(now, "loading"));
    }
  }

  /** Records that every row of {@code ids} more node ids has been handed to a writer. */
  public void idsGenerated(long ids) {
    idsDone.addAndGet(ids);
  }

  public long nodes() {
    return rows.get(TableLayout.NODE.ordinal());
  }

  public long links() {
    return rows.get(TableLayout.LINK.ordinal());
  }

  public long counts() {
    return rows.get(TableLayout.COUNT.ordinal());
  }

  /** Marks the load complete (rows, indexes and statistics); the rates stop there. */
  public void finished() {
    finishedNanos = System.nanoTime();
  }

  private long end() {
    long f = finishedNanos;
    return f != 0 ? f : System.nanoTime();
  }

  /** The summary line: totals and rates over the whole load so far. */
  public String summary() {
    return describe(end(), finishedNanos != 0 ? "load complete" : "loaded");
  }

  private String describe(long now, String verb) {
    double seconds = Math.max(1e-9, (now - startNanos) / 1e9);
    long n = nodes();
    long l = links();
    long c = counts();
    return String.format(
        "socialgraph %s: %d/%d ids (%.1f%%) in %.1f s: %d nodes (%.0f/s), %d links (%.0f links/s), "
            + "%d counts (%.0f/s), %.1f MB payload",
        verb,
        idsDone.get(),
        totalIds,
        totalIds == 0 ? 100.0 : 100.0 * idsDone.get() / totalIds,
        seconds,
        n,
        n / seconds,
        l,
        l / seconds,
        c,
        c / seconds,
        payloadBytes.get() / 1e6);
  }
}
