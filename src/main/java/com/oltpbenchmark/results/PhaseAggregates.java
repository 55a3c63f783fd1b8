package com.oltpbenchmark.results;

import java.util.Map;
import java.util.TreeMap;

/**
 * Run-wide aggregates per phase id (phases are few, so one histogram each is cheap). Not
 * thread-safe: the collector feeds it under its aggregation lock.
 */
final class PhaseAggregates {
  private static final class One {
    final LatencyAccumulator latency = new LatencyAccumulator(false);
    final LatencyAccumulator intended = new LatencyAccumulator(false);
    final Map<Integer, Long> counts = new TreeMap<>();
    long firstStart = Long.MAX_VALUE;
    long lastEnd = Long.MIN_VALUE;
  }

  private final Map<Integer, One> phases = new TreeMap<>();

  /**
   * @param intendedMicros latency from the intended start, or negative when not rate limited
   */
  void record(
      int phaseId, int typeId, long startOffset, long endOffset, long micros, long intendedMicros) {
    One p = phases.computeIfAbsent(phaseId, k -> new One());
    p.latency.record(micros);
    if (intendedMicros >= 0) {
      p.intended.record(intendedMicros);
    }
    p.counts.merge(typeId, 1L, Long::sum);
    p.firstStart = Math.min(p.firstStart, startOffset);
    p.lastEnd = Math.max(p.lastEnd, endOffset);
  }

  Map<Integer, PhaseStats> stats() {
    Map<Integer, PhaseStats> m = new TreeMap<>();
    phases.forEach(
        (id, p) ->
            m.put(
                id,
                new PhaseStats(
                    id,
                    p.latency.stats(),
                    p.intended.stats(),
                    new TreeMap<>(p.counts),
                    p.firstStart,
                    p.lastEnd)));
    return m;
  }
}
