package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.results.RunReport;
import org.junit.jupiter.api.Test;

/**
 * Which runs end with {@link ExitCodes#NOTHING_SERVED}: none measured, or none of the measured
 * served unless {@code <maxErrorPercent>100} says failures are expected. (The blocked run against
 * PostgreSQL is in {@link RunsThatWentWrongTest}.)
 */
class NothingServedTest {

  private static RunReport report(int measured, long served) {
    MeasurementCollector c = new MeasurementCollector(5, false);
    for (int i = 0; i < measured; i++) {
      c.record(
          1, i * 1_000_000L, i * 1_000_000L + 500_000, MeasurementCollector.NOT_RATE_LIMITED, 0, 1);
    }
    c.finish();
    return RunReport.builder().measurements(c).addServedRequests(served).build();
  }

  @Test
  void aRunThatMeasuredNothingOrServedNothingIsNamed() {
    String none = NothingServed.problem(report(0, 0), 5);
    assertTrue(none.startsWith("the run measured no request: "), none);
    assertTrue(
        NothingServed.problem(report(0, 0), 100).startsWith("the run measured no request"),
        "even when failures are expected");

    String aborted = NothingServed.problem(report(7, 0), 5);
    assertTrue(aborted.startsWith("the run served no request: all 7 measured requests"), aborted);
    assertNull(NothingServed.problem(report(7, 0), 100), "failures expected");
    assertNull(NothingServed.problem(report(7, 1), 5));
  }
}
