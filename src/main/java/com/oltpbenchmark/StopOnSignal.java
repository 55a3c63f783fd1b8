package com.oltpbenchmark;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIGINT/SIGTERM during the execute step: a JVM shutdown hook that asks the run to stop and holds
 * the JVM open until the results measured so far are written (at most {@link #WRITE_WAIT_SECONDS}).
 */
final class StopOnSignal implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StopOnSignal.class);
  static final long WRITE_WAIT_SECONDS = 120;

  private final CountDownLatch written = new CountDownLatch(1);
  private final Thread hook;
  private final boolean installed;

  private StopOnSignal(ThreadBench bench) {
    this.hook =
        new Thread(
            () -> {
              if (written.getCount() > 0) {
                LOG.warn("Interrupted: stopping the run and writing the results measured so far");
                bench.requestStop();
                try {
                  written.await(WRITE_WAIT_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
            },
            "shutdown-results");
    boolean ok;
    try {
      Runtime.getRuntime().addShutdownHook(hook);
      ok = true;
    } catch (IllegalStateException e) {
      // the JVM is already shutting down: a stop was requested before the run began
      bench.requestStop();
      ok = false;
    }
    this.installed = ok;
  }

  static StopOnSignal install(ThreadBench bench) {
    return new StopOnSignal(bench);
  }

  /** The results are on disk (or failed to be written): a pending shutdown may go on. */
  void resultsWritten() {
    written.countDown();
  }

  @Override
  public void close() {
    written.countDown();
    if (installed) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // shutting down: the hook is running and returns now that the latch is open
      }
    }
  }
}
