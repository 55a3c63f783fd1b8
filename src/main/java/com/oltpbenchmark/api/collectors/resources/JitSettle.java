package com.oltpbenchmark.api.collectors.resources;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.Locale;
import java.util.Optional;

/**
 * When HotSpot's JIT compilers settled after a run began: read once a second ({@link #sample}), it
 * is settled once its compiler threads used at most {@link #SETTLED_SHARE} of the driver's CPU over
 * {@link #SPAN_SECONDS} seconds in which the driver was busy, and it settled when those seconds
 * began. Until then the driver's CPU per request, and on a busy host its rate, mix the cold driver
 * with the warm one; a measured window that begins before it settled measures compilation too.
 *
 * <p>The compiler threads' CPU is read (as the run's "JIT Compiler CPU" is), not the JVM's reported
 * compilation time, which is elapsed time and grows with a busy host's run queue. Settling is
 * reported once, the first time; C2 recompiles a method now and then later, which is not a warm-up.
 */
public final class JitSettle {
  /** Seconds of readings judged together: a pause between two compilations is shorter. */
  public static final int SPAN_SECONDS = 5;

  /** The compiler threads' share of the driver's CPU at or below which the JIT has settled. */
  public static final double SETTLED_SHARE = 0.02;

  /**
   * Driver CPU over the span (in cores) below which nothing is judged: an idle driver compiles
   * nothing, and that is not settling (terminals blocked on a lock, a paused server).
   */
  static final double MIN_BUSY_CORES = 0.05;

  /** The process's CPU and its compiler threads' CPU so far, in nanoseconds; -1 when unknown. */
  public interface Source {
    long compilerCpuNanos();

    long processCpuNanos();

    /** This JVM's, from /proc/self/task (compiler threads) and the OS bean (process). */
    static Source ofThisJvm() {
      return new Source() {
        @Override
        public long compilerCpuNanos() {
          return DriverResources.compilerCpuNanos();
        }

        @Override
        public long processCpuNanos() {
          OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
          return os instanceof com.sun.management.OperatingSystemMXBean s
              ? s.getProcessCpuTime()
              : -1;
        }
      };
    }
  }

  private final Source source;
  private final long startNanos;
  private final long[] at = new long[SPAN_SECONDS + 1];
  private final long[] jit = new long[SPAN_SECONDS + 1];
  private final long[] cpu = new long[SPAN_SECONDS + 1];
  private int readings;
  private boolean unknown;
  private long settledAtNanos = -1;

  /**
   * @param startNanos {@link System#nanoTime} when the run began (its warm-up's start): "settled
   *     after N s" counts from here
   */
  public JitSettle(Source source, long startNanos) {
    this.source = source;
    this.startNanos = startNanos;
  }

  /** Takes one reading; call about once a second from one thread. */
  public synchronized void sample(long nowNanos) {
    long j = source.compilerCpuNanos();
    long c = source.processCpuNanos();
    if (j < 0 || c < 0) {
      unknown = true;
      return;
    }
    int i = readings % at.length;
    at[i] = nowNanos;
    jit[i] = j;
    cpu[i] = c;
    readings++;
    if (settledAtNanos < 0 && readings > SPAN_SECONDS) {
      int first = readings % at.length; // the oldest reading kept
      long busy = cpu[i] - cpu[first];
      long span = at[i] - at[first];
      if (busy >= MIN_BUSY_CORES * span && jit[i] - jit[first] <= SETTLED_SHARE * busy) {
        settledAtNanos = at[first];
      }
    }
  }

  /** Whether the compiler threads' CPU, or the process's, could not be read. */
  public synchronized boolean unreadable() {
    return unknown;
  }

  /** Nanoseconds from the start to when the JIT settled, or -1 when it has not (or is unknown). */
  public synchronized long settledAfterNanos() {
    return settledAtNanos < 0 ? -1 : Math.max(0, settledAtNanos - startNanos);
  }

  /**
   * The compiler threads' share of the driver's CPU over the last span of readings (or all of them
   * while there are fewer), -1 before two readings or when unknown.
   */
  public synchronized double recentShare() {
    if (unknown || readings < 2) {
      return -1;
    }
    int last = (readings - 1) % at.length;
    int first = readings > at.length ? readings % at.length : 0;
    long busy = cpu[last] - cpu[first];
    return busy <= 0 ? 0 : Math.min(1, (jit[last] - jit[first]) / (double) busy);
  }

