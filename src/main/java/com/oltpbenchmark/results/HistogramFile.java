package com.oltpbenchmark.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.results.HistogramSet.TypeEntry;
import com.oltpbenchmark.results.HistogramSet.WorkloadEntry;
import com.oltpbenchmark.results.RunReport.Workload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Writes and reads {@code <base>.histograms.json} (see {@link HistogramSet}). */
public final class HistogramFile {
  public static final String SUFFIX = ".histograms.json";

  /** Raised when a reader would misread the file: bump it on any change of meaning. */
  public static final int VERSION = 1;

  // Unknown keys are accepted so that a later version may add some without breaking merges.
  private static final ObjectMapper JSON =
      new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private HistogramFile() {}

  /** The histogram set of a finished run. */
  static HistogramSet of(RunReport r, MeasurementCollector c) {
    Set<Integer> configured = new TreeSet<>();
    r.transactionTypes().forEach(t -> configured.add(t.getId()));
    List<TypeEntry> types = new ArrayList<>();
    for (TransactionType t : SummaryJson.types(r)) {
      types.add(entry(t, configured.contains(t.getId())));
    }
    List<WorkloadEntry> workloads = new ArrayList<>();
    for (Workload w : r.workloads()) {
      List<TypeEntry> wt = null;
      if (w.transactionTypes() != null) {
        wt = new ArrayList<>();
        for (TransactionType t : w.transactionTypes()) {
          wt.add(entry(t, true));
        }
      }
      workloads.add(new WorkloadEntry(w.benchmarkName(), wt, w.phases()));
    }
    return new HistogramSet(
        VERSION,
        r.benchmarkArgument(),
        r.dbmsType(),
        digest(r.configXml()),
        r.startTimestampMillis(),
        r.elapsedNanos(),
        c.originEpochMicros(),
        c.getWindowSeconds(),
        LatencyAccumulator.SIGNIFICANT_DIGITS,
        types,
        workloads,
        c.histograms());
  }

  private static TypeEntry entry(TransactionType t, boolean configured) {
    String procedure =
        t instanceof RecordedTransactionType rt
            ? rt.procedureName()
            : t.getProcedureClass().getName();
    return new TypeEntry(t.getId(), t.getName(), procedure, configured);
  }

  /**
   * SHA-256 (hex) of the configuration as config.xml holds it, without its {@code <driverProcess>}
   * element (the one line in which the processes of one benchmark differ); null without one.
   */
  static String digest(String configXml) {
    if (configXml == null) {
      return null;
    }
    String shared = configXml.replaceAll("[ \\t]*<driverProcess>[^<]*</driverProcess>\\R?", "");
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(shared.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** Compact JSON: the histograms are already compressed, indentation would only add bytes. */
  static String toJson(HistogramSet set) {
    try {
      return JSON.writeValueAsString(set);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot render the histogram file: " + e.getMessage(), e);
    }
  }

  /** Writes the file, streaming: window entries are read and written one at a time. */
  static void write(Path file, HistogramSet set) throws IOException {
    try (java.io.Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      JSON.writeValue(w, set);
    }
  }

  /**
   * Reads a histogram file; any problem is one line naming the file.
   *
   * @throws IOException when the file cannot be read or is not a histogram file of this version
   */
  public static HistogramSet read(Path file) throws IOException {
    HistogramSet set;
    try {
      set = JSON.readValue(file.toFile(), HistogramSet.class);
    } catch (JsonProcessingException e) {
      throw new IOException(
          file + ": not a histogram file: " + e.getOriginalMessage().strip().split("\n")[0], e);
    }
    if (set == null || set.measurements() == null) {
      throw new IOException(file + ": not a histogram file (no measurements)");
    }
    if (set.version() != VERSION) {
      throw new IOException(
          file + ": histogram file version " + set.version() + ", this runtime reads " + VERSION);
    }
    return set;
  }
}
