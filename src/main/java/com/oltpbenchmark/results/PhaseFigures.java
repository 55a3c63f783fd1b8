package com.oltpbenchmark.results;

import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.results.RunReport.PhaseSettings;
import com.oltpbenchmark.results.RunReport.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * The summary.json "Phases" array: per configured phase, its settings (terminals, rate), what it
 * achieved (throughput, latency) and whether its transaction mix matched its weights. Sweeps are
 * read from here: one phase per concurrency level or offered rate.
 */
public final class PhaseFigures {
  private PhaseFigures() {}

  public static List<Map<String, Object>> build(RunReport r, MeasurementCollector c) {
    Map<Integer, PhaseStats> measured = c.phaseStats();
    List<Map<String, Object>> out = new ArrayList<>();
    for (Workload wc : r.workloads()) {
      for (PhaseSettings p : wc.phases()) {
        PhaseStats s = measured.get(p.id());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Phase", p.id());
        m.put("Benchmark", wc.benchmarkName());
        m.put("Terminals", p.terminals());
        m.put(
            "Rate (requests/second)", p.rateLimited() && !p.disabled() ? (Object) p.rate() : null);
        m.put("Arrival", p.rateLimited() ? p.arrival().name() : null);
        m.put("Time (seconds)", p.time());
        m.put("Warmup (seconds)", p.warmupTime());
        long requests = s == null ? 0 : ownRequests(s, wc);
        m.put("Start (seconds)", s == null ? null : s.firstStartNanos / 1e9);
        m.put("End (seconds)", s == null ? null : s.lastEndNanos / 1e9);
        m.put("Requests", requests);
        double seconds = seconds(r, p, s);
        m.put("Throughput (requests/second)", seconds > 0 ? requests / seconds : 0.0);
        m.put(
            "Latency Distribution",
            SummaryJson.distribution(s == null ? LatencyStats.EMPTY : s.latency));
        LatencyStats intended = s == null ? LatencyStats.EMPTY : s.fromIntendedStart;
        m.put(
            ResultKeys.INTENDED_START_DISTRIBUTION,
            intended.isEmpty() ? null : SummaryJson.distribution(intended));
        m.put(ResultKeys.UNSERVED_REQUESTS, r.unservedRequests().getOrDefault(p.id(), 0L));
        mix(m, wc, p, s);
        out.add(m);
      }
    }
    return out;
  }

  /**
   * The measured span of a phase: its configured time when it ran to its end, otherwise from its
   * first sample to its last (a stopped run, a serial phase or an untimed latency run).
   */
  private static double seconds(RunReport r, PhaseSettings p, PhaseStats s) {
    if (s == null) {
      return 0;
    }
    boolean ranToEnd = "EXIT".equals(r.finalState()) && p.timed() && !p.serial();
    return ranToEnd && p.time() > 0 ? p.time() : s.spanSeconds();
  }

  private static long ownRequests(PhaseStats s, Workload wc) {
    if (wc.transactionTypes() == null) {
      return s.latency.count;
    }
    long n = 0;
    for (TransactionType t : wc.transactionTypes()) {
      n += s.countsByType.getOrDefault(t.getId(), 0L);
    }
    return n;
  }

  /**
   * Observed count and weight per type, and Pearson's chi-square test of the counts against the
   * weights (null for serial phases, where weights are an order, not a distribution).
   */
  private static void mix(Map<String, Object> m, Workload wc, PhaseSettings p, PhaseStats stats) {
    Map<String, Object> mix = new LinkedHashMap<>();
    List<Double> weights = p.weights();
    double totalWeight = 0;
    for (double w : weights) {
      totalWeight += Math.max(0, w);
    }
    long[] observed = new long[weights.size()];
    long n = 0;
    // weight i belongs to the i-th configured type (the engine's 1-based choice skips INVALID)
    List<TransactionType> configured = new ArrayList<>();
    if (wc.transactionTypes() != null) {
      for (TransactionType t : wc.transactionTypes()) {
        if (t.getId() != TransactionType.INVALID_ID) {
          configured.add(t);
        }
      }
    }
    for (int i = 0; i < weights.size() && i < configured.size(); i++) {
      TransactionType t = configured.get(i);
      observed[i] = stats == null ? 0 : stats.countsByType.getOrDefault(t.getId(), 0L);
      n += observed[i];
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("Requests", observed[i]);
      o.put("Weight", weights.get(i));
      mix.put(t.getName(), o);
    }
    m.put("Transaction Mix", mix);
    Double chi = null;
    Double pValue = null;
    int categories = 0;
    if (!p.serial() && n > 0 && totalWeight > 0) {
      double sum = 0;
      for (int i = 0; i < weights.size(); i++) {
        double expected = n * Math.max(0, weights.get(i)) / totalWeight;
        if (expected > 0) {
          double d = observed[i] - expected;
          sum += d * d / expected;
          categories++;
        } else if (observed[i] > 0) {
          // drawn although its weight is zero: the mix is certainly not the configured one
          sum = Double.POSITIVE_INFINITY;
        }
      }
      chi = sum;
      if (categories > 1) {
        pValue =
            Double.isInfinite(sum)
                ? 0.0
                : 1.0 - new ChiSquaredDistribution(categories - 1).cumulativeProbability(sum);
      } else {
        pValue = Double.isInfinite(sum) ? 0.0 : 1.0;
      }
    }
    m.put("Mix Chi-Square", chi == null || Double.isInfinite(chi) ? null : chi);
    m.put("Mix p-value", pValue);
  }
}
