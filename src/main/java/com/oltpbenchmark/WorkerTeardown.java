package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes the workers' connections at the end of a run without letting one stuck connection hold the
 * process: every {@link Worker#tearDown} runs on its own daemon thread, and a worker whose teardown
 * has not returned within the bound (a close that waits on a statement the server never answers) is
 * abandoned: its connection is aborted and the run moves on.
 */
final class WorkerTeardown {
  private static final Logger LOG = LoggerFactory.getLogger(WorkerTeardown.class);

  /** Daemon threads for teardowns and for the drivers' abort work. */
  static final ExecutorService EXECUTOR =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "teardown");
            t.setDaemon(true);
            return t;
          });

  /**
   * How long the aborts of the abandoned requests' connections may take in all. An abort that has
   * not returned by then (a driver waiting for the network) is left to finish on its own thread.
   */
  static final long ABORT_BOUND_MS = 1_000;

  /**
   * The longest teardown: closing a connection waits for nothing (the stuck ones were aborted
   * before), so a few seconds are plenty whatever the in-flight grace.
   */
  static final long MAX_BOUND_MS = 3_000;

  private WorkerTeardown() {}

  /** The bound of {@link #closeAll} after a run with this in-flight grace: 1 to 3 s. */
  static long bound(long inFlightGraceMs) {
    return Math.max(1_000, Math.min(inFlightGraceMs, MAX_BOUND_MS));
  }

  /**
   * Aborts the connection of every worker given, each on a thread of its own, waiting at most
   * {@code boundMs} in all; says in one line how many had not returned.
   */
  static void abortAll(List<? extends Worker<? extends BenchmarkModule>> workers, long boundMs)
      throws InterruptedException {
    List<Future<?>> aborting = new ArrayList<>();
    for (Worker<? extends BenchmarkModule> w : workers) {
      aborting.add(EXECUTOR.submit(() -> w.abandon(EXECUTOR)));
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMs);
    int waiting = 0;
    for (Future<?> f : aborting) {
      try {
        f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        waiting++;
      } catch (java.util.concurrent.ExecutionException e) {
        LOG.debug("aborting a connection failed: {}", e.getCause().toString());
      }
    }
    if (waiting > 0) {
      LOG.warn(
          "{} of {} aborted connection(s) had not closed after {} s (the driver waits for the"
              + " network); the run goes on without them",
          waiting,
          aborting.size(),
          boundMs / 1000.0);
    }
  }

  /** Tears every worker down, waiting at most {@code boundMs} in all (at least one second). */
  static void closeAll(List<? extends Worker<? extends BenchmarkModule>> workers, long boundMs)
      throws InterruptedException {
    List<Future<?>> closing = new ArrayList<>();
    for (Worker<? extends BenchmarkModule> w : workers) {
      closing.add(
          EXECUTOR.submit(
              () -> {
                try {
                  w.tearDown();
                } catch (RuntimeException e) {
                  LOG.warn("{}: tearDown failed: {}", w, e.getMessage());
                }
              }));
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(1_000, boundMs));
    int stuck = 0;
    for (int i = 0; i < closing.size(); i++) {
      try {
        closing.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        stuck++;
        workers.get(i).abandon(EXECUTOR);
      } catch (java.util.concurrent.ExecutionException e) {
        LOG.warn("{}: tearDown failed: {}", workers.get(i), e.getCause().toString());
      }
    }
    if (stuck > 0) {
      LOG.warn(
          "{} terminal connection(s) did not close within {} s; aborted them and moved on",
          stuck,
          Math.max(1_000, boundMs) / 1000.0);
    }
  }
}
