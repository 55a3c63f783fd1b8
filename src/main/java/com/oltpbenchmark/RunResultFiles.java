package com.oltpbenchmark;

import com.oltpbenchmark.report.RunReportFiles;
import com.oltpbenchmark.results.DatabaseFacts;
import com.oltpbenchmark.results.ResultWriter;
import com.oltpbenchmark.results.RunReport;
import com.oltpbenchmark.results.Written;
import com.oltpbenchmark.util.OneLine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The result files of one run and the console's account of them, in the order that keeps the
 * results whatever happens after the run: first everything held in memory (small files first,
 * raw.csv last) and the result table; then what needs the database again (metrics.json, the audit),
 * each added to the files already there. What a full disk kept from being written is said in one
 * line at the end ({@link #lostLine}).
 */
final class RunResultFiles {
  private static final Logger LOG = LoggerFactory.getLogger(RunResultFiles.class);

  /** The console table's audit line while the audit is still to come. */
  static final String AUDIT_FOLLOWS = "after the result files (its verdict is the last line)";

  private final Path dir;
  private final String baseName;
  private final Path jsonHistograms;
  private RunReport report;
  private Written written;

  RunResultFiles(Path dir, String baseName, Path jsonHistograms) {
    this.dir = dir;
    this.baseName = baseName;
    this.jsonHistograms = jsonHistograms;
  }

  /**
   * Logs the run's results, writes its files and report, and shows the result table.
   *
   * @param auditFollows whether the audit comes after (the table says so instead of a verdict)
   */
  void write(RunReport r, boolean auditFollows) {
    this.report = r;
    logResults(r);
    written = ResultWriter.writeEach(r, dir, baseName, jsonHistograms);
    LOG.info("Output results into {} with base name {}", dir.toAbsolutePath(), baseName);
    Map<String, Object> run = model();
    Path html = writeReport(run);
    if (auditFollows) {
      run = new LinkedHashMap<>(run);
      run.put("audit", AUDIT_FOLLOWS);
    }
    LOG.info("\n{}", RunReportFiles.consoleTable(run, html));
  }

  /**
   * metrics.json: the database's counters after the run, read while it answers ({@link
   * AfterRunDatabase#watched}); one line when it could not be read.
   */
  void addMetrics(AfterRunDatabase database, String dbmsType, RunReport.DatabaseConnector db) {
    String label = report.databaseLabel();
    Map<String, Object> metrics;
    try {
      metrics = database.watched(() -> DatabaseFacts.metrics(dbmsType, db, label));
    } catch (AfterRunDatabase.Unanswered e) {
      LOG.warn("{}.metrics.json not written: {}", baseName, e.getMessage());
      return;
    } catch (Exception e) {
      LOG.warn("{}.metrics.json not written: {}", baseName, OneLine.describe(e));
      return;
    }
    if (metrics != null && !metrics.isEmpty()) {
      written = written.and(ResultWriter.addMetrics(report, dir, baseName, metrics));
    }
  }

  /** The audit's verdict added: audit.json, summary.json's {@code Audit} key, the report again. */
  void addAudit(RunReport audited) {
    this.report = audited;
    written = written.and(ResultWriter.addAudit(audited, dir, baseName));
    writeReport(model());
  }

  /** The one line that says what a full disk kept from being written, or null. */
  String lostLine() {
    return written == null ? null : written.lostLine();
  }

  /** The report's and the table's model: from memory, with the files that were written. */
  private Map<String, Object> model() {
    try {
      return RunReportFiles.runModel(report, written.summary(), dir, baseName);
    } catch (IOException | RuntimeException e) {
      LOG.debug("reading the result set back: {}", e.toString());
      Map<String, Object> run = new LinkedHashMap<>();
      run.put("name", baseName);
      run.put("summary", written.summary());
      return run;
    }
  }

  private Path writeReport(Map<String, Object> run) {
    try {
      Path html = RunReportFiles.writeReport(run, dir, baseName);
      written = written.and(written(RunReportFiles.REPORT_SUFFIX.substring(1)));
      return html;
    } catch (IOException | RuntimeException e) {
      LOG.debug("report.html: {}", e.toString());
      written =
          written.and(
              new Written(
                  dir,
                  baseName,
                  null,
                  List.of(),
                  List.of(RunReportFiles.REPORT_SUFFIX.substring(1)),
                  e instanceof IOException io ? io : new IOException(e.getMessage(), e)));
      return null;
    }
  }

  private Written written(String name) {
    return new Written(dir, baseName, null, List.of(name), List.of(), null);
  }

  /** Upstream's result block and the resource lines, before the files. */
  private static void logResults(RunReport r) {
    long unserved = 0;
    for (long v : r.unservedRequests().values()) {
      unserved += v;
    }
    if (unserved > 0) {
      LOG.warn(
          "{} rate-limited requests were due but not served, per phase: {}",
          unserved,
          r.unservedRequests());
    }
    LOG.info("{}", ResultWriter.consoleSummary(r).trim());
    String resources = ResultWriter.resourceLine(r);
    if (resources != null) {
      LOG.info("{}", resources);
    }
    if (r.driverWarning() != null) {
      LOG.warn("{}", r.driverWarning());
    }
  }
}
