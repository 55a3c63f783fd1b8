package com.oltpbenchmark;

import com.oltpbenchmark.api.collectors.resources.DriverLimitVerdict;
import com.oltpbenchmark.api.collectors.resources.ResourceWindow;
import com.oltpbenchmark.api.collectors.resources.ServerProcess;
import com.oltpbenchmark.results.ResultKeys;
import com.oltpbenchmark.types.State;

/**
 * What the driver's and the server's processes spent over the measured window (summary.json {@code
 * Driver} and {@code Server Process}, the console's resource line) and whether the driver was the
 * likely limit. Read when the measurement starts and when the phases end: /proc only, a few
 * milliseconds, so the shared collector thread reads it at once.
 */
final class MeasuredWindowResources implements RunCollector {
  private final ResourceWindow window;

  MeasuredWindowResources(ServerProcess server) {
    this.window = new ResourceWindow(server);
  }

  @Override
  public String name() {
    return "driver and server resources";
  }

  @Override
  public String summaryKey() {
    return ResultKeys.DRIVER;
  }

  @Override
  public void phaseChanged(PhaseChange change) {
    if (change.change() == Change.MEASUREMENT_STARTED) {
      window.start();
    } else if (change.change() == Change.PHASES_ENDED) {
      window.end();
    }
  }

  @Override
  public Contribution finish(RunEnd end) {
    ResourceWindow.Figures figures = window.figures().orElse(null);
    String warning = driverWarning(end.outcome(), figures);
    return report -> report.withResources(figures, warning);
  }

  /** The warning that the driver was the likely limit, for a run that measured its window. */
  private static String driverWarning(ThreadBench.Outcome outcome, ResourceWindow.Figures f) {
    if (f == null || outcome.finalState == State.ERROR) {
      return null;
    }
    return DriverLimitVerdict.standard()
        .judge(f.driver(), f.serverProcess().isEmbedded())
        .orElse(null);
  }
}
