package com.oltpbenchmark.report;

import static com.oltpbenchmark.report.JsonMaps.number;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a sweep saturates, from the summary's per-phase figures.
 *
 * <ul>
 *   <li>Concurrency sweep (unlimited phases at two or more terminal counts): the fewest terminals
 *       that reach {@value #KNEE_SHARE} of the best throughput; more terminals beyond it buy little
 *       but queueing.
 *   <li>Rate sweep (rate-limited phases at two or more rates): the lowest offered rate the database
 *       did not keep up with, i.e. achieved below {@value #KEPT_UP_SHARE} of the rate, or more than
 *       {@value #UNSERVED_SHARE} of the due requests never served.
 * </ul>
 */
final class Saturation {
  static final double KNEE_SHARE = 0.9;
  static final double KEPT_UP_SHARE = 0.95;
  static final double UNSERVED_SHARE = 0.01;

  private Saturation() {}

  static Map<String, Object> of(List<Map<String, Object>> phases) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("concurrency", concurrencyKnee(phases));
    m.put("rate", rateLimit(phases));
    return m;
  }

  private static Map<String, Object> concurrencyKnee(List<Map<String, Object>> phases) {
    List<Map<String, Object>> open = new ArrayList<>();
    for (Map<String, Object> p : phases) {
      if (p.get("Rate (requests/second)") == null && number(p.get("Requests")) > 0) {
        open.add(p);
      }
    }
    if (open.stream().map(p -> number(p.get("Terminals"))).distinct().count() < 2) {
      return null;
    }
    open.sort(Comparator.comparingDouble(p -> number(p.get("Terminals"))));
    double best = 0;
    for (Map<String, Object> p : open) {
      best = Math.max(best, throughput(p));
    }
    for (Map<String, Object> p : open) {
      if (throughput(p) >= KNEE_SHARE * best) {
        Map<String, Object> m = point(p);
        m.put(
            "reason",
            String.format(
                java.util.Locale.ROOT,
                "fewest terminals reaching %.0f%% of the best throughput (%.1f/s)",
                KNEE_SHARE * 100,
                best));
        return m;
      }
    }
    return null;
  }

  private static Map<String, Object> rateLimit(List<Map<String, Object>> phases) {
    List<Map<String, Object>> limited = new ArrayList<>();
    for (Map<String, Object> p : phases) {
      if (number(p.get("Rate (requests/second)")) > 0) {
        limited.add(p);
      }
    }
    if (limited.stream().map(p -> number(p.get("Rate (requests/second)"))).distinct().count() < 2) {
      return null;
    }
    limited.sort(Comparator.comparingDouble(p -> number(p.get("Rate (requests/second)"))));
    for (Map<String, Object> p : limited) {
      double rate = number(p.get("Rate (requests/second)"));
      double due = rate * number(p.get("Time (seconds)"));
      double unserved = number(p.get("Unserved Rate-Limited Requests"));
      String reason = null;
      if (throughput(p) < KEPT_UP_SHARE * rate) {
        reason =
            String.format(
                java.util.Locale.ROOT,
                "achieved %.1f/s, below %.0f%% of the offered %.1f/s",
                throughput(p),
                KEPT_UP_SHARE * 100,
                rate);
      } else if (due > 0 && unserved > UNSERVED_SHARE * due) {
        reason =
            String.format(java.util.Locale.ROOT, "%.0f requests due but never served", unserved);
      }
      if (reason != null) {
        Map<String, Object> m = point(p);
        m.put("rate", rate);
        m.put("reason", reason);
        return m;
      }
    }
    return null;
  }

  private static double throughput(Map<String, Object> p) {
    return number(p.get("Throughput (requests/second)"));
  }

  private static Map<String, Object> point(Map<String, Object> p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("phase", p.get("Phase"));
    m.put("terminals", p.get("Terminals"));
    m.put("throughput", throughput(p));
    return m;
  }
}
