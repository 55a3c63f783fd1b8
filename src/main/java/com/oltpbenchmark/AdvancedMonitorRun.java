package com.oltpbenchmark;

import com.oltpbenchmark.api.collectors.database.AdvancedMonitor;
import com.oltpbenchmark.util.OneLine;
import java.io.IOException;
import java.nio.file.Paths;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code -im <ms> -mt advanced}: upstream's monitor files under {@code <results>/monitor/} (see
 * {@link AdvancedMonitor}), started before the first phase and written after the run; or one line
 * saying why there are none.
 */
final class AdvancedMonitorRun implements RunCollector {
  private static final Logger LOG = LoggerFactory.getLogger(AdvancedMonitorRun.class);

  private final RunSetup setup;
  private AdvancedMonitor monitor;

  private AdvancedMonitorRun(RunSetup setup) {
    this.setup = setup;
  }

  /** The monitor of a run with {@code -mt advanced}, or null (saying why when it was asked for). */
  static AdvancedMonitorRun forRun(RunSetup setup) {
    RunOptions options = setup.options;
    if (!options.advancedMonitoring) {
      if (options.advancedRequested) {
        LOG.warn("-mt advanced needs -im <milliseconds>; nothing is monitored per statement");
      }
      return null;
    }
    return new AdvancedMonitorRun(setup);
  }

  @Override
  public String name() {
    return "-mt advanced monitor";
  }

  @Override
  public void start() {
    RunOptions options = setup.options;
    WorkloadConfiguration first = setup.confs.get(0);
    monitor =
        AdvancedMonitor.start(
            first.getDatabaseType(),
            setup.modules.get(0)::makeConnection,
            options.monitorIntervalMs,
            Paths.get(options.resultsDir, "monitor"),
            options.databaseFigures,
            LOG::warn);
  }

  @Override
  public Contribution finish(RunEnd end) throws InterruptedException {
    if (monitor != null) {
      try {
        monitor.finish(end.database().answerMillis());
      } catch (IOException e) {
        LOG.warn("-mt advanced: the monitor files were not written: {}", OneLine.describe(e));
      }
    }
    return Contribution.NONE;
  }

  @Override
  public void close() {
    if (monitor != null) {
      monitor.close();
    }
  }
}
