package com.oltpbenchmark.report;

import com.oltpbenchmark.api.collectors.database.DatabaseFigures;
import com.oltpbenchmark.results.ResultKeys;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.builder.fluent.Configurations;
import org.apache.commons.configuration2.ex.ConfigurationException;

/**
 * Reads one result set (this runtime's or upstream BenchBase's files, found from the summary.json
 * path) into the page's model of a run: the summary as written, the settings of config.xml, a
 * latency/throughput time series (samples.csv, else results.csv) and, when raw.csv exists and is
 * asked for, per-type percentile curves.
 */
final class ResultSetReader {
  static final String SUMMARY_SUFFIX = ".summary.json";
  private static final Pattern SECRET =
      Pattern.compile("(?i).*(pass|secret|token|credential|url|username|user$|driver).*");

  private ResultSetReader() {}

  /** The base name of {@code <base>.summary.json}, or an error naming the file. */
  static String baseName(Path summary) {
    String f = summary.getFileName().toString();
    if (!f.endsWith(SUMMARY_SUFFIX)) {
      throw new IllegalArgumentException(
          summary + ": not a summary file (its name must end in " + SUMMARY_SUFFIX + ")");
    }
    return f.substring(0, f.length() - SUMMARY_SUFFIX.length());
  }

  static Map<String, Object> read(Path summaryFile, boolean readRaw) throws IOException {
    Map<String, Object> summary;
    summary = JsonMaps.object(JsonFiles.read(summaryFile, "a summary.json object"));
    if (summary == null) {
      throw new IOException(summaryFile + ": not a summary.json object (a JSON object)");
    }
    return read(summaryFile, summary, readRaw);
  }

  /**
   * As {@link #read(Path, boolean)} with the summary given (a run's own, from memory: a full disk
   * may have kept its file from being written); the other files are read where they exist.
   */
  static Map<String, Object> read(Path summaryFile, Map<String, Object> summary, boolean readRaw)
      throws IOException {
    String base = baseName(summaryFile);
    Path dir = summaryFile.toAbsolutePath().getParent();
    if (!summary.containsKey("Throughput (requests/second)")) {
      throw new IOException(
          summaryFile + ": no \"Throughput (requests/second)\" key, not a BenchBase summary.json");
    }
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("name", base);
    run.put("summary", summary);
    run.put("settings", settings(dir.resolve(base + ".config.xml")));
    Path samples = dir.resolve(base + ".samples.csv");
    Path results = dir.resolve(base + ".results.csv");
    if (Files.isRegularFile(samples)) {
      run.put("series", series(samples, true));
    } else if (Files.isRegularFile(results)) {
      run.put("series", series(results, false));
    }
    Path database = dir.resolve(base + DatabaseFigures.CSV_SUFFIX);
    if (Files.isRegularFile(database)) {
      run.put("databaseSeries", DatabaseSeries.read(database));
    }
    Path raw = dir.resolve(base + ".raw.csv");
    if (readRaw && Files.isRegularFile(raw)) {
      RawCurves.read(raw, run);
    }
    Path audit = dir.resolve(base + ".audit.json");
    if (Files.isRegularFile(audit)) {
      run.put("audit", JsonFiles.read(audit, "an audit.json document"));
    } else if (summary.get("Audit") != null) {
      run.put("audit", summary.get("Audit"));
    }
    run.put("saturation", Saturation.of(JsonMaps.list(summary.get(ResultKeys.PHASES))));
    return run;
  }

  /**
   * Leaf settings of config.xml except the phases, the types and anything that could hold a
   * credential or a connection detail.
   */
  static List<List<String>> settings(Path configXml) throws IOException {
    List<List<String>> out = new ArrayList<>();
    if (!Files.isRegularFile(configXml)) {
      return out;
    }
    XMLConfiguration xml;
    try {
      xml = new Configurations().xml(configXml.toFile());
    } catch (ConfigurationException e) {
      throw new IOException(configXml + ": not readable XML: " + e.getMessage(), e);
    }
    for (var it = xml.getKeys(); it.hasNext(); ) {
      String key = it.next();
      if (key.startsWith("works")
          || key.startsWith("transactiontypes")
          || SECRET.matcher(key).matches()) {
        continue;
      }
      List<Object> values = xml.getList(key);
      out.add(List.of(key, values.size() == 1 ? String.valueOf(values.get(0)) : values.toString()));
    }
    return out;
  }

