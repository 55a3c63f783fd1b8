package com.oltpbenchmark.api.collectors.resources;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the driver, rather than the database, likely set a run's pace, judged from what the
 * driver spent in the measured window ({@link DriverResources#minus}).
 *
 * <p>The driver is the likely limit when
 *
 * <ul>
 *   <li>its own CPU filled most of the host ({@link #DRIVER_ALONE} of all cores): nothing else
 *       could have been faster than it; or
 *   <li>the host was nearly saturated ({@link #HOST_BUSY}, every process counted, the server's
 *       included when it shares the host) and the driver used a large part of it ({@link
 *       #DRIVER_SHARE_WHEN_BUSY} of all cores): the server waited for CPU the driver held. A driver
 *       at a small share of a busy host is not named: the database (or a neighbour) was the one
 *       using the machine; or
 *   <li>HotSpot's compiler threads used more than {@link #JIT_SHARE} of the driver's CPU in the
 *       window: the driver was still warming up, so its CPU per request (and, on a busy host, the
 *       rate) mixes the cold driver with the warm one. Their CPU is read, not the JVM's reported
 *       compilation time, which is elapsed time summed over the compiler threads and grows with a
 *       busy host's run queue rather than with compilation; or
 *   <li>the collectors report working for more than {@link #GC_SHARE} of the window.
 * </ul>
 *
 * The system property {@value #JIT_SHARE_PROPERTY} moves the compilation threshold (a fraction), to
 * force or silence that reason.
 */
public final class DriverLimitVerdict {
  public static final double DRIVER_ALONE = 0.75;
  public static final double HOST_BUSY = 0.90;
  public static final double DRIVER_SHARE_WHEN_BUSY = 0.40;
  public static final double JIT_SHARE = 0.05;
  public static final double GC_SHARE = 0.05;

  public static final String JIT_SHARE_PROPERTY = "benchbase.driverLimit.jitShare";

  /** Windows shorter than this give no verdict: one compilation burst is most of them. */
  static final long MIN_WINDOW_NANOS = 1_000_000_000L;

  private final double jitShare;

  DriverLimitVerdict(double jitShare) {
    this.jitShare = jitShare;
  }

  /** The verdict with the documented thresholds, the compilation one from its property if set. */
  public static DriverLimitVerdict standard() {
    String v = System.getProperty(JIT_SHARE_PROPERTY);
    if (v != null) {
      try {
        return new DriverLimitVerdict(Double.parseDouble(v.trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "-D" + JIT_SHARE_PROPERTY + "=" + v + " is not a number (a fraction, e.g. 0.05)", e);
      }
    }
    return new DriverLimitVerdict(JIT_SHARE);
  }

  /** One line naming why and what to do, or empty when the driver was not the likely limit. */
  public Optional<String> judge(DriverResources window) {
    return judge(window, false);
  }

  /**
   * As {@link #judge(DriverResources)}; with {@code databaseInProcess} (SQLite) the process's CPU
   * is the database's work as much as the driver's, so the CPU reasons are not given.
   */
  public Optional<String> judge(DriverResources window, boolean databaseInProcess) {
    if (window.nanoTime() < MIN_WINDOW_NANOS || window.cpuNanos() < 0) {
      return Optional.empty();
    }
    List<String> why = new ArrayList<>();
    List<String> remedy = new ArrayList<>();
    double share = window.shareOfCores();
    double busy = window.hostBusyShare();
    boolean cpu =
        !databaseInProcess
            && (share >= DRIVER_ALONE || (busy >= HOST_BUSY && share >= DRIVER_SHARE_WHEN_BUSY));
    if (cpu) {
      why.add(
          String.format(
              Locale.ROOT,
              "its process used %.2f of the host's %d cores%s",
              share * window.cores(),
              window.cores(),
              busy < 0 ? "" : String.format(Locale.ROOT, " (host %.0f %% busy)", busy * 100)));
      remedy.add("split the terminals over processes on other hosts (--driver k/N)");
    }
    double jit = window.jitShareOfCpu();
    if (jit >= 0 && jit > jitShare) {
      why.add(
          String.format(
              Locale.ROOT,
              "HotSpot's compiler threads used %.1f %% of its CPU (%d ms)",
              jit * 100,
              window.jitCpuNanos() / 1_000_000L));
      remedy.add("give it a longer <warmup> or <warmupUntilJitSettled>");
    }
    double gc = window.gcShareOfWindow();
    if (gc > GC_SHARE) {
      why.add(String.format(Locale.ROOT, "garbage collection took %.1f %% of it", gc * 100));
      remedy.add("give the JVM a larger heap (-Xmx)");
    }
    if (why.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "the driver was the likely limit of this run: in the %.1f s measured window %s;"
                + " the figures may understate the database: %s",
            window.nanoTime() / 1e9,
            String.join(", ", why),
            String.join("; ", remedy)));
  }
}
