package com.oltpbenchmark.api.collectors;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;

/** MySQL and MariaDB: SHOW VARIABLES, SHOW STATUS, @@GLOBAL.version. */
public final class MySQLCollector implements DBParameterCollector {

  @Override
  public boolean hasParameters() {
    return true;
  }

  @Override
  public boolean hasMetrics() {
    return true;
  }

  @Override
  public SortedMap<String, String> collectParameters(Connection conn) throws SQLException {
    return Queries.keyValues(conn, "SHOW VARIABLES", "Variable_name", "Value", true);
  }

  @Override
  public Map<String, Object> collectMetrics(Connection conn) throws SQLException {
    return new LinkedHashMap<>(
        Queries.keyValues(conn, "SHOW STATUS", "Variable_name", "Value", true));
  }

  @Override
  public String collectVersion(Connection conn) throws SQLException {
    return Queries.single(conn, "SELECT @@GLOBAL.version");
  }
}
