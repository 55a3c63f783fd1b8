package com.oltpbenchmark.testutil;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The private MariaDB server with the RocksDB engine of {@code scripts/myrocks-server.sh} (port
 * 3310, or SG_MYROCKS_PORT). Like {@link TestDatabase}: with CI=true a server that is down, or up
 * without the ROCKSDB engine, fails the test; elsewhere the test is skipped with the command that
 * starts it.
 */
public final class MyRocksServer {
  public static final String SCRIPT = "scripts/myrocks-server.sh";

  private MyRocksServer() {}

  /** The server's base URL (no database). */
  public static String baseUrl() {
    String port = System.getenv("SG_MYROCKS_PORT");
    return "jdbc:mariadb://127.0.0.1:" + (port == null || port.isBlank() ? "3310" : port) + "/";
  }

  /** Drops and recreates database {@code name} (already prefixed) on the MyRocks server. */
  static TestDatabase database(String name) {
    String base = baseUrl();
    try (Connection c = DriverManager.getConnection(base, "root", "");
        Statement s = c.createStatement()) {
      String support = null;
      try (ResultSet rs =
          s.executeQuery(
              "SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE = 'ROCKSDB'")) {
        if (rs.next()) {
          support = rs.getString(1);
        }
      }
      if (!"YES".equals(support) && !"DEFAULT".equals(support)) {
        unavailable(base, "the server there has no ROCKSDB engine (SUPPORT " + support + ")");
      }
      TestDatabase.recreate(s, name);
    } catch (SQLException e) {
      unavailable(base, e.getMessage());
    }
    return TestDatabase.of(
        "MYROCKS",
        "org.mariadb.jdbc.Driver",
        base
            + name
            + "?rewriteBatchedStatements=true&useServerPrepStmts=true&allowMultiQueries=true",
        "root",
        "");
  }

  private static void unavailable(String url, String why) {
    TestDatabase.notUpAt("the MyRocks server", url, why, SCRIPT);
  }
}
