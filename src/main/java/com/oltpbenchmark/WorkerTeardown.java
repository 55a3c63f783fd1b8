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

  private WorkerTeardown() {}

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
