package com.oltpbenchmark.api.collectors.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DriverResourcesTest {

  @Test
  void cpuGcAndCompilationOfThisProcessMove() {
    DriverResources before = DriverResources.sample();
    // spin until this thread itself has used 200 ms of CPU, however busy the machine is
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    long until = threads.getCurrentThreadCpuTime() + 200_000_000L;
    long x = 0;
    while (threads.getCurrentThreadCpuTime() < until) {
      x += Long.numberOfTrailingZeros(x + System.nanoTime());
    }
    System.gc();
    DriverResources d = DriverResources.sample().minus(before);
    assertTrue(x >= 0);
    assertTrue(d.cpuNanos() >= 200_000_000L, "CPU " + d.cpuNanos() + " ns");
    assertTrue(d.gcCount() >= 1, "System.gc() is one collection: " + d);
    assertTrue(d.jitMillis() >= 0, "HotSpot reports its compilation time: " + d);
    assertTrue(d.jitCpuNanos() >= 0, "HotSpot's compiler threads are in /proc/self/task: " + d);
    assertTrue(d.nanoTime() >= 200_000_000L);
    assertTrue(d.systemNanos() >= 0 && d.systemNanos() <= d.cpuNanos() + 20_000_000L, d.toString());
    assertEquals(Runtime.getRuntime().availableProcessors(), d.cores());
    assertTrue(d.hostBusyShare() > 0 && d.hostBusyShare() <= 1, "host busy " + d.hostBusyShare());
    assertTrue(d.shareOfCores() > 0 && d.shareOfCores() <= 1.05, "share " + d.shareOfCores());
  }

  @Test
  void theSummaryGivesCpuPerRequest() {
    DriverResources d =
        new DriverResources(
            2_000_000_000L, 500_000_000L, 120, 4, 300, 70_000_000L, 150, 200, 2, 10_000_000_000L);
    Map<String, Object> m = d.summary(40_000);
    assertEquals(50.0, m.get("CPU (microseconds/request)"));
    assertEquals(0.1, m.get("Share Of Host Cores"));
    assertEquals(0.25, m.get("System CPU Share"));
    assertEquals(0.75, m.get("Host Busy Share"));
    assertEquals(120L, m.get("GC (milliseconds)"));
    assertEquals(300L, m.get("JIT Compilation (milliseconds)"));
    assertEquals(70L, m.get("JIT Compiler CPU (milliseconds)"));
    assertEquals(null, d.summary(0).get("CPU (microseconds/request)"));
  }
}
