package com.oltpbenchmark.api.collectors;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;

/**
 * A DBMS whose parameters are one query's name and value columns and whose version is one query's
 * single value. It reports no metrics unless a subclass adds them.
 */
abstract class QueryCollector implements DBParameterCollector {
  private final String parameterSql;
  private final String nameColumn;
  private final String valueColumn;
  private final boolean lowerCaseNames;
  private final String versionSql;

  QueryCollector(
      String parameterSql,
      String nameColumn,
      String valueColumn,
      boolean lowerCaseNames,
      String versionSql) {
    this.parameterSql = parameterSql;
    this.nameColumn = nameColumn;
    this.valueColumn = valueColumn;
    this.lowerCaseNames = lowerCaseNames;
    this.versionSql = versionSql;
  }

  @Override
  public final boolean hasParameters() {
    return true;
  }

  @Override
  public boolean hasMetrics() {
    return false;
  }

  @Override
  public final SortedMap<String, String> collectParameters(Connection conn) throws SQLException {
    return Queries.keyValues(conn, parameterSql, nameColumn, valueColumn, lowerCaseNames);
  }

  @Override
  public Map<String, Object> collectMetrics(Connection conn) throws SQLException {
    return Collections.emptyMap();
  }

  @Override
  public final String collectVersion(Connection conn) throws SQLException {
    return Queries.single(conn, versionSql);
  }
}
