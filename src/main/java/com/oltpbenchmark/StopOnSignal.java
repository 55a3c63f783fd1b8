package com.oltpbenchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIGINT/SIGTERM during the execute step: a JVM shutdown hook that asks the run to stop and holds
 * the JVM open until the results measured so far are written (at most {@link #WRITE_WAIT_SECONDS}).
 *
 * <p>A process started in the background by a non-interactive shell ({@code cmd &} in a script,
 * many CI runners) inherits SIGINT as ignored, and the JVM then never installs its SIGINT handler:
 * every SIGINT is lost and the run goes on to its end. That cannot be undone from Java, so the run
 * says so at its start and points to SIGTERM, which is never inherited as ignored this way.
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
    if (sigintIgnored()) {
      LOG.warn(
          "SIGINT (Ctrl-C) is ignored by this process: it was started in the background by a"
              + " non-interactive shell. Stop the run with SIGTERM (kill {}) instead.",
          ProcessHandle.current().pid());
    }
    return new StopOnSignal(bench);
  }

  /** Whether this process ignores SIGINT (Linux: bit 2 of SigIgn in /proc/self/status). */
  static boolean sigintIgnored() {
    Path status = Paths.get("/proc/self/status");
    if (!Files.isReadable(status)) {
      return false;
    }
    try {
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith("SigIgn:")) {
          long mask = Long.parseUnsignedLong(line.substring(7).trim(), 16);
          return (mask & (1L << (2 - 1))) != 0;
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.debug("cannot read the signal mask: {}", e.toString());
    }
    return false;
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
