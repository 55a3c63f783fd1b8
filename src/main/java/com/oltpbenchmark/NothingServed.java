package com.oltpbenchmark;

import com.oltpbenchmark.results.RunReport;

/**
 * A run that served no request: none was measured, or every measured one failed or aborted. Its
 * figures (throughput, latency) describe nothing that was served, so the run must not end as a
 * success.
 */
final class NothingServed {

  private NothingServed() {}

  /**
   * The run's last console line when it served no request, or null when it served some. With {@code
   * <maxErrorPercent>100} (failures expected) a run whose requests all failed is let through; one
   * that measured nothing never is.
   */
  static String problem(RunReport report, int maxErrorPercent) {
    long measured = report.measurements().overallStats().count;
    if (measured == 0) {
      return "the run measured no request: none completed inside a measured phase (every terminal"
          + " blocked on the database, or every phase disabled); the result files are written"
          + " but hold no measurement";
    }
    Long served = report.servedRequests();
    if (served == null || served > 0 || maxErrorPercent >= 100) {
      return null;
    }
    return "the run served no request: all "
        + measured
        + " measured requests failed or were aborted; see \"Error SQLStates\" and \"Error"
        + " Messages\" in the summary";
  }
}
