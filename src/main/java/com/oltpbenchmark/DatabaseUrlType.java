package com.oltpbenchmark;

import com.oltpbenchmark.types.DatabaseType;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether {@code <url>} can reach the kind of server {@code <type>} names. The type picks the DDL,
 * the dialect and the engine checks, so a MyRocks type with a PostgreSQL URL would run MariaDB's
 * DDL on PostgreSQL and fail at its first statement, after the database was touched. Only URLs
 * whose subprotocol names a known server are judged: a wrapping driver ({@code jdbc:p6spy:...}) or
 * an unknown one is let through.
 */
final class DatabaseUrlType {

  /** The server kinds the known subprotocols reach. */
  private static final Map<String, String> SERVER_OF_SUBPROTOCOL =
      Map.of(
          "mariadb", "MariaDB or MySQL",
          "mysql", "MariaDB or MySQL",
          "postgresql", "PostgreSQL",
          "sqlite", "SQLite");

  /** The types whose server kind is certain, with the subprotocols that reach it. */
  private static final Map<DatabaseType, Set<String>> SUBPROTOCOLS_OF_TYPE =
      Map.of(
          DatabaseType.MARIADB, Set.of("mariadb", "mysql"),
          DatabaseType.MYSQL, Set.of("mariadb", "mysql"),
          DatabaseType.MYROCKS, Set.of("mariadb", "mysql"),
          DatabaseType.POSTGRES, Set.of("postgresql"),
          DatabaseType.COCKROACHDB, Set.of("postgresql"),
          DatabaseType.SQLITE, Set.of("sqlite"));

  private DatabaseUrlType() {}

  /** Why {@code url} cannot be a database of {@code type}, or null when it can or is not known. */
  static String mismatch(DatabaseType type, String url) {
    Set<String> fitting = SUBPROTOCOLS_OF_TYPE.get(type);
    String sub = subprotocol(url);
    if (fitting == null || sub == null || fitting.contains(sub)) {
      return null;
    }
    String server = SERVER_OF_SUBPROTOCOL.get(sub);
    if (server == null) {
      return null;
    }
    return type
        + " does not fit <url>, a jdbc:"
        + sub
        + ": URL, which reaches "
        + server
        + "; <type>"
        + type
        + "</type> needs a URL starting jdbc:"
        + String.join(": or jdbc:", fitting.stream().sorted().toList())
        + ":";
  }

  /** The word after {@code jdbc:}, lower case, or null when the URL has none. */
  static String subprotocol(String url) {
    if (url == null || !url.regionMatches(true, 0, "jdbc:", 0, 5)) {
      return null;
    }
    int end = url.indexOf(':', 5);
    return end < 0 ? null : url.substring(5, end).toLowerCase(Locale.ROOT);
  }
}
