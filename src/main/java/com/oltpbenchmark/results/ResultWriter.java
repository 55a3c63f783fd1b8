package com.oltpbenchmark.results;

import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.collectors.database.DatabaseFigures;
import com.oltpbenchmark.types.TransactionStatus;
import com.oltpbenchmark.util.CredentialScrubber;
import com.oltpbenchmark.util.ProcessClock;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes every result file of a run, with upstream's names, keys, headers, units and number formats
 * (always with a '.' decimal point), plus the documented additions. No file receives the password:
 * the JDBC URL and password are never written, the configuration loses its connection elements, and
 * every JSON/XML text passes through a {@link CredentialScrubber}.
 */
public final class ResultWriter {
  private static final Logger LOG = LoggerFactory.getLogger(ResultWriter.class);

  private ResultWriter() {}

  /**
   * Writes {@code <base>.raw.csv} (if kept), samples.csv, summary.json, params.json, metrics.json
   * (if any), config.xml, results.csv, results.&lt;Txn&gt;.csv, audit.json (if audited) and
   * histograms.json (the exact latency histograms, see {@link HistogramFile}) into {@code dir}, and
   * the status histogram JSON to {@code jsonHistograms} when non-null.
   *
   * <p>Finishes the collector first (later samples are ignored). The raw sample spool is kept until
   * {@link MeasurementCollector#close()}.
   *
   * @throws IOException when a file cannot be written, or raw samples were requested but could not
   *     be spooled (the other files are written first)
   */
  public static void writeAll(RunReport report, Path dir, String baseName, Path jsonHistograms)
      throws IOException {
    Objects.requireNonNull(report, "report");
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(baseName, "baseName");
    MeasurementCollector c =
        report.measurements() != null ? report.measurements() : emptyCollector();
    c.finish();
    Files.createDirectories(dir);
    CredentialScrubber scrubber = report.scrubber();
    Map<Integer, String> names = new HashMap<>();
    for (TransactionType t : SummaryJson.types(report)) {
      names.put(t.getId(), t.getName());
    }

    RuntimeException rawFailure = c.rawFailure();
    if (c.keepsRawSamples() && rawFailure == null) {
      writeText(dir.resolve(baseName + ".raw.csv"), w -> RawCsv.write(c, names, w));
    }
    writeText(dir.resolve(baseName + ".samples.csv"), w -> WindowCsv.writeSamples(c, w));

    DatabaseFacts facts = DatabaseFacts.collect(report);
    Map<String, Object> summary =
        SummaryJson.build(report, c, facts.version, ProcessClock.epochMillis());
    writeString(
        dir.resolve(baseName + ".summary.json"), scrubber.scrub(JsonText.pretty(summary)) + "\n");
    writeString(
        dir.resolve(baseName + ".params.json"), scrubber.scrub(JsonText.pretty(facts.parameters)));
    if (facts.metrics != null) {
      writeString(
          dir.resolve(baseName + ".metrics.json"), scrubber.scrub(JsonText.pretty(facts.metrics)));
    }
    if (report.configXml() != null) {
      // rendered without connection elements and masked when the report was built
      writeString(dir.resolve(baseName + ".config.xml"), report.configXml());
    } else {
      LOG.warn(
          "the run report has no workload configuration; {}.config.xml is not written", baseName);
    }
    writeText(dir.resolve(baseName + ".results.csv"), w -> WindowCsv.writeResults(c, -1, w));
    if (report.databaseFigures() != null) {
      writeString(
          dir.resolve(baseName + DatabaseFigures.CSV_SUFFIX), report.databaseFigures().csv());
    }
    if (report.auditJson() != null) {
      writeString(dir.resolve(baseName + ".audit.json"), scrubber.scrub(report.auditJson()));
    }
    for (TransactionType t : report.transactionTypes()) {
      if (t.getId() == TransactionType.INVALID_ID) {
        continue;
      }
      writeText(
          dir.resolve(baseName + ".results." + t.getName() + ".csv"),
          w -> WindowCsv.writeResults(c, t.getId(), w));
    }
    // Not scrubbed: it holds only names and numbers, and masking could corrupt a base64 histogram.
    HistogramFile.write(dir.resolve(baseName + HistogramFile.SUFFIX), HistogramFile.of(report, c));
    if (jsonHistograms != null) {
      Path parent = jsonHistograms.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      writeString(jsonHistograms, JsonText.compact(StatusHistograms.toJson(report)));
    }
    if (c.keepsRawSamples() && rawFailure != null) {
      throw new IOException(
          "raw samples could not be spooled, so "
              + baseName
              + ".raw.csv was not written: "
              + rawFailure.getMessage(),
          rawFailure);
    }
  }

  /**
   * Writes {@code <base>.audit.json} alone (an audit without a run), credentials masked.
   *
   * @return the file written
   */
  public static Path writeAudit(
      Path dir, String baseName, String auditJson, String password, String jdbcUrl)
      throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(baseName + ".audit.json");
    writeString(file, new CredentialScrubber(password, jdbcUrl).scrub(auditJson));
    return file;
  }

  private static MeasurementCollector emptyCollector() {
    LOG.warn("the run report has no measurements; result files describe an empty run");
    return new MeasurementCollector(5, false);
  }

  /**
   * The text upstream logs after a run: the throughput/goodput line and the "Workload Histograms"
   * block (one section per status, {@code <EMPTY>} when nothing happened).
   */
  public static String consoleSummary(RunReport report) {
    long measured = report.measurements() == null ? 0 : report.measurements().getMeasuredRequests();
    double seconds = report.elapsedNanos() / 1e9;
    long success = StatusHistograms.total(report, TransactionStatus.SUCCESS);
    StringBuilder sb = new StringBuilder();
    sb.append("Rate limited reqs/s: Results(state=")
        .append(report.finalState())
        .append(", nanoSeconds=")
        .append(report.elapsedNanos())
        .append(", measuredRequests=")
        .append(measured)
        .append(") = ")
        .append(seconds > 0 ? measured / seconds : 0.0)
        .append(" requests/sec (throughput), ")
        .append(seconds > 0 ? success / seconds : 0.0)
        .append(" requests/sec (goodput)\n");
    sb.append("Workload Histograms:\n");
    for (TransactionStatus s : StatusLabels.CONSOLE_ORDER) {
      sb.append(StatusLabels.consoleTitle(s)).append(":\n");
      sb.append(StatusHistograms.toConsole(StatusHistograms.histogram(report, s))).append("\n\n");
    }
    return sb.toString();
  }

  /**
   * The driver's and the server's spending in the measured window, one console line; null when the
   * run measured none.
   */
  public static String resourceLine(RunReport report) {
    long measured = report.measurements() == null ? 0 : report.measurements().getMeasuredRequests();
    return ResourceSummary.consoleLine(report, measured);
  }

  private interface Body {
    void write(Writer w) throws IOException;
  }

  private static void writeText(Path file, Body body) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      body.write(w);
    }
  }

  private static void writeString(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
