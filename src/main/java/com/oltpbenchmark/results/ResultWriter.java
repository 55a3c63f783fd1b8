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

  static final String SUMMARY_SUFFIX = ".summary.json";
  static final String AUDIT_SUFFIX = ".audit.json";
  static final String METRICS_SUFFIX = ".metrics.json";

  private ResultWriter() {}

  /**
   * Writes every result file of the run into {@code dir} (see {@link #writeEach}), and the status
   * histogram JSON to {@code jsonHistograms} when non-null.
   *
   * @throws IOException the first file that could not be written, once all the others were tried,
   *     or raw samples that were requested but could not be spooled
   */
  public static void writeAll(RunReport report, Path dir, String baseName, Path jsonHistograms)
      throws IOException {
    Written w = writeEach(report, dir, baseName, jsonHistograms);
    if (w.failure() != null) {
      throw w.failure();
    }
  }

  /**
   * Writes summary.json, params.json, metrics.json (if any), config.xml, audit.json (if audited),
   * results.csv, samples.csv, database.csv (if sampled), results.&lt;Txn&gt;.csv, histograms.json
   * (the exact latency histograms, see {@link HistogramFile}), the {@code -jh} file and raw.csv (if
   * kept), in this order: small files first, so that a disk that fills keeps the summary and loses
   * the bulk. A file that cannot be written is removed (a truncated file would read as a complete
   * one, and its space lets the next file fit) and the others are still tried.
   *
   * <p>Finishes the collector first (later samples are ignored). The raw sample spool is kept until
   * {@link MeasurementCollector#close()}.
   */
  public static Written writeEach(
      RunReport report, Path dir, String baseName, Path jsonHistograms) {
    Objects.requireNonNull(report, "report");
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(baseName, "baseName");
    MeasurementCollector c =
        report.measurements() != null ? report.measurements() : emptyCollector();
    c.finish();
    CredentialScrubber scrubber = report.scrubber();
    Map<Integer, String> names = new HashMap<>();
    for (TransactionType t : SummaryJson.types(report)) {
      names.put(t.getId(), t.getName());
    }
    DatabaseFacts facts = DatabaseFacts.collect(report);
    Map<String, Object> summary =
        SummaryJson.build(report, c, facts.version, ProcessClock.epochMillis());
    Written.Builder out = new Written.Builder(dir, baseName);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      out.lost(dir.toString(), e);
      return out.build(summary);
    }
    String base = baseName;
    out.attempt(
        base + SUMMARY_SUFFIX,
        f -> writeString(f, scrubber.scrub(JsonText.pretty(summary)) + "\n"));
    out.attempt(
        base + ".params.json",
        f -> writeString(f, scrubber.scrub(JsonText.pretty(facts.parameters))));
    if (facts.metrics != null) {
      out.attempt(
          base + METRICS_SUFFIX,
          f -> writeString(f, scrubber.scrub(JsonText.pretty(facts.metrics))));
    }
    if (report.configXml() != null) {
      // rendered without connection elements and masked when the report was built
      out.attempt(base + ".config.xml", f -> writeString(f, report.configXml()));
    } else {
      LOG.warn(
          "the run report has no workload configuration; {}.config.xml is not written", baseName);
    }
    if (report.auditJson() != null) {
      out.attempt(base + AUDIT_SUFFIX, f -> writeString(f, scrubber.scrub(report.auditJson())));
    }
    out.attempt(base + ".results.csv", f -> writeText(f, w -> WindowCsv.writeResults(c, -1, w)));
    out.attempt(base + ".samples.csv", f -> writeText(f, w -> WindowCsv.writeSamples(c, w)));
    if (report.databaseFigures() != null && report.databaseFigures().csv() != null) {
      out.attempt(
          base + DatabaseFigures.CSV_SUFFIX, f -> writeString(f, report.databaseFigures().csv()));
    }
    for (TransactionType t : report.transactionTypes()) {
      if (t.getId() == TransactionType.INVALID_ID) {
        continue;
      }
      out.attempt(
          base + ".results." + t.getName() + ".csv",
          f -> writeText(f, w -> WindowCsv.writeResults(c, t.getId(), w)));
    }
    // Not scrubbed: it holds only names and numbers, and masking could corrupt a base64 histogram.
    out.attempt(
        base + HistogramFile.SUFFIX, f -> HistogramFile.write(f, HistogramFile.of(report, c)));
    if (jsonHistograms != null) {
      out.attemptAt(
          jsonHistograms,
          f -> {
            Path parent = f.toAbsolutePath().getParent();
            if (parent != null) {
              Files.createDirectories(parent);
            }
            writeString(f, JsonText.compact(StatusHistograms.toJson(report)));
          });
    }
    RuntimeException rawFailure = c.rawFailure();
    if (c.keepsRawSamples() && rawFailure == null) {
      out.attempt(base + ".raw.csv", f -> writeText(f, w -> RawCsv.write(c, names, w)));
    } else if (c.keepsRawSamples()) {
      out.lost(
          base + ".raw.csv",
          new IOException(
              "raw samples could not be spooled, so "
                  + baseName
                  + ".raw.csv was not written: "
                  + rawFailure.getMessage(),
              rawFailure));
    }
    return out.build(summary);
  }

  /**
   * Adds the audit to a result set already written: {@code <base>.audit.json}, and summary.json
   * again with its {@code Audit} key (replaced whole, so that a full disk leaves the first one).
   */
  public static Written addAudit(RunReport report, Path dir, String baseName) {
    Written.Builder out = new Written.Builder(dir, baseName);
    MeasurementCollector c =
        report.measurements() != null ? report.measurements() : emptyCollector();
    CredentialScrubber scrubber = report.scrubber();
    if (report.auditJson() != null) {
      out.attempt(baseName + AUDIT_SUFFIX, f -> writeString(f, scrubber.scrub(report.auditJson())));
    }
    DatabaseFacts facts = DatabaseFacts.collect(report);
    Map<String, Object> summary =
        SummaryJson.build(report, c, facts.version, System.currentTimeMillis());
    out.replace(baseName + SUMMARY_SUFFIX, scrubber.scrub(JsonText.pretty(summary)) + "\n");
    return out.build(summary);
  }

  /** Writes {@code <base>.metrics.json}, the DBMS's counters read after the run. */
  public static Written addMetrics(
      RunReport report, Path dir, String baseName, Map<String, Object> metrics) {
    Written.Builder out = new Written.Builder(dir, baseName);
    out.attempt(
        baseName + METRICS_SUFFIX,
        f -> writeString(f, report.scrubber().scrub(JsonText.pretty(metrics))));
    return out.build(null);
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

  /** Writes one result file. */
  interface FileBody {
    void write(Path file) throws IOException;
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
