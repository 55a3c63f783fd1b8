package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.types.State;
import com.oltpbenchmark.types.TransactionStatus;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * One console line every {@code <progressInterval>} seconds while a run's phases go on (default 10
 * s, 0 turns it off), so that a long phase is not silent between its start and its end: elapsed and
 * planned time, throughput and p99 over the last interval, errors and retries so far, counted as
 * summary.json counts them (errors: the attempts under {@code Error SQLStates}; retries: RETRY and
 * RETRY_DIFFERENT attempts, the console table's Retries), and whether HotSpot's JIT has settled
 * ({@link JitSettleWatch}). Independent of {@code -im}, which keeps upstream's meaning.
 */
final class PhaseProgress implements Runnable {
  static final int DEFAULT_INTERVAL_SECONDS = 10;

  private final List<? extends Worker<? extends BenchmarkModule>> workers;
  private final MeasurementCollector collector;
  private final BenchmarkState state;
  private final long intervalNanos;
  private final LongSupplier plannedSeconds;
  private final long runStartNanos;
  private final Consumer<String> out;
  private final Supplier<String> jit;

  /**
   * @param plannedSeconds warm-up plus measured time of the longest workload, or 0 when a phase has
   *     no fixed length (serial phases)
   */
  PhaseProgress(
      List<? extends Worker<? extends BenchmarkModule>> workers,
      MeasurementCollector collector,
      BenchmarkState state,
      int intervalSeconds,
      long plannedSeconds,
      long runStartNanos,
      Consumer<String> out) {
    this(workers, collector, state, intervalSeconds, plannedSeconds, runStartNanos, out, null);
  }

  /**
   * As above; {@code jit}, when not null, says whether the JIT has settled ({@link
   * JitSettleWatch#progressText}, null while it has nothing to say), which each line adds.
   */
  PhaseProgress(
      List<? extends Worker<? extends BenchmarkModule>> workers,
      MeasurementCollector collector,
      BenchmarkState state,
      int intervalSeconds,
      long plannedSeconds,
      long runStartNanos,
      Consumer<String> out,
      Supplier<String> jit) {
    this(workers, collector, state, intervalSeconds, () -> plannedSeconds, runStartNanos, out, jit);
  }

  /**
   * As above, with the planned time asked for each line: a warm-up that waits for the JIT makes the
   * run longer while it goes on ({@link ThreadBench#warmupBeyondConfiguredSeconds}).
   */
  PhaseProgress(
      List<? extends Worker<? extends BenchmarkModule>> workers,
      MeasurementCollector collector,
      BenchmarkState state,
      int intervalSeconds,
      LongSupplier plannedSeconds,
      long runStartNanos,
      Consumer<String> out,
      Supplier<String> jit) {
    this.workers = workers;
    this.collector = collector;
    this.state = state;
    this.intervalNanos = intervalSeconds * 1_000_000_000L;
    this.plannedSeconds = plannedSeconds;
    this.runStartNanos = runStartNanos;
    this.out = out;
    this.jit = jit;
  }

  @Override
  public void run() {
    try {
      long next = runStartNanos + intervalNanos;
      while (!Thread.currentThread().isInterrupted()) {
        long wait = next - System.nanoTime();
        if (wait > 0) {
          Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
        String line = line(System.nanoTime());
        if (line == null) {
          return;
        }
        out.accept(line);
        next += intervalNanos;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The progress line at {@code nowNanos}, or null once the run has ended. */
  String line(long nowNanos) {
    State s = state.getState();
    if (s == State.DONE || s == State.EXIT || s == State.ERROR) {
      return null;
    }
    long elapsed = (nowNanos - runStartNanos) / 1_000_000_000L;
    StringBuilder b = new StringBuilder("Progress: ");
    b.append(elapsed).append(" s");
    long planned = plannedSeconds.getAsLong();
    if (planned > 0) {
      b.append(" of ").append(planned).append(" s");
    }
    if (s == State.WARMUP) {
      b.append(", warming up");
    } else {
      MeasurementCollector.Recent r = collector.recent(nowNanos - intervalNanos);
      double seconds = Math.max(1e-9, (nowNanos - r.fromNanos()) / 1e9);
      b.append(
          String.format(
              Locale.ROOT,
              ", %,.0f requests/s and p99 %.1f ms over the last %.0f s",
              r.requests() / seconds,
              r.p99Micros() / 1000.0,
              seconds));
    }
    String compiling = jit == null ? null : jit.get();
    if (compiling != null) {
      b.append(", ").append(compiling);
    }
    b.append(", ")
        .append(failedAttempts())
        .append(" errors, ")
        .append(count(TransactionStatus.RETRY) + count(TransactionStatus.RETRY_DIFFERENT))
        .append(" retries");
    return b.toString();
  }

  private long count(TransactionStatus status) {
    long n = 0;
    for (Worker<? extends BenchmarkModule> w : workers) {
      n += w.getTransactionHistogram(status).getSampleCount();
    }
    return n;
  }

  /**
   * Failed attempts, as summary.json's {@code Error SQLStates} counts them: every attempt a SQL
   * error ended, retried or not, and every failed reconnect. The requests whose status is ERROR are
   * a part of them only: while a database is down, terminals that reconnect end no request in
   * ERROR, and only their failed attempts show the outage.
   */
  private long failedAttempts() {
    long n = 0;
    for (Worker<? extends BenchmarkModule> w : workers) {
      for (Map<String, Long> byState : w.getErrorStates().values()) {
        for (long v : byState.values()) {
          n += v;
        }
      }
    }
    return n;
  }
}