  /** Seconds the readings of {@link #recentShare} cover. */
  private double recentSeconds() {
    int last = (readings - 1) % at.length;
    int first = readings > at.length ? readings % at.length : 0;
    return (at[last] - at[first]) / 1e9;
  }

  /**
   * For the progress line: {@code JIT settled after N s}, {@code JIT compiling (P % of the driver's
   * CPU over the last S s)}, or null when there is nothing to say (no readings yet, or unreadable).
   */
  public synchronized String progressText() {
    long after = settledAfterNanos();
    if (after >= 0) {
      return "JIT settled after " + seconds(after) + " s";
    }
    double share = recentShare();
    if (share < 0) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "JIT compiling (%.0f %% of the driver's CPU over the last %.0f s)",
        share * 100,
        recentSeconds());
  }

  /**
   * The run's verdict, given when its measured window began ({@link System#nanoTime}, negative when
   * it measured none).
   */
  public synchronized Verdict verdict(long measureStartNanos) {
    if (unknown || readings == 0) {
      return Verdict.UNKNOWN;
    }
    long settled = settledAfterNanos();
    long window = measureStartNanos < 0 ? -1 : Math.max(0, measureStartNanos - startNanos);
    return new Verdict(
        true,
        settled < 0 ? -1 : seconds(settled),
        window < 0 ? -1 : Math.round(window / 1e9),
        recentShare(),
        window < 0 ? null : settled >= 0 && settled <= window);
  }

  /** Whole seconds, rounded up: "settled after 7 s" is not said before the seventh second ends. */
  public static long seconds(long nanos) {
    return (nanos + 999_999_999L) / 1_000_000_000L;
  }

  /**
   * When the JIT settled and when the measured window began.
   *
   * @param known whether the compiler threads' CPU could be read at all
   * @param settledAfterSeconds seconds from the run's start, -1 when it never settled
   * @param windowAfterSeconds seconds from the run's start to the measured window, -1 when none
   * @param lastShare the compiler threads' share of the driver's CPU over the last readings
   * @param settledBeforeWindow whether the measured window began after the JIT settled (compared in
   *     nanoseconds, before the seconds are rounded); null when unknown or there was no window
   */
  public record Verdict(
      boolean known,
      long settledAfterSeconds,
      long windowAfterSeconds,
      double lastShare,
      Boolean settledBeforeWindow) {

    public static final Verdict UNKNOWN = new Verdict(false, -1, -1, -1, null);

    /** For the console: {@code JIT settled after N s (the measured window began at W s)}. */
    public Optional<String> line() {
      if (!known) {
        return Optional.empty();
      }
      String window =
          windowAfterSeconds < 0
              ? ""
              : " (the measured window began at " + windowAfterSeconds + " s)";
      return Optional.of(
          settledAfterSeconds >= 0
              ? "JIT settled after " + settledAfterSeconds + " s" + window
              : "JIT had not settled by the end of the run" + window);
    }

    /** The warning when the measured window began before the JIT settled, else empty. */
    public Optional<String> warning() {
      if (!Boolean.FALSE.equals(settledBeforeWindow)) {
        return Optional.empty();
      }
      if (settledAfterSeconds < 0) {
        return Optional.of(
            String.format(
                Locale.ROOT,
                "the measured window began at %d s, and HotSpot's JIT had not settled by the end"
                    + " of the run (its compiler threads used %.0f %% of the driver's CPU in the"
                    + " last %d s): the driver's figures include compiling; give the run a longer"
                    + " <warmup> or <warmupUntilJitSettled>",
                windowAfterSeconds,
                Math.max(0, lastShare) * 100,
                SPAN_SECONDS));
      }
      return Optional.of(
          String.format(
              Locale.ROOT,
              "the measured window began at %d s, before HotSpot's JIT settled (after %d s): the"
                  + " driver's figures include compiling; a <warmup> of %d s or more, or"
                  + " <warmupUntilJitSettled>, keeps it out",
              windowAfterSeconds,
              settledAfterSeconds,
              settledAfterSeconds));
    }
  }
}
