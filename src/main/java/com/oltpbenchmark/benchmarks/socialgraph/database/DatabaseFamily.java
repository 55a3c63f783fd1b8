package com.oltpbenchmark.benchmarks.socialgraph.database;

import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The SQL family of the target database: the one mapping from the configured {@code <type>} (and,
 * where no type is configured, from the server's product name) that the loader strategy, the SQL
 * dialect, the server routines and the load lock all use. MyRocks is MySQL with another storage
 * engine: same SQL, same statements.
 */
public enum DatabaseFamily {
  POSTGRES,
  COCKROACHDB,
  /** MySQL, MariaDB and MyRocks. */
  MYSQL,
  SQLITE,
  /** Anything else: portable SQL only. */
  OTHER;

  public static DatabaseFamily of(DatabaseType type) {
    if (type == null) {
      return OTHER;
    }
    return switch (type) {
      case POSTGRES -> POSTGRES;
      case COCKROACHDB -> COCKROACHDB;
      case MYSQL, MARIADB, MYROCKS -> MYSQL;
      case SQLITE -> SQLITE;
      default -> OTHER;
    };
  }

  /** The family of the server behind {@code conn}, by its product name. */
  public static DatabaseFamily detect(Connection conn) throws SQLException {
    String product = conn.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
    if (product.contains("cockroach")) {
      return COCKROACHDB;
    }
    if (product.contains("postgres")) {
      return POSTGRES;
    }
    if (product.contains("mysql") || product.contains("mariadb")) {
      return MYSQL;
    }
    if (product.contains("sqlite")) {
      return SQLITE;
    }
    return OTHER;
  }
}
