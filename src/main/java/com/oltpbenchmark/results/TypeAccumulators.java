package com.oltpbenchmark.results;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Latency aggregates per transaction type id. Ids are small and dense, so they index an array (no
 * boxing on the fold path). Not thread-safe, like {@link LatencyAccumulator}.
 */
final class TypeAccumulators {
  private final boolean window;
  private LatencyAccumulator[] byType = new LatencyAccumulator[0];

  /**
   * @param window whether the aggregates are short-lived window ones (see LatencyAccumulator)
   */
  TypeAccumulators(boolean window) {
    this.window = window;
  }

  /** The aggregate of {@code typeId} (not negative), created on first use. */
  LatencyAccumulator get(int typeId) {
    if (typeId >= byType.length) {
      byType = Arrays.copyOf(byType, Math.max(typeId + 1, byType.length * 2));
    }
    LatencyAccumulator a = byType[typeId];
    if (a == null) {
      a = new LatencyAccumulator(window);
      byType[typeId] = a;
    }
    return a;
  }

  /** Statistics of every type that has an aggregate, by ascending type id. */
  Map<Integer, LatencyStats> stats() {
    return perType(LatencyAccumulator::stats);
  }

  /** Percentile curve of every type that has an aggregate, by ascending type id. */
  Map<Integer, PercentileCurve> curves() {
    return perType(LatencyAccumulator::curve);
  }

  private <T> Map<Integer, T> perType(Function<LatencyAccumulator, T> figure) {
    Map<Integer, T> m = new TreeMap<>();
    for (int id = 0; id < byType.length; id++) {
      if (byType[id] != null) {
        m.put(id, figure.apply(byType[id]));
      }
    }
    return m;
  }

  /** Number of types that have an aggregate. */
  int size() {
    return (int) Arrays.stream(byType).filter(Objects::nonNull).count();
  }
}
