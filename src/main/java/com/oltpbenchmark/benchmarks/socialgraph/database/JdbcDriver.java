package com.oltpbenchmark.benchmarks.socialgraph.database;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The JDBC driver behind a connection, by {@code DatabaseMetaData.getDriverName()}: what a
 * connection costs to switch, batch or keep statements on depends on the driver, not on the server
 * (MySQL Connector/J and MariaDB Connector/J talk to the same servers and behave differently).
 */
public enum JdbcDriver {
  /** pgjdbc, also used for CockroachDB. */
  POSTGRESQL,
  MARIADB,
  MYSQL,
  OTHER;

  public static JdbcDriver of(Connection conn) throws SQLException {
    return byName(conn.getMetaData().getDriverName());
  }

  public static JdbcDriver byName(String driverName) {
    String name = driverName == null ? "" : driverName;
    if (name.startsWith("PostgreSQL")) {
      return POSTGRESQL;
    }
    if (name.startsWith("MariaDB")) {
      return MARIADB;
    }
    if (name.startsWith("MySQL")) {
      return MYSQL;
    }
    return OTHER;
  }
}
