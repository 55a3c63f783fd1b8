package com.oltpbenchmark.api.collectors;

import java.util.Locale;

/** Picks the parameter collector for a DatabaseType name, as upstream does. */
public final class DBParameterCollectorGen {
  private DBParameterCollectorGen() {}

  /**
   * @param dbType a DatabaseType name such as "POSTGRES" (case-insensitive; null allowed)
   */
  public static DBParameterCollector getCollector(String dbType) {
    String t = dbType == null ? "" : dbType.toUpperCase(Locale.ROOT);
    switch (t) {
      case "MYSQL":
      case "MARIADB":
      case "MYROCKS":
        return new MySQLCollector();
      case "POSTGRES":
        return new PostgresCollector();
      case "COCKROACHDB":
        return new CockroachCollector();
      default:
        return new NoParameterCollector();
    }
  }
}
