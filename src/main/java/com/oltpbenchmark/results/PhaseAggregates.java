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
    long[] counts = new long[0];
    long firstStart = Long.MAX_VALUE;
    long lastEnd = Long.MIN_VALUE;
  }

  private final Map<Integer, One> phases = new TreeMap<>();

  // Samples arrive in long runs of one phase: skip the map lookup for those.
  private int lastId = Integer.MIN_VALUE;
  private One last;

  /**
   * @param intendedMicros latency from the intended start, or negative when not rate limited
   */
  void record(
      int phaseId, int typeId, long startOffset, long endOffset, long micros, long intendedMicros) {
    One p = last;
    if (phaseId != lastId) {
      p = phases.computeIfAbsent(phaseId, k -> new One());
      lastId = phaseId;
      last = p;
    }
    p.latency.record(micros);
    if (intendedMicros >= 0) {
      p.intended.record(intendedMicros);
    }
    if (typeId >= 0) {
      if (typeId >= p.counts.length) {
        p.counts = java.util.Arrays.copyOf(p.counts, typeId + 1);
      }
      p.counts[typeId]++;
    }
    p.firstStart = Math.min(p.firstStart, startOffset);
    p.lastEnd = Math.max(p.lastEnd, endOffset);
  }

  /** Per phase id, as the histogram file stores it. */
  Map<Integer, HistogramSet.PhaseEntry> encoded() {
    Map<Integer, HistogramSet.PhaseEntry> m = new TreeMap<>();
    phases.forEach(
        (id, p) ->
            m.put(
                id,
                new HistogramSet.PhaseEntry(
                    EncodedLatency.of(p.latency),
                    EncodedLatency.of(p.intended),
                    countsOf(p),
                    p.firstStart,
                    p.lastEnd)));
    return m;
  }

  /** Sets a phase from a histogram file (a merged result set). */
  void restore(int phaseId, HistogramSet.PhaseEntry e) {
    One p = phases.computeIfAbsent(phaseId, k -> new One());
    if (e.latency() != null) {
      p.latency.add(e.latency().decode());
    }
    if (e.intendedStart() != null) {
      p.intended.add(e.intendedStart().decode());
    }
    if (e.countsByType() != null) {
      e.countsByType()
          .forEach(
              (typeId, n) -> {
                if (typeId >= p.counts.length) {
                  p.counts = java.util.Arrays.copyOf(p.counts, typeId + 1);
                }
                p.counts[typeId] += n;
              });
    }
    p.firstStart = Math.min(p.firstStart, e.firstStartNanos());
    p.lastEnd = Math.max(p.lastEnd, e.lastEndNanos());
  }

  private static Map<Integer, Long> countsOf(One p) {
    Map<Integer, Long> counts = new TreeMap<>();
    for (int t = 0; t < p.counts.length; t++) {
      if (p.counts[t] > 0) {
        counts.put(t, p.counts[t]);
      }
    }
    return counts;
  }

  Map<Integer, PhaseStats> stats() {
    Map<Integer, PhaseStats> m = new TreeMap<>();
    phases.forEach(
        (id, p) -> {
          Map<Integer, Long> counts = countsOf(p);
          m.put(
              id,
              new PhaseStats(
                  id, p.latency.stats(), p.intended.stats(), counts, p.firstStart, p.lastEnd));
        });
    return m;
  }
}
