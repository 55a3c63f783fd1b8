package com.oltpbenchmark.api.collectors;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;

/** CockroachDB: SHOW ALL (variable, value) and version(); no metrics. */
public final class CockroachCollector implements DBParameterCollector {

  @Override
  public boolean hasParameters() {
    return true;
  }

  @Override
  public boolean hasMetrics() {
    return false;
  }

  @Override
  public SortedMap<String, String> collectParameters(Connection conn) throws SQLException {
    return Queries.keyValues(conn, "SHOW ALL", "variable", "value", false);
  }

  @Override
  public Map<String, Object> collectMetrics(Connection conn) {
    return Collections.emptyMap();
  }

  @Override
  public String collectVersion(Connection conn) throws SQLException {
    return Queries.single(conn, "SELECT version()");
  }
}
