package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.database.JdbcDriver;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The calling thread's prepared statements, kept open across requests on the same connection.
 *
 * <p>Every request prepares one or a few statements. Preparing anew each time costs the driver a
 * statement object, its parameter list and a lookup of the statement in the driver's own cache, per
 * request and for the same handful of SQL strings: about a twentieth of the driver's CPU per
 * request on PostgreSQL. A worker thread runs one request at a time on one connection, so a
 * per-thread table needs no lock. Only for the network drivers (PostgreSQL, MariaDB, MySQL): an
 * open SQLite statement can hold its database snapshot, and SQLite has no round trips to save.
 *
 * <p>A statement handed out here must not be closed by the caller (only its result set); it stays
 * valid until its connection is closed. Statements of connections this thread no longer uses are
 * dropped once their connection is closed or more than {@link #MAX_CONNECTIONS} are open.
 */
final class OpenStatements {
  static final int MAX_CONNECTIONS = 4;

  private static final ThreadLocal<OpenStatements> MINE =
      ThreadLocal.withInitial(OpenStatements::new);

  private final Deque<Kept> connections = new ArrayDeque<>();

  private OpenStatements() {}

  /**
   * The calling thread's kept statements on {@code conn}. {@link StatementBinder#open} prepares a
   * statement itself when none is kept, so that this class is not on the stack at the JDBC call.
   */
  static Kept on(Connection conn) throws SQLException {
    return MINE.get().entry(conn);
  }

  private Kept entry(Connection conn) throws SQLException {
    Kept first = connections.peekFirst();
    if (first != null && first.conn == conn) {
      return first;
    }
    for (Iterator<Kept> it = connections.iterator(); it.hasNext(); ) {
      Kept c = it.next();
      if (c.conn == conn) {
        it.remove();
        connections.addFirst(c);
        return c;
      }
      if (c.conn.isClosed()) {
        it.remove();
      }
    }
    Kept c = new Kept(conn, keepsStatements(conn));
    connections.addFirst(c);
    if (connections.size() > MAX_CONNECTIONS) {
      connections.removeLast().closeAll();
    }
    return c;
  }

  private static boolean keepsStatements(Connection conn) throws SQLException {
    return JdbcDriver.of(conn) != JdbcDriver.OTHER;
  }

  /** One connection's kept statements, by SQL text. */
  static final class Kept {
    private final Connection conn;
    private final boolean keep;
    // the kept statement's handle is kept too: a request takes it without allocating
    private final Map<String, StatementBinder.Open> bySql = new HashMap<>();

    private Kept(Connection conn, boolean keep) {
      this.conn = conn;
      this.keep = keep;
    }

    /** Whether this connection's driver keeps statements open across requests. */
    boolean keeps() {
      return keep;
    }

    /** The open kept statement for {@code sql}, or null: none kept (yet), or it was closed. */
    StatementBinder.Open find(String sql) throws SQLException {
      if (!keep) {
        return null;
      }
      StatementBinder.Open open = bySql.get(sql);
      return open == null || open.statement().isClosed() ? null : open;
    }

    /** Keeps {@code open} for {@code sql}, where this connection's statements are kept. */
    void keep(String sql, StatementBinder.Open open) {
      if (keep) {
        bySql.put(sql, open);
      }
    }

    void closeAll() {
      for (StatementBinder.Open open : bySql.values()) {
        try {
          open.statement().close();
        } catch (SQLException e) {
          // the connection is gone or going; nothing is left to release
        }
      }
      bySql.clear();
    }
  }
}
