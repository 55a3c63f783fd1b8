package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.results.MeasurementCollector;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Long phases print a progress line every {@code <progressInterval>} seconds (default 10). */
class PhaseProgressTest {
  private static final long S = 1_000_000_000L;

  @TempDir Path dir;

  @Test
  void linesSayWarmUpThenRateAndP99OfTheLastIntervalAndStopAtTheEnd() {
    MeasurementCollector c = new MeasurementCollector(1, false);
    BenchmarkState bs = new BenchmarkState(1, c);
    long t0 = System.nanoTime();
    PhaseProgress p = new PhaseProgress(List.of(), c, bs, 10, 70, t0, line -> {});
    assertEquals("Progress: 5 s of 70 s, warming up, 0 errors, 0 retries", p.line(t0 + 5 * S));

    bs.startMeasure(t0 + 10 * S);
    // 2,000 requests of 1 ms started between 10 s and 20 s, and 100 of 50 ms
    for (int i = 0; i < 2_000; i++) {
      long start = t0 + 10 * S + i * (S / 200);
      c.record(1, start, start + 1_000_000, MeasurementCollector.NOT_RATE_LIMITED, 0, 1);
    }
    for (int i = 0; i < 100; i++) {
      long start = t0 + 15 * S + i * 1_000_000L;
      c.record(1, start, start + 50_000_000, MeasurementCollector.NOT_RATE_LIMITED, 0, 1);
    }
    String line = p.line(t0 + 20 * S);
    assertEquals(
        "Progress: 20 s of 70 s, 210 requests/s and p99 50.0 ms over the last 10 s,"
            + " 0 errors, 0 retries",
        line);

    bs.signalDone();
    assertNull(p.line(t0 + 30 * S), "no line once the phases are over");
  }

  @Test
  void theIntervalIsConfigurableAndZeroTurnsItOff() throws Exception {
    assertEquals(PhaseProgress.DEFAULT_INTERVAL_SECONDS, interval(""));
    assertEquals(0, interval("<progressInterval>0</progressInterval>"));
    assertEquals(30, interval("<progressInterval>30</progressInterval>"));
    ConfigurationError e =
        assertThrows(
            ConfigurationError.class, () -> interval("<progressInterval>-1</progressInterval>"));
    assertTrue(e.getMessage().contains("progressInterval"), e.getMessage());
  }

  private int interval(String element) throws Exception {
    return EngineHarness.readerOf(dir, element).progressIntervalSeconds();
  }
}
