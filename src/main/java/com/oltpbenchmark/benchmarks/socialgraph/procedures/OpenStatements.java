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

  private final Deque<PerConnection> connections = new ArrayDeque<>();

  private OpenStatements() {}

  /**
   * {@code sql} prepared on {@code conn}: the kept statement where the driver allows it, else a new
   * one that closing the result closes.
   */
  static StatementBinder.Open of(Connection conn, String sql) throws SQLException {
    PerConnection c = MINE.get().entry(conn);
    if (!c.keep) {
      return new StatementBinder.Open(conn.prepareStatement(sql), false);
    }
    // the kept statement's handle is kept too: a request takes it without allocating
    StatementBinder.Open open = c.bySql.get(sql);
    if (open == null || open.statement().isClosed()) {
      open = new StatementBinder.Open(conn.prepareStatement(sql), true);
      c.bySql.put(sql, open);
    }
    return open;
  }

  private PerConnection entry(Connection conn) throws SQLException {
    PerConnection first = connections.peekFirst();
    if (first != null && first.conn == conn) {
      return first;
    }
    for (Iterator<PerConnection> it = connections.iterator(); it.hasNext(); ) {
      PerConnection c = it.next();
      if (c.conn == conn) {
        it.remove();
        connections.addFirst(c);
        return c;
      }
      if (c.conn.isClosed()) {
        it.remove();
      }
    }
    PerConnection c = new PerConnection(conn, keepsStatements(conn));
    connections.addFirst(c);
    if (connections.size() > MAX_CONNECTIONS) {
      connections.removeLast().closeAll();
    }
    return c;
  }

  private static boolean keepsStatements(Connection conn) throws SQLException {
    return JdbcDriver.of(conn) != JdbcDriver.OTHER;
  }

  private static final class PerConnection {
    final Connection conn;
    final boolean keep;
    final Map<String, StatementBinder.Open> bySql = new HashMap<>();

    PerConnection(Connection conn, boolean keep) {
      this.conn = conn;
      this.keep = keep;
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
