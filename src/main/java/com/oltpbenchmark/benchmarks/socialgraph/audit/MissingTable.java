package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.sql.SQLException;
import java.util.Locale;
import java.util.Set;

/**
 * Tells the server's "this table does not exist" apart from every other error on a table. The
 * preflight, the load guard and the audit give different advice for the two: a missing table is
 * created with {@code --create}, which drops whatever graph is there, so it must be said only when
 * the server says so, never for a refused privilege or session.
 */
final class MissingTable {

  /** PostgreSQL's undefined_table, MySQL/MariaDB's ER_NO_SUCH_TABLE (and the ODBC class). */
  private static final Set<String> STATES = Set.of("42P01", "42S02");

  /** Spider's XAER_DUPID: a new transaction got the xid of one left prepared. */
  static final String XA_DUPLICATE_XID = "XAE08";

  private MissingTable() {}

  /**
   * True when {@code e} is the server saying the table is not there: SQLState 42P01 or 42S02, or
   * SQLite's "no such table" (sqlite-jdbc gives no SQLState).
   */
  static boolean is(SQLException e) {
    if (e.getSQLState() != null && STATES.contains(e.getSQLState())) {
      return true;
    }
    String m = e.getMessage();
    return m != null && m.toLowerCase(Locale.ROOT).contains("no such table");
  }

  /**
   * The error for a table the server would not let us read, keeping its message, SQLState and error
   * code, with a hint where the state says what to do.
   */
  static SQLException cannotRead(String table, SQLException e) {
    String hint = "";
    if (XA_DUPLICATE_XID.equals(e.getSQLState())) {
      hint =
          " (a distributed transaction left prepared holds the xid this session was given, as after"
              + " a Spider head restart: list the in-doubt transactions with --audit=true and"
              + " resolve them, docs/engines.md \"Spider\")";
    }
    return new SQLException(
        "cannot read socialgraph table " + table + ": " + e.getMessage() + hint,
        e.getSQLState(),
        e.getErrorCode(),
        e);
  }
}
