package com.oltpbenchmark.results;

import com.oltpbenchmark.results.RunReport.PhaseSettings;
import java.util.List;
import java.util.Map;

/**
 * The content of {@code <base>.histograms.json}: a run's latency histograms, exactly, and what
 * tells whether result sets of several driver processes belong to one run. Written with every
 * result set; read by {@code --merge}. Latencies in microseconds; offsets in nanoseconds from the
 * measurement start.
 *
 * @param version the file format version ({@link HistogramFile#VERSION})
 * @param benchmark the {@code -b} value
 * @param dbmsType the DatabaseType name
 * @param configDigest SHA-256 (hex) of {@code <base>.config.xml}'s text; null without one
 * @param startTimestampMillis the summary's start timestamp
 * @param elapsedNanos the summary's elapsed time (measurement start to end)
 * @param measureStartEpochMicros wall-clock time of the measurement start, where window 0 begins
 * @param windowSeconds the {@code -s} window of results.csv (samples.csv: always 1 s)
 * @param significantDigits the histograms' precision
 * @param transactionTypes every type the summary lists; {@code configured} ones have
 *     results.&lt;Txn&gt;.csv files
 * @param workloads per benchmark: its configured types (INVALID included) and phase settings
 */
public record HistogramSet(
    int version,
    String benchmark,
    String dbmsType,
    String configDigest,
    long startTimestampMillis,
    long elapsedNanos,
    long measureStartEpochMicros,
    int windowSeconds,
    int significantDigits,
    List<TypeEntry> transactionTypes,
    List<WorkloadEntry> workloads,
    Measurements measurements) {

  /** A transaction type: its id, its name and its procedure class (for upstream's labels). */
  public record TypeEntry(int id, String name, String procedure, boolean configured) {}

  public record WorkloadEntry(
      String benchmark, List<TypeEntry> transactionTypes, List<PhaseSettings> phases) {}

  /**
   * The collector's aggregates. Type and phase ids are map keys; windows are lists by window index
   * (null for a window without samples).
   *
   * @param all every measured request (the summary's "Latency Distribution")
   * @param intendedStart rate-limited requests, latency from their intended start
   * @param rateLimitedService the same requests, latency from their actual start
   * @param seconds the 1-second windows of samples.csv
   * @param periods the {@code -s} windows of results.csv and results.&lt;Txn&gt;.csv
   */
  public record Measurements(
      long lateSamples,
      EncodedLatency all,
      Map<Integer, EncodedLatency> byType,
      EncodedLatency intendedStart,
      EncodedLatency rateLimitedService,
      Map<Integer, PhaseEntry> phases,
      List<EncodedLatency> seconds,
      List<PeriodEntry> periods) {}

  /** One phase's aggregates; first start and last end are offsets from the measurement start. */
  public record PhaseEntry(
      EncodedLatency latency,
      EncodedLatency intendedStart,
      Map<Integer, Long> countsByType,
      long firstStartNanos,
      long lastEndNanos) {}

  /** One {@code -s} window: all types, and per type id. */
  public record PeriodEntry(EncodedLatency all, Map<Integer, EncodedLatency> byType) {}
}
