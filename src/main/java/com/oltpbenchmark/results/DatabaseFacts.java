package com.oltpbenchmark.results;

import com.oltpbenchmark.api.collectors.DBParameterCollector;
import com.oltpbenchmark.api.collectors.DBParameterCollectorGen;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the result files report about the DBMS: version, parameters, metrics. Like upstream, a
 * failure to collect them is logged (with the URL's credentials masked) and the files are still
 * written, with an empty parameter object and no version. A run reads the version and the
 * parameters before its first phase ({@link #beforeRun}: they do not change during a run, and the
 * database may not answer after it) and the metrics after the result files ({@link #metrics}).
 */
public final class DatabaseFacts {
  private static final Logger LOG = LoggerFactory.getLogger(DatabaseFacts.class);

  final String version;
  final SortedMap<String, String> parameters;

  /** Null when the collector has no metrics (no metrics.json then). */
  final Map<String, Object> metrics;

  private DatabaseFacts(
      String version, SortedMap<String, String> parameters, Map<String, Object> metrics) {
    this.version = version;
    this.parameters = parameters;
    this.metrics = metrics;
  }

  /** The DBMS version (null when unknown) and its parameters, sorted by name. */
  public record Recorded(String version, Map<String, String> parameters) {}

  /**
   * The version and the parameters as {@link #collect} would read them, for {@link
   * RunReport.Builder#recordedDatabase} (a run's report then never asks the database for them).
   */
  public static Recorded beforeRun(
      String dbmsType, RunReport.DatabaseConnector database, String label) {
    RunReport probe = RunReport.builder().dbmsType(dbmsType).database(database, label).build();
    DatabaseFacts f = read(probe, false);
    return new Recorded(f.version, f.parameters);
  }

  /**
   * The DBMS's counters after the run ({@code <base>.metrics.json}), or null when its collector has
   * none or they could not be read (said in one line).
   */
  public static Map<String, Object> metrics(
      String dbmsType, RunReport.DatabaseConnector database, String label) {
    DBParameterCollector collector = DBParameterCollectorGen.getCollector(dbmsType);
    if (!collector.hasMetrics()) {
      return null;
    }
    RunReport probe = RunReport.builder().dbmsType(dbmsType).database(database, label).build();
    return read(probe, true).metrics;
  }

  static DatabaseFacts collect(RunReport report) {
    if (report.recordedParameters() != null) {
      return new DatabaseFacts(
          report.recordedDbmsVersion(), new TreeMap<>(report.recordedParameters()), null);
    }
    return read(report, true);
  }

  private static DatabaseFacts read(RunReport report, boolean withMetrics) {
    DBParameterCollector collector = DBParameterCollectorGen.getCollector(report.dbmsType());
    if (!collector.hasParameters() && !collector.hasMetrics()) {
      return new DatabaseFacts(metadataVersion(report), new TreeMap<>(), null);
    }
    if (report.database() == null) {
      LOG.warn("no database in the run report: params.json is empty and the DBMS version unknown");
      return new DatabaseFacts(null, new TreeMap<>(), null);
    }
    String safeUrl = report.databaseLabel() == null ? "the database" : report.databaseLabel();
    String version = null;
    SortedMap<String, String> params = new TreeMap<>();
    Map<String, Object> metrics = null;
    try (Connection conn = report.database().connect()) {
      conn.setAutoCommit(true);
      try {
        version = collector.collectVersion(conn);
        if (version == null || version.isBlank()) {
          version = conn.getMetaData().getDatabaseProductVersion();
        }
      } catch (SQLException e) {
        LOG.warn("cannot read the DBMS version from {}: {}", safeUrl, e.getMessage());
      }
      if (collector.hasParameters()) {
        try {
          params = collector.collectParameters(conn);
        } catch (SQLException e) {
          LOG.warn("cannot read DBMS parameters from {}: {}", safeUrl, e.getMessage());
        }
      }
      if (withMetrics && collector.hasMetrics()) {
        try {
          metrics = collector.collectMetrics(conn);
        } catch (SQLException e) {
          LOG.warn("cannot read DBMS metrics from {}: {}", safeUrl, e.getMessage());
        }
      }
    } catch (SQLException e) {
      LOG.warn(
          "cannot connect to {} to collect DBMS parameters for the result files: {}",
          safeUrl,
          e.getMessage());
    }
    if (metrics != null && metrics.isEmpty()) {
      metrics = null;
    }
    return new DatabaseFacts(version, params, metrics);
  }

  /**
   * The version the JDBC driver reports (DatabaseMetaData), for databases without a parameter
   * collector (SQLite, the embedded default, showed "-" before); null when it cannot be read.
   */
  private static String metadataVersion(RunReport report) {
    if (report.database() == null) {
      return null;
    }
    try (Connection conn = report.database().connect()) {
      return conn.getMetaData().getDatabaseProductVersion();
    } catch (SQLException e) {
      LOG.warn("cannot read the DBMS version: {}", e.getMessage());
      return null;
    }
  }
}
