package com.oltpbenchmark.api.collectors;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.SortedMap;

/**
 * Reads a DBMS's configuration parameters (params.json), its version (summary.json) and, where the
 * DBMS exposes them, its runtime counters (metrics.json) over a JDBC connection.
 */
public interface DBParameterCollector {

  /** False for DBMSs without a parameter query: params.json is then {@code {}}. */
  boolean hasParameters();

  /** True if {@link #collectMetrics} returns something worth a metrics.json file. */
  boolean hasMetrics();

  /** Parameter name to value, sorted by name. */
  SortedMap<String, String> collectParameters(Connection conn) throws SQLException;

  /** A JSON-ready tree (maps, lists, strings); empty when the DBMS has no metrics. */
  Map<String, Object> collectMetrics(Connection conn) throws SQLException;

  /** The DBMS's version string, or null when unknown. */
  String collectVersion(Connection conn) throws SQLException;
}
