package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import java.util.List;
import java.util.function.Consumer;

/**
 * Upstream's {@code -im <ms>}: a "Throughput: N txn/sec" line every interval while the phases run,
 * from the requests the workers counted since the last line.
 */
final class ThroughputMonitor implements RunCollector {
  private final List<? extends Worker<? extends BenchmarkModule>> workers;
  private final int intervalMs;
  private final Consumer<String> lines;
  private Thread thread;

  ThroughputMonitor(
      List<? extends Worker<? extends BenchmarkModule>> workers,
      int intervalMs,
      Consumer<String> lines) {
    this.workers = workers;
    this.intervalMs = intervalMs;
    this.lines = lines;
  }

  @Override
  public String name() {
    return "-im throughput monitor";
  }

  @Override
  public void phaseChanged(PhaseChange change) throws InterruptedException {
    if (change.change() == Change.PHASE_STARTED && thread == null) {
      thread = new Thread(this::loop, "monitor");
      thread.setDaemon(true);
      thread.start();
    } else if (change.change() == Change.PHASES_ENDED) {
      stop();
    }
  }

  private void loop() {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        Thread.sleep(intervalMs);
        long n = 0;
        for (Worker<? extends BenchmarkModule> w : workers) {
          n += w.getAndResetIntervalRequests();
        }
        lines.accept("Throughput: " + n / (intervalMs / 1000.0) + " txn/sec");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void stop() throws InterruptedException {
    if (thread != null) {
      thread.interrupt();
      thread.join(1000);
    }
  }

  @Override
  public void close() {
    if (thread != null) {
      thread.interrupt();
    }
  }
}
