package com.oltpbenchmark.results;

import java.util.Collections;
import java.util.Map;

/**
 * What one phase measured: its latency, the latency of its rate-limited requests from their
 * intended start, its transaction count per type id and when its first and last sample ran (offsets
 * from the measurement start, so they line up with samples.csv).
 */
public final class PhaseStats {
  public final int phaseId;
  public final LatencyStats latency;
  public final LatencyStats fromIntendedStart;
  public final Map<Integer, Long> countsByType;
  public final long firstStartNanos;
  public final long lastEndNanos;

  PhaseStats(
      int phaseId,
      LatencyStats latency,
      LatencyStats fromIntendedStart,
      Map<Integer, Long> countsByType,
      long firstStartNanos,
      long lastEndNanos) {
    this.phaseId = phaseId;
    this.latency = latency;
    this.fromIntendedStart = fromIntendedStart;
    this.countsByType = Collections.unmodifiableMap(countsByType);
    this.firstStartNanos = firstStartNanos;
    this.lastEndNanos = lastEndNanos;
  }

  /** Seconds from the first sample's start to the last sample's end. */
  public double spanSeconds() {
    return Math.max(0, lastEndNanos - firstStartNanos) / 1e9;
  }
}
