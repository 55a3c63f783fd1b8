package com.oltpbenchmark.api.collectors;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;

/**
 * A DBMS whose parameters are the rows of one name/value query, whose version is one query's single
 * value and whose metrics, where it has any, one reader collects.
 */
abstract class QueryCollector implements DBParameterCollector {

  /** A query whose rows are name/value pairs; names lower-cased when asked. */
  record NameValueQuery(String sql, String nameColumn, String valueColumn, boolean lowerCaseNames) {
    SortedMap<String, String> read(Connection conn) throws SQLException {
      return Queries.keyValues(conn, sql, nameColumn, valueColumn, lowerCaseNames);
    }
  }

  /** Reads a DBMS's runtime counters as a JSON-ready tree. */
  @FunctionalInterface
  interface MetricsReader {
    Map<String, Object> read(Connection conn) throws SQLException;
  }

  private final NameValueQuery parameters;
  private final String versionSql;
  private final MetricsReader metrics;

  /**
   * @param metrics null when the DBMS has no metrics worth a metrics.json
   */
  QueryCollector(NameValueQuery parameters, String versionSql, MetricsReader metrics) {
    this.parameters = parameters;
    this.versionSql = versionSql;
    this.metrics = metrics;
  }

  @Override
  public final boolean hasParameters() {
    return true;
  }

  @Override
  public final boolean hasMetrics() {
    return metrics != null;
  }

  @Override
  public final SortedMap<String, String> collectParameters(Connection conn) throws SQLException {
    return parameters.read(conn);
  }

  @Override
  public final Map<String, Object> collectMetrics(Connection conn) throws SQLException {
    return metrics == null ? Collections.emptyMap() : metrics.read(conn);
  }

  @Override
  public final String collectVersion(Connection conn) throws SQLException {
    return Queries.single(conn, versionSql);
  }
}
