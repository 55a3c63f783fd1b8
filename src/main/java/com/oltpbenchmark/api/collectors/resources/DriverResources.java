package com.oltpbenchmark.api.collectors.resources;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the driver's own process (this JVM) spent, and how busy the host was: one reading or the
 * difference of two ({@link #minus}).
 *
 * @param cpuNanos this process's CPU, every thread, user and system
 * @param systemNanos the kernel's part of it (clock-tick resolution), -1 when unknown
 * @param gcMillis time the collectors report for their collections (pauses and concurrent work)
 * @param gcCount collections
 * @param jitMillis time HotSpot's compiler threads spent compiling, as the JVM reports it (elapsed
 *     time summed over the compiler threads, so a busy host stretches it), -1 when it does not
 * @param jitCpuNanos CPU of the live compiler threads (from /proc/self/task), -1 when unknown
 * @param hostBusyTicks CPU ticks the whole host spent not idle (every process), -1 when unknown
 * @param hostTotalTicks all CPU ticks of the host, idle included, -1 when unknown
 * @param cores processors available to this JVM
 * @param nanoTime {@link System#nanoTime} of the reading; in a difference, the window's length
 */
public record DriverResources(
    long cpuNanos,
    long systemNanos,
    long gcMillis,
    long gcCount,
    long jitMillis,
    long jitCpuNanos,
    long hostBusyTicks,
    long hostTotalTicks,
    int cores,
    long nanoTime) {

  /** Reads this process and the host now. */
  public static DriverResources sample() {
    long now = System.nanoTime();
    long gcMs = 0;
    long gcN = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcMs += Math.max(0, gc.getCollectionTime());
      gcN += Math.max(0, gc.getCollectionCount());
    }
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    long jitMs =
        jit != null && jit.isCompilationTimeMonitoringSupported()
            ? jit.getTotalCompilationTime()
            : -1;
    long[] host = hostTicks();
    return new DriverResources(
        processCpuNanos(),
        systemCpuNanos(),
        gcMs,
        gcN,
        jitMs,
        compilerCpuNanos(),
        host[0],
        host[1],
        Runtime.getRuntime().availableProcessors(),
        now);
  }

  /** This reading less an earlier one: what was spent in between. */
  public DriverResources minus(DriverResources earlier) {
    boolean host = hostTotalTicks >= 0 && earlier.hostTotalTicks >= 0;
    return new DriverResources(
        cpuNanos - earlier.cpuNanos,
        systemNanos >= 0 && earlier.systemNanos >= 0 ? systemNanos - earlier.systemNanos : -1,
        gcMillis - earlier.gcMillis,
        gcCount - earlier.gcCount,
        jitMillis >= 0 && earlier.jitMillis >= 0 ? jitMillis - earlier.jitMillis : -1,
        // a compiler thread that ended took its CPU along: never below zero
        jitCpuNanos >= 0 && earlier.jitCpuNanos >= 0
            ? Math.max(0, jitCpuNanos - earlier.jitCpuNanos)
            : -1,
        host ? hostBusyTicks - earlier.hostBusyTicks : -1,
        host ? hostTotalTicks - earlier.hostTotalTicks : -1,
        cores,
        nanoTime - earlier.nanoTime);
  }

  /** For a difference: the driver's CPU as a share of all the host's cores over the window. */
  public double shareOfCores() {
    return nanoTime > 0 ? cpuNanos / ((double) nanoTime * cores) : 0;
  }

  /** For a difference: how busy the whole host was (0 to 1), -1 when unknown. */
  public double hostBusyShare() {
    return hostTotalTicks > 0 ? hostBusyTicks / (double) hostTotalTicks : -1;
  }

  /** For a difference: share of the driver's CPU its compiler threads used, -1 when unknown. */
  public double jitShareOfCpu() {
    return jitCpuNanos >= 0 && cpuNanos > 0 ? jitCpuNanos / (double) cpuNanos : -1;
  }

  /** For a difference: share of the window the collectors report working, 0 to 1 (or more). */
  public double gcShareOfWindow() {
    return nanoTime > 0 ? gcMillis * 1e6 / nanoTime : 0;
  }

  /**
   * For a difference over {@code requests} measured requests: the figures summary.json shows under
   * "Driver" (microseconds per request, milliseconds in the window, shares as fractions).
   */
  public Map<String, Object> summary(long requests) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Window (seconds)", round(nanoTime / 1e9, 3));
    m.put("Requests", requests);
    m.put("CPU (microseconds/request)", requests > 0 ? round(cpuNanos / 1e3 / requests, 2) : null);
    m.put("CPU (seconds)", round(cpuNanos / 1e9, 3));
    m.put(
        "System CPU Share",
        systemNanos < 0 || cpuNanos <= 0
            ? null
            : round(Math.min(1, systemNanos / (double) cpuNanos), 3));
    m.put("Share Of Host Cores", round(shareOfCores(), 4));
    m.put("Host Cores", cores);
    m.put("Host Busy Share", hostBusyShare() < 0 ? null : round(hostBusyShare(), 4));
    m.put("GC (milliseconds)", gcMillis);
    m.put("GC Collections", gcCount);
    m.put("JIT Compilation (milliseconds)", jitMillis < 0 ? null : jitMillis);
    m.put("JIT Compiler CPU (milliseconds)", jitCpuNanos < 0 ? null : jitCpuNanos / 1_000_000L);
    return m;
  }

  private static double round(double v, int places) {
    double f = Math.pow(10, places);
    return Math.round(v * f) / f;
  }

  private static long processCpuNanos() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      long t = ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
      if (t >= 0) {
        return t;
      }
    }
    String stat = ProcFs.read(ProcFs.ROOT.resolve("self").resolve("stat"));
    String[] f = stat == null ? null : ProcFs.statFields(stat);
    if (f == null) {
      return -1;
    }
    return ProcFs.ticksToMicros(Long.parseLong(f[11]) + Long.parseLong(f[12])) * 1000L;
  }

  /** CPU of the threads HotSpot names "C1 CompilerThread…"/"C2 CompilerThread…" (comm). */
  static long compilerCpuNanos() {
    long ticks = 0;
    boolean any = false;
    try (java.nio.file.DirectoryStream<java.nio.file.Path> tasks =
        java.nio.file.Files.newDirectoryStream(ProcFs.ROOT.resolve("self").resolve("task"))) {
      for (java.nio.file.Path t : tasks) {
        String comm = ProcFs.read(t.resolve("comm"));
        if (comm != null && comm.contains("CompilerThr")) {
          String stat = ProcFs.read(t.resolve("stat"));
          String[] f = stat == null ? null : ProcFs.statFields(stat);
          if (f != null) {
            ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
            any = true;
          }
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      return -1;
    }
    return any ? ProcFs.ticksToMicros(ticks) * 1000L : -1;
  }

  private static long systemCpuNanos() {
    String stat = ProcFs.read(ProcFs.ROOT.resolve("self").resolve("stat"));
    String[] f = stat == null ? null : ProcFs.statFields(stat);
    return f == null ? -1 : ProcFs.ticksToMicros(Long.parseLong(f[12])) * 1000L;
  }

  /** Busy and total ticks of the host's "cpu" line in /proc/stat; -1s when unreadable. */
  private static long[] hostTicks() {
    String stat = ProcFs.read(ProcFs.ROOT.resolve("stat"));
    if (stat == null || !stat.startsWith("cpu ")) {
      return new long[] {-1, -1};
    }
    int eol = stat.indexOf('\n');
    String[] f = ProcFs.words(stat, 4, eol < 0 ? stat.length() : eol);
    long busy = 0;
    long total = 0;
    // user nice system idle iowait irq softirq steal (guest time is already inside user)
    for (int i = 0; i < Math.min(8, f.length); i++) {
      long v = Long.parseLong(f[i]);
      total += v;
      if (i != 3 && i != 4) {
        busy += v;
      }
    }
    return new long[] {busy, total};
  }
}
