package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.results.MeasurementCollector;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.LoggerFactory;

/**
 * The {@code <progressInterval>} lines ({@link PhaseProgress}) on a thread of their own, from the
 * first phase's start to the end of the phases.
 */
final class ProgressLines implements RunCollector {
  private final List<? extends Worker<? extends BenchmarkModule>> workers;
  private final MeasurementCollector measurements;
  private final ThreadBench bench;
  private final int intervalSeconds;
  private final long plannedSeconds;
  private final Supplier<String> jit;
  private Thread thread;

  private ProgressLines(
      List<? extends Worker<? extends BenchmarkModule>> workers,
      MeasurementCollector measurements,
      ThreadBench bench,
      int intervalSeconds,
      long plannedSeconds,
      Supplier<String> jit) {
    this.workers = workers;
    this.measurements = measurements;
    this.bench = bench;
    this.intervalSeconds = intervalSeconds;
    this.plannedSeconds = plannedSeconds;
    this.jit = jit;
  }

  /**
   * The progress lines of a run, or null when {@code <progressInterval>} is 0; {@code jit} says
   * whether the JIT has settled (null: the lines do not say).
   */
  static ProgressLines forRun(
      int intervalSeconds,
      List<? extends Worker<? extends BenchmarkModule>> workers,
      MeasurementCollector measurements,
      ThreadBench bench,
      List<WorkloadConfiguration> confs,
      Supplier<String> jit) {
    if (intervalSeconds <= 0) {
      return null;
    }
    return new ProgressLines(
        workers, measurements, bench, intervalSeconds, plannedSeconds(confs), jit);
  }

  /** Warm-up plus measured time of the longest workload; 0 when a phase has no fixed length. */
  static long plannedSeconds(List<WorkloadConfiguration> confs) {
    long planned = 0;
    for (WorkloadConfiguration conf : confs) {
      long total = 0;
      for (Phase p : conf.getPhases()) {
        if (p.getTime() <= 0) {
          total = -1;
          break;
        }
        total += p.getTime() + p.getWarmupTime();
      }
      planned = total < 0 ? planned : Math.max(planned, total);
    }
    return planned;
  }

  @Override
  public String name() {
    return "progress lines";
  }

  @Override
  public void phaseChanged(PhaseChange change) throws InterruptedException {
    if (change.change() == Change.PHASE_STARTED && thread == null) {
      // the lines keep the logger they always had, ThreadBench's
      PhaseProgress lines =
          new PhaseProgress(
              workers,
              measurements,
              bench.getBenchmarkState(),
              intervalSeconds,
              // a warm-up that waits for the JIT lengthens the run while it goes on
              () ->
                  plannedSeconds == 0 ? 0 : plannedSeconds + bench.warmupBeyondConfiguredSeconds(),
              change.nanos(),
              LoggerFactory.getLogger(ThreadBench.class)::info,
              jit);
      thread = new Thread(lines, "progress");
      thread.setDaemon(true);
      thread.start();
    } else if (change.change() == Change.PHASES_ENDED && thread != null) {
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
