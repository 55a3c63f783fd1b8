package com.oltpbenchmark;

import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;

/**
 * Isolation levels a database type is known to refuse, so that such a configuration is refused
 * before anything touches the database instead of every request failing during the run.
 */
final class IsolationSupport {

  /**
   * MyRocks' own words: the RocksDB engine answers every statement on its tables at another level
   * with "MyRocks supports only READ COMMITTED and REPEATABLE READ isolation levels. Please change
   * from current isolation level ..." (error 4057, SQLState HY000).
   */
  static final String MYROCKS_LIMIT =
      "MyRocks supports only READ COMMITTED and REPEATABLE READ isolation levels";

  private IsolationSupport() {}

  /**
   * Why {@code type} refuses {@code isolation} (a {@code Connection.TRANSACTION_*} constant named
   * {@code name}), or null when it accepts it or nothing is known about it.
   *
   * @param configured false when the level is the default of a config without {@code <isolation>}
   */
  static String refusal(DatabaseType type, int isolation, String name, boolean configured) {
    if (type != DatabaseType.MYROCKS
        || isolation == Connection.TRANSACTION_READ_COMMITTED
        || isolation == Connection.TRANSACTION_REPEATABLE_READ) {
      return null;
    }
    return name
        + (configured ? "" : " (the default when <isolation> is absent)")
        + " is refused for <type>MYROCKS</type>: \""
        + MYROCKS_LIMIT
        + "\" (the server's answer to every statement on a RocksDB table); use"
        + " TRANSACTION_READ_COMMITTED or TRANSACTION_REPEATABLE_READ";
  }
}
