package com.oltpbenchmark.report;

import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.results.LatencyStats;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.results.PercentileCurve;
import com.oltpbenchmark.results.RunReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the runtime adds once the result files are written: {@code <base>.report.html} and the
 * console summary table. Reads the summary.json just written (so an audit verdict already added to
 * it, or an {@code <base>.audit.json} beside it, appears) and takes from memory what the files do
 * not hold: the 99.9th percentile over time and the percentile curves.
 */
public final class RunReportFiles {
  private static final Logger LOG = LoggerFactory.getLogger(RunReportFiles.class);

  public static final String REPORT_SUFFIX = ".report.html";

  private RunReportFiles() {}

  /**
   * Writes the report and logs the summary table, from the summary.json just written. A failure is
   * logged, not thrown: the result files are already complete and the run's outcome does not depend
   * on the report.
   *
   * @return the report file, or null when it could not be written
   */
  public static Path afterResults(RunReport report, Path dir, String baseName) {
    Path html = dir.resolve(baseName + REPORT_SUFFIX);
    try {
      Map<String, Object> run =
          ResultSetReader.read(dir.resolve(baseName + ResultSetReader.SUMMARY_SUFFIX), false);
      complete(run, report);
      Files.writeString(html, ReportPage.render(baseName, List.of(run)), StandardCharsets.UTF_8);
      LOG.info("\n{}", ConsoleTable.render(run, html.toAbsolutePath()));
      return html;
    } catch (IOException | RuntimeException e) {
      LOG.error("{} was not written: {}", html, e.toString(), e);
      return null;
    }
  }

  /**
   * The page's and the console table's model of a run, from its summary in memory and the files
   * beside it that exist (a full disk may have kept some, summary.json too, from being written).
   */
  public static Map<String, Object> runModel(
      RunReport report, Map<String, Object> summary, Path dir, String baseName) throws IOException {
    Map<String, Object> run =
        ResultSetReader.read(
            dir.resolve(baseName + ResultSetReader.SUMMARY_SUFFIX), summary, false);
    complete(run, report);
    return run;
  }

  /**
   * Writes {@code <base>.report.html} from a run's model.
   *
   * @throws IOException when it cannot be written (it is removed then: a cut page reads as whole)
   */
  public static Path writeReport(Map<String, Object> run, Path dir, String baseName)
      throws IOException {
    Path html = dir.resolve(baseName + REPORT_SUFFIX);
    try {
      Files.writeString(html, ReportPage.render(baseName, List.of(run)), StandardCharsets.UTF_8);
    } catch (IOException e) {
      Files.deleteIfExists(html);
      throw e;
    }
    return html;
  }

  /** The short table a run ends with, from its model. */
  public static String consoleTable(Map<String, Object> run, Path html) {
    return ConsoleTable.render(run, html == null ? null : html.toAbsolutePath());
  }

  /** What the files do not hold: measurements from memory, fidelity, the collectors' sections. */
  private static void complete(Map<String, Object> run, RunReport report) {
    addMeasurements(run, report);
    run.put("fidelity", report.fidelity());
    List<String> footer = new ArrayList<>();
    List<Map<String, Object>> sections = new ArrayList<>();
    for (RunReport.Section s : report.sections()) {
      footer.addAll(s.consoleLines());
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("key", s.key());
      m.put("lines", s.consoleLines());
      sections.add(m);
    }
    run.put(ConsoleTable.FOOTER, footer);
    run.put("sections", sections);
  }

  static void addMeasurements(Map<String, Object> run, RunReport report) {
    MeasurementCollector c = report.measurements();
    if (c == null) {
      return;
    }
    run.put("series", secondSeries(c));
    run.put(
        "warmup",
        report.workloads().isEmpty() || report.workloads().get(0).phases().isEmpty()
            ? 0
            : report.workloads().get(0).phases().get(0).warmupTime());
    Map<String, Object> curves = new LinkedHashMap<>();
    curves.put("All", Curves.of(c.overallCurve()));
    Map<Integer, PercentileCurve> byType = c.curvesByType();
    for (TransactionType t : report.transactionTypes()) {
      PercentileCurve curve = byType.get(t.getId());
      if (curve != null) {
        curves.put(t.getName(), Curves.of(curve));
      }
    }
    run.put("curves", curves);
    if (!c.intendedStartStats().isEmpty()) {
      Map<String, Object> rate = new LinkedHashMap<>();
      rate.put("From intended start", Curves.of(c.intendedStartCurve()));
      rate.put("Service time", Curves.of(c.rateLimitedServiceCurve()));
      run.put("rateCurves", rate);
    }
  }

  /** Per 1-second window: throughput and p50/p95/p99/p99.9 in microseconds (null when empty). */
  static Map<String, Object> secondSeries(MeasurementCollector c) {
    int n = c.secondWindowCount();
    LatencySeries series = new LatencySeries(true);
    for (int i = 0; i < n; i++) {
      LatencyStats s = c.secondWindow(i);
      if (s.isEmpty()) {
        series.add(i, s.count, null, null, null, null);
      } else {
        series.add(i, s.count, s.median(), s.p95(), s.p99(), s.p999());
      }
    }
    return series.toMap();
  }
}
