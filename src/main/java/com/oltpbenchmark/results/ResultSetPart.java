package com.oltpbenchmark.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** One driver process's result set, as {@code --merge} reads it. */
final class ResultSetPart {
  static final String SUMMARY_SUFFIX = ".summary.json";
  static final String DRIVER_PROCESS_KEY = "Driver Process";
  private static final Pattern DRIVER_PROCESS = Pattern.compile("\\s*(\\d+)\\s*/\\s*(\\d+)\\s*");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The input as the user gave it, for messages. */
  final String label;

  final Path dir;
  final String base;
  final Map<String, Object> summary;
  final HistogramSet histograms;

  /** SHA-256 of the histogram file: equal digests are the same result set copied. */
  final String histogramDigest;

  /** k and N of "Driver Process": "k/N", or null when the summary has no such key. */
  final int[] driverProcess;

  /** The database server's clock against this part's, or null when the summary has none. */
  final ClockOffset clock;

  private ResultSetPart(
      String label,
      Path dir,
      String base,
      Map<String, Object> summary,
      HistogramSet histograms,
      String histogramDigest,
      int[] driverProcess,
      ClockOffset clock) {
    this.label = label;
    this.dir = dir;
    this.base = base;
    this.summary = summary;
    this.histograms = histograms;
    this.histogramDigest = histogramDigest;
    this.driverProcess = driverProcess;
    this.clock = clock;
  }

  /** The summary file of a result set given as its directory or as its summary.json. */
  static Path summaryFile(Path input) throws MergeRefused {
    if (Files.isRegularFile(input)) {
      if (!input.getFileName().toString().endsWith(SUMMARY_SUFFIX)) {
        throw new MergeRefused(input + ": not a result set (give its directory or summary.json)");
      }
      return input;
    }
    if (!Files.isDirectory(input)) {
      throw new MergeRefused(input + ": no such directory");
    }
    List<Path> summaries = new ArrayList<>();
    try (Stream<Path> files = Files.list(input)) {
      files
          .filter(f -> f.getFileName().toString().endsWith(SUMMARY_SUFFIX))
          .sorted()
          .forEach(summaries::add);
    } catch (IOException e) {
      throw new MergeRefused(input + ": cannot list the directory: " + e.getMessage(), e);
    }
    if (summaries.isEmpty()) {
      throw new MergeRefused(input + ": no result set (no *" + SUMMARY_SUFFIX + ")");
    }
    if (summaries.size() > 1) {
      List<String> names = new ArrayList<>();
      summaries.forEach(s -> names.add(s.getFileName().toString()));
      throw new MergeRefused(
          input
              + ": holds "
              + summaries.size()
              + " result sets "
              + names
              + "; give the summary.json of the one to merge");
    }
    return summaries.get(0);
  }

  static ResultSetPart read(String label, Path summaryFile) throws MergeRefused {
    String name = summaryFile.getFileName().toString();
    String base = name.substring(0, name.length() - SUMMARY_SUFFIX.length());
    Path dir = summaryFile.toAbsolutePath().getParent();
    Path histogramFile = dir.resolve(base + HistogramFile.SUFFIX);
    if (!Files.isRegularFile(histogramFile)) {
      throw new MergeRefused(
          label
              + ": result set "
              + base
              + " has no "
              + base
              + HistogramFile.SUFFIX
              + " (written by runs of this runtime since merging exists), so it cannot be merged");
    }
    Map<String, Object> summary = readObject(label, summaryFile);
    HistogramSet histograms;
    byte[] bytes;
    try {
      histograms = HistogramFile.read(histogramFile);
      bytes = Files.readAllBytes(histogramFile);
    } catch (IOException e) {
      throw new MergeRefused(label + ": " + e.getMessage(), e);
    }
    checkDecodable(label, histogramFile, histograms);
    return new ResultSetPart(
        label,
        dir,
        base,
        summary,
        histograms,
        sha256(bytes),
        driverProcess(label, summary.get(DRIVER_PROCESS_KEY)),
        clockOffset(label, summary.get(ClockOffset.SUMMARY_KEY)));
  }

  private static ClockOffset clockOffset(String label, Object value) throws MergeRefused {
    try {
      return ClockOffset.fromSummary(value);
    } catch (IllegalArgumentException e) {
      throw new MergeRefused(
          label + ": \"" + ClockOffset.SUMMARY_KEY + "\" in summary.json " + e.getMessage(), e);
    }
  }