  /** Which columns of a window CSV file the series shows, and the factor to its latencies in us. */
  private record WindowCsvLayout(int throughput, int p50, int p95, int p99, double toMicros) {
    static final WindowCsvLayout SAMPLES = new WindowCsvLayout(2, 5, 9, 10, 1);
    static final WindowCsvLayout RESULTS = new WindowCsvLayout(1, 5, 8, 9, 1000);
  }

  /**
   * The time series of samples.csv (1-s windows, microseconds) or results.csv ({@code -s} windows,
   * milliseconds), as microseconds; -1 statistics (empty windows) become nulls.
   */
  static Map<String, Object> series(Path csv, boolean samplesCsv) throws IOException {
    WindowCsvLayout layout = samplesCsv ? WindowCsvLayout.SAMPLES : WindowCsvLayout.RESULTS;
    LatencySeries series = new LatencySeries(false);
    String header =
        forEachRow(
            csv,
            11,
            (f, lineNo) -> {
              try {
                series.add(
                    Double.parseDouble(f[0]),
                    Double.parseDouble(f[layout.throughput()]),
                    micros(f[layout.p50()], layout.toMicros()),
                    micros(f[layout.p95()], layout.toMicros()),
                    micros(f[layout.p99()], layout.toMicros()));
              } catch (NumberFormatException e) {
                throw new IOException(
                    csv + " line " + lineNo + ": not a number: " + e.getMessage(), e);
              }
            });
    if (header == null) {
      throw new IOException(csv + ": empty file, expected a header line");
    }
    return series.toMap();
  }

  /** One data line of a CSV file, split at commas; lineNo counts the header as line 1. */
  @FunctionalInterface
  interface Row {
    void accept(String[] fields, int lineNo) throws IOException;
  }

  /**
   * Hands every non-blank line after the header to {@code row}, failing on a line with fewer than
   * {@code minColumns} fields. Returns the header line, null for an empty file.
   */
  static String forEachRow(Path csv, int minColumns, Row row) throws IOException {
    try (BufferedReader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      String header = r.readLine();
      String line;
      int lineNo = 1;
      while ((line = r.readLine()) != null) {
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        String[] f = line.split(",");
        if (f.length < minColumns) {
          throw new IOException(
              csv
                  + " line "
                  + lineNo
                  + ": "
                  + f.length
                  + " columns, expected at least "
                  + minColumns);
        }
        row.accept(f, lineNo);
      }
      return header;
    }
  }

  private static Double micros(String field, double scale) {
    double v = Double.parseDouble(field);
    return v < 0 ? null : Math.rint(v * scale);
  }

  /** Per-type and overall percentile curves and distributions from upstream's raw.csv. */
  static final class RawCurves {
    private RawCurves() {}

    static void read(Path raw, Map<String, Object> run) throws IOException {
      Map<String, Curves.Tally> byType = new LinkedHashMap<>();
      Curves.Tally all = new Curves.Tally();
      forEachRow(
          raw,
          4,
          (f, lineNo) -> {
            long micros;
            try {
              micros = Math.max(0, Long.parseLong(f[3].trim()));
            } catch (NumberFormatException e) {
              throw new IOException(raw + " line " + lineNo + ": latency is not an integer", e);
            }
            all.add(micros);
            byType.computeIfAbsent(f[1].trim(), k -> new Curves.Tally()).add(micros);
          });
      Map<String, Object> curves = new LinkedHashMap<>();
      curves.put("All", all.curve());
      Map<String, Object> dists = new LinkedHashMap<>();
      byType.forEach(
          (name, h) -> {
            curves.put(name, h.curve());
            dists.put(name, Curves.distribution(h));
          });
      run.put("curves", curves);
      run.put("rawTypes", dists);
    }
  }
}
