package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.EnumMap;
import java.util.Map;

/**
 * Compares a phase's {@code <weights>} for Read / Write / ReadTxn / WriteTxn with the workload's
 * {@code operations} mix. Under BenchBase the phase weights choose the transaction type, so the
 * workload's own mix only takes effect if the config repeats it; a difference is reported (not an
 * error: running e.g. only WriteTxn is a legitimate experiment).
 */
public final class TaoMixCheck {

  /** Largest tolerated difference of a type's share, in probability (0.05 percentage points). */
  static final double TOLERANCE = 0.0005;

  private TaoMixCheck() {}

  /**
   * A description of the difference, or null when the phase runs no TAOBench type or matches.
   *
   * @param operations the workload's operations choice (index = TaoRequestType ordinal)
   * @param phaseWeights the phase's weight per TAOBench type (absent types weigh 0)
   */
  public static String difference(
      WeightedChoice operations, Map<TaoRequestType, Double> phaseWeights) {
    double total = 0;
    for (double w : phaseWeights.values()) {
      total += w;
    }
    if (total <= 0) {
      return null;
    }
    Map<TaoRequestType, Double> share = new EnumMap<>(TaoRequestType.class);
    boolean differs = false;
    for (TaoRequestType t : TaoRequestType.values()) {
      double s = phaseWeights.getOrDefault(t, 0.0) / total;
      share.put(t, s);
      double p = operations.probability(t.ordinal());
      if (Math.abs(s - p) > TOLERANCE || (s == 0) != (p == 0)) {
        differs = true;
      }
    }
    if (!differs) {
      return null;
    }
    StringBuilder sb = new StringBuilder("phase mix");
    for (TaoRequestType t : TaoRequestType.values()) {
      sb.append(String.format(" %s=%.4f%%", t.procedureName(), 100 * share.get(t)));
    }
    sb.append(" vs workload operations");
    for (TaoRequestType t : TaoRequestType.values()) {
      sb.append(
          String.format(
              " %s=%.4f%%", t.procedureName(), 100 * operations.probability(t.ordinal())));
    }
    return sb.toString();
  }
}