  /**
   * Decodes every histogram of the file once, so that a mangled one (valid JSON, broken payload) is
   * refused naming the part, the file and the entry, before anything is merged or written.
   */
  static void checkDecodable(String label, Path file, HistogramSet set) throws MergeRefused {
    HistogramSet.Measurements m = set.measurements();
    Map<String, EncodedLatency> entries = new java.util.LinkedHashMap<>();
    entries.put("measurements.all", m.all());
    entries.put("measurements.intendedStart", m.intendedStart());
    entries.put("measurements.rateLimitedService", m.rateLimitedService());
    if (m.byType() != null) {
      m.byType().forEach((id, e) -> entries.put("measurements.byType." + id, e));
    }
    if (m.phases() != null) {
      m.phases()
          .forEach(
              (id, p) -> {
                if (p != null) {
                  entries.put("measurements.phases." + id + ".latency", p.latency());
                  entries.put("measurements.phases." + id + ".intendedStart", p.intendedStart());
                }
              });
    }
    List<EncodedLatency> seconds = m.seconds() == null ? List.of() : m.seconds();
    for (int i = 0; i < seconds.size(); i++) {
      entries.put("measurements.seconds[" + i + "]", seconds.get(i));
    }
    List<HistogramSet.PeriodEntry> periods = m.periods() == null ? List.of() : m.periods();
    for (int i = 0; i < periods.size(); i++) {
      HistogramSet.PeriodEntry p = periods.get(i);
      if (p == null) {
        continue;
      }
      entries.put("measurements.periods[" + i + "].all", p.all());
      if (p.byType() != null) {
        int window = i;
        p.byType()
            .forEach(
                (id, e) -> entries.put("measurements.periods[" + window + "].byType." + id, e));
      }
    }
    for (Map.Entry<String, EncodedLatency> e : entries.entrySet()) {
      if (e.getValue() == null || e.getValue().histogram() == null) {
        continue;
      }
      try {
        EncodedLatency.decodeHistogram(e.getValue().histogram());
      } catch (RuntimeException ex) {
        throw new MergeRefused(
            label
                + ": "
                + file.getFileName()
                + " is corrupt: "
                + e.getKey()
                + " is "
                + (ex.getMessage() != null && ex.getMessage().startsWith("not an encoded")
                    ? ex.getMessage()
                    : "not an encoded HdrHistogram: " + ex)
                + "; rerun that driver process or merge without it",
            ex);
      }
    }
  }

  /** A JSON object file of the result set (summary.json, params.json). */
  static Map<String, Object> readObject(String label, Path file) throws MergeRefused {
    try {
      Object v = JSON.readValue(file.toFile(), Object.class);
      if (!(v instanceof Map<?, ?>)) {
        throw new MergeRefused(label + ": " + file.getFileName() + " is not a JSON object");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) v;
      return m;
    } catch (JsonProcessingException e) {
      throw new MergeRefused(
          label
              + ": "
              + file.getFileName()
              + " is not JSON: "
              + e.getOriginalMessage().strip().split("\n")[0],
          e);
    } catch (IOException e) {
      throw new MergeRefused(label + ": cannot read " + file.getFileName() + ": " + e, e);
    }
  }

  private static int[] driverProcess(String label, Object value) throws MergeRefused {
    if (value == null) {
      return null;
    }
    Matcher m = DRIVER_PROCESS.matcher(String.valueOf(value));
    if (!m.matches()) {
      throw new MergeRefused(
          label + ": \"" + DRIVER_PROCESS_KEY + "\" is '" + value + "', not k/N");
    }
    int k = Integer.parseInt(m.group(1));
    int n = Integer.parseInt(m.group(2));
    if (n < 1 || k < 1 || k > n) {
      throw new MergeRefused(
          label + ": \"" + DRIVER_PROCESS_KEY + "\" is '" + value + "', not k/N with 1 <= k <= N");
    }
    return new int[] {k, n};
  }

  String driverLabel() {
    return driverProcess == null ? null : driverProcess[0] + "/" + driverProcess[1];
  }

  /**
   * The label, with the driver process when the part has one: "results/p2 (driver process 2/2)".
   */
  String labelWithDriver() {
    return driverProcess == null ? label : label + " (driver process " + driverLabel() + ")";
  }

  /** A number of the summary (0 when absent). */
  double summaryNumber(String key) {
    Object v = summary.get(key);
    return v instanceof Number n ? n.doubleValue() : 0.0;
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
