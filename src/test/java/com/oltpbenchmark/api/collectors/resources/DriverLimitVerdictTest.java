package com.oltpbenchmark.api.collectors.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junitpioneer.jupiter.SetSystemProperty;

/** The thresholds on made-up windows of 10 s on a 2-core host. */
class DriverLimitVerdictTest {
  private static final long WINDOW = 10_000_000_000L;
  private final DriverLimitVerdict verdict = new DriverLimitVerdict(DriverLimitVerdict.JIT_SHARE);

  /**
   * A window where the driver used {@code cores} cores, its compiler threads {@code jitCpuMs} of
   * it, and the host was {@code busy} busy. The JVM's reported compilation time is always large, as
   * a busy host makes it: the verdict reads the compiler threads' CPU instead.
   */
  private static DriverResources window(double cores, double busy, long jitCpuMs, long gcMs) {
    long total = 2000;
    return new DriverResources(
        (long) (cores * WINDOW),
        0,
        gcMs,
        3,
        9_000,
        jitCpuMs * 1_000_000L,
        (long) (busy * total),
        total,
        2,
        WINDOW);
  }

  @Test
  void aDriverUsingMostOfTheHostIsTheLimit() {
    Optional<String> w = verdict.judge(window(1.6, 0.95, 0, 0));
    assertTrue(w.isPresent());
    assertTrue(w.get().contains("1.60 of the host's 2 cores (host 95 % busy)"), w.get());
    assertTrue(w.get().contains("--driver k/N"), w.get());
  }

  @Test
  void anEmbeddedDatabasesCpuIsNotBlamedOnTheDriver() {
    // SQLite works inside the driver's process: its CPU cannot be told apart from the driver's
    assertEquals(Optional.empty(), verdict.judge(window(1.9, 0.99, 0, 0), true));
    assertTrue(verdict.judge(window(1.9, 0.99, 1500, 0), true).get().contains("compiler threads"));
  }

  @Test
  void aSaturatedHostWithTheDriverHoldingALargeShareIsTheDriversLimit() {
    assertTrue(verdict.judge(window(0.9, 0.97, 0, 0)).isPresent(), "0.9 of 2 cores, host 97 %");
    // the same driver on a host with room left: the server was not waiting for CPU
    assertEquals(Optional.empty(), verdict.judge(window(0.9, 0.6, 0, 0)));
    // a busy host where the driver took little: the database (or a neighbour) used the machine
    assertEquals(Optional.empty(), verdict.judge(window(0.3, 0.99, 0, 0)));
  }

  @Test
  void compilationOverAFewPercentOfTheDriversCpuNamesTheWarmUp() {
    // 0.2 cores for 10 s: 2,000 ms of driver CPU, 150 ms of it compiling
    Optional<String> w = verdict.judge(window(0.2, 0.3, 150, 0));
    assertTrue(w.isPresent());
    assertTrue(w.get().contains("compiler threads used 7.5 % of its CPU (150 ms)"), w.get());
    assertTrue(w.get().contains("longer <warmup>"), w.get());
    assertEquals(Optional.empty(), verdict.judge(window(0.2, 0.3, 80, 0)), "4 % is fine");
  }

  @Test
  void theJvmsStretchedCompilationTimeAloneDoesNotWarn() {
    // 9 s of reported compilation time in the window, no compiler CPU: a busy run queue, not JIT
    assertEquals(Optional.empty(), verdict.judge(window(0.2, 0.3, 0, 0)));
  }

  @Test
  void collectionsOverFivePercentNameTheHeap() {
    Optional<String> w = verdict.judge(window(0.2, 0.3, 0, 800));
    assertTrue(w.get().contains("garbage collection took 8.0 %"), w.get());
    assertTrue(w.get().contains("-Xmx"), w.get());
  }

  @Test
  void windowsTooShortToJudgeGiveNoVerdict() {
    DriverResources tiny =
        new DriverResources(500_000_000L, 0, 0, 0, 400, 400_000_000L, 1, 1, 2, 500_000_000L);
    assertEquals(Optional.empty(), verdict.judge(tiny));
  }

  @Test
  void withoutTheHostsFigureOnlyTheDriversOwnShareCounts() {
    DriverResources noHost =
        new DriverResources((long) (1.7 * WINDOW), 0, 0, 0, 0, 0, -1, -1, 2, WINDOW);
    assertTrue(verdict.judge(noHost).get().contains("1.70 of the host's 2 cores;"));
    DriverResources half = new DriverResources(WINDOW, 0, 0, 0, 0, 0, -1, -1, 2, WINDOW);
    assertEquals(Optional.empty(), verdict.judge(half));
  }

  @Test
  @SetSystemProperty(key = DriverLimitVerdict.JIT_SHARE_PROPERTY, value = "0.001")
  void thePropertyMovesTheCompilationThreshold() {
    assertTrue(DriverLimitVerdict.standard().judge(window(0.2, 0.3, 20, 0)).isPresent());
    assertEquals(Optional.empty(), verdict.judge(window(0.2, 0.3, 20, 0)), "1 % by default");
  }

  @Test
  @SetSystemProperty(key = DriverLimitVerdict.JIT_SHARE_PROPERTY, value = "lots")
  void aBadPropertyIsNamed() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, DriverLimitVerdict::standard);
    assertTrue(e.getMessage().contains(DriverLimitVerdict.JIT_SHARE_PROPERTY));
  }
}
