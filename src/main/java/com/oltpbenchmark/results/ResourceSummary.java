package com.oltpbenchmark.results;

import com.oltpbenchmark.api.collectors.resources.DriverResources;
import com.oltpbenchmark.api.collectors.resources.ProcessResources;
import com.oltpbenchmark.api.collectors.resources.ResourceWindow;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The measured window's resource figures as summary.json's "Driver" and "Server Process" objects
 * and as the console's line: per request, so that runs of different lengths and rates compare.
 */
final class ResourceSummary {
  private ResourceSummary() {}

  /** The two objects, in order; empty when the run measured no window. */
  static Map<String, Object> entries(RunReport r, long requests) {
    Map<String, Object> m = new LinkedHashMap<>();
    ResourceWindow.Figures f = r.resources();
    if (f == null) {
      return m;
    }
    Map<String, Object> driver = f.driver().summary(requests);
    driver.put("Likely Limit", r.driverWarning());
    m.put(ResultKeys.DRIVER, driver);
    m.put(ResultKeys.SERVER_PROCESS, server(f, requests));
    return m;
  }

  private static Map<String, Object> server(ResourceWindow.Figures f, long requests) {
    Map<String, Object> m = new LinkedHashMap<>();
    ProcessResources s = f.server();
    m.put("Pid", f.serverProcess().measured() ? f.serverProcess().pid() : null);
    m.put("Embedded", f.serverProcess().isEmbedded());
    m.put("Not Measured", f.serverNotMeasured());
    if (s == null) {
      return m;
    }
    m.put("Processes", s.processes());
    m.put("CPU (microseconds/request)", perRequest(s.cpuMicros(), requests, 1));
    m.put("User CPU (microseconds/request)", perRequest(s.userMicros(), requests, 1));
    m.put("System CPU (microseconds/request)", perRequest(s.systemMicros(), requests, 1));
    if (s.hasIo()) {
      m.put("Read (bytes/request)", perRequest(s.readBytes(), requests, 1));
      m.put("Written (bytes/request)", perRequest(s.writeBytes(), requests, 1));
    }
    m.put(
        "Voluntary Context Switches (per request)", perRequest(s.voluntarySwitches(), requests, 1));
    m.put(
        "Involuntary Context Switches (per request)",
        perRequest(s.involuntarySwitches(), requests, 1));
    m.put("CPU (seconds)", Math.round(s.cpuMicros() / 1e3) / 1e3);
    return m;
  }

  /** One console line: the driver's and the server's CPU per request in the window. */
  static String consoleLine(RunReport r, long requests) {
    ResourceWindow.Figures f = r.resources();
    if (f == null) {
      return null;
    }
    DriverResources d = f.driver();
    StringBuilder b =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "Driver CPU %.1f µs/request (%.2f of %d cores), GC %d ms, JIT %s in the %.1f s"
                    + " window; server ",
                requests > 0 ? d.cpuNanos() / 1e3 / requests : 0.0,
                d.shareOfCores() * d.cores(),
                d.cores(),
                d.gcMillis(),
                d.jitCpuNanos() < 0 ? "not read" : d.jitCpuNanos() / 1_000_000L + " ms CPU",
                d.nanoTime() / 1e9));
    if (f.server() == null) {
      b.append(f.serverNotMeasured());
    } else if (f.serverProcess().isEmbedded()) {
      b.append("embedded (its CPU is the driver's)");
    } else {
      b.append(
          String.format(
              Locale.ROOT,
              "CPU %.1f µs/request (pid %d)",
              requests > 0 ? f.server().cpuMicros() / (double) requests : 0.0,
              f.serverProcess().pid()));
    }
    return b.toString();
  }

  private static Double perRequest(long total, long requests, int places) {
    if (requests <= 0) {
      return null;
    }
    double f = Math.pow(10, places);
    return Math.round(total / (double) requests * f) / f;
  }
}
