package com.oltpbenchmark.api.collectors;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/** MySQL and MariaDB: SHOW VARIABLES, SHOW STATUS, @@GLOBAL.version. */
public final class MySQLCollector extends QueryCollector {

  public MySQLCollector() {
    super("SHOW VARIABLES", "Variable_name", "Value", true, "SELECT @@GLOBAL.version");
  }

  @Override
  public boolean hasMetrics() {
    return true;
  }

  @Override
  public Map<String, Object> collectMetrics(Connection conn) throws SQLException {
    return new LinkedHashMap<>(
        Queries.keyValues(conn, "SHOW STATUS", "Variable_name", "Value", true));
  }
}
