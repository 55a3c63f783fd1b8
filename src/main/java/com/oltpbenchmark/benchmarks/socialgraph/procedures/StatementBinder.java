package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.SQLStmt;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;

/**
 * The one door through which the module's request path and server routines create statements
 * ({@link #open}, {@link #plain}, {@link #returningKeys}), so a statement-level concern has one
 * place; and the one way the module binds statement parameters. Only the types the schema has are
 * accepted (BIGINT, INT, binary payload) plus SQL NULL, each bound with its own typed setter so
 * that every driver sees the same JDBC types whichever procedure runs the statement.
 *
 * <p>Two ways to bind, with the same setters: {@link #open(Connection, SQLStmt, Object...)} takes
 * the parameters as objects, and the statements a request runs most bind through {@link Open}'s
 * typed setters instead ({@code open(conn, stmt).setLong(1, id)}), so that a request does not box
 * its numbers or build an array of them only to take them apart again.
 */
public final class StatementBinder {

  private StatementBinder() {}

  /** Binds {@code params} to markers 1..n of {@code ps}. */
  public static void bind(PreparedStatement ps, Object... params) throws SQLException {
    for (int i = 0; i < params.length; i++) {
      Object p = params[i];
      int marker = i + 1;
      if (p instanceof Long n) {
        ps.setLong(marker, n);
      } else if (p instanceof Integer n) {
        ps.setInt(marker, n);
      } else if (p instanceof byte[] b) {
        ps.setBytes(marker, b);
      } else if (p == null) {
        ps.setNull(marker, Types.NULL);
      } else {
        throw new IllegalArgumentException(
            "parameter "
                + marker
                + " is a "
                + p.getClass().getName()
                + "; statements take Long, Integer, byte[] or null");
      }
    }
  }

  /**
   * {@code stmt} with {@code params} bound, on the calling thread's statement kept open for {@code
   * conn} where the driver allows it ({@link OpenStatements}); closing the result closes the
   * statement only when it was not kept.
   */
  public static Open open(Connection conn, SQLStmt stmt, Object... params) throws SQLException {
    return bound(open(conn, stmt.getSQL()), params);
  }

  /** As {@link #open(Connection, SQLStmt, Object...)} for SQL the module builds itself. */
  public static Open open(Connection conn, String sql, Object... params) throws SQLException {
    return bound(open(conn, sql), params);
  }

  /**
   * {@code stmt} with nothing bound yet, kept as {@link #open(Connection, SQLStmt, Object...)}
   * keeps it: bind with {@link Open}'s setters inside the try that closes it.
   */
  public static Open open(Connection conn, SQLStmt stmt) throws SQLException {
    return open(conn, stmt.getSQL());
  }

  /**
   * As {@link #open(Connection, SQLStmt)} for SQL the module builds itself: the statement kept for
   * {@code sql} on {@code conn}, or a new one, kept where the driver allows it.
   */
  public static Open open(Connection conn, String sql) throws SQLException {
    OpenStatements.Kept kept = OpenStatements.on(conn);
    Open open = kept.find(sql);
    if (open == null) {
      open = new Open(conn.prepareStatement(sql), kept.keeps());
      kept.keep(sql, open);
    }
    return open;
  }

  private static Open bound(Open open, Object... params) throws SQLException {
    try {
      bind(open.ps, params);
      return open;
    } catch (SQLException | RuntimeException e) {
      open.close();
      throw e;
    }
  }

  /**
   * A plain statement for SQL without parameters that the module builds itself; close it. Its JDBC
   * escape processing is off: the module's SQL has no escapes ({@code {fn ...}}, {@code {d ...}}),
   * and its plain statements are mostly queries built anew for every request (a read or write
   * group), whose whole text the PostgreSQL driver would otherwise scan and copy looking for them
   * before parsing it. The text sent is the same either way.
   */
  public static Statement plain(Connection conn) throws SQLException {
    Statement st = conn.createStatement();
    try {
      st.setEscapeProcessing(false);
    } catch (SQLFeatureNotSupportedException e) {
      // a driver without escapes to process: nothing to turn off
    }
    return st;
  }

  /** {@code sql} prepared to return the generated values of {@code keyColumns}; close it. */
  public static PreparedStatement returningKeys(Connection conn, String sql, String[] keyColumns)
      throws SQLException {
    return conn.prepareStatement(sql, keyColumns);
  }

  /** {@code sql} prepared anew (not kept), for statements outside the request path; close it. */
  static PreparedStatement prepareOnce(Connection conn, String sql) throws SQLException {
    return conn.prepareStatement(sql);
  }

  /** A bound statement from {@link #open}; close it (it stays open when it is kept for reuse). */
  public static final class Open implements AutoCloseable {
    private final PreparedStatement ps;
    private final boolean kept;

    Open(PreparedStatement ps, boolean kept) {
      this.ps = ps;
      this.kept = kept;
    }

    public PreparedStatement statement() {
      return ps;
    }

    /** Binds a BIGINT, as {@link #bind} binds a {@code Long}. */
    public Open setLong(int marker, long value) throws SQLException {
      ps.setLong(marker, value);
      return this;
    }

    /** Binds an INT, as {@link #bind} binds an {@code Integer}. */
    public Open setInt(int marker, int value) throws SQLException {
      ps.setInt(marker, value);
      return this;
    }

    /** Binds a payload, or SQL NULL for null, as {@link #bind} binds a {@code byte[]} or null. */
    public Open setBytes(int marker, byte[] value) throws SQLException {
      if (value == null) {
        ps.setNull(marker, Types.NULL);
      } else {
        ps.setBytes(marker, value);
      }
      return this;
    }

    public ResultSet query() throws SQLException {
      return ps.executeQuery();
    }

    public int update() throws SQLException {
      return ps.executeUpdate();
    }

    @Override
    public void close() throws SQLException {
      if (!kept) {
        ps.close();
      }
    }
  }

  /** Runs an INSERT/UPDATE/DELETE and returns the affected row count. */
  public static int update(Connection conn, SQLStmt stmt, Object... params) throws SQLException {
    try (Open s = open(conn, stmt, params)) {
      return s.update();
    }
  }

  /** The first column of the first row as a long, or null when there is no row. */
  public static Long queryLong(Connection conn, SQLStmt stmt, Object... params)
      throws SQLException {
    try (Open s = open(conn, stmt, params);
        ResultSet rs = s.query()) {
      return rs.next() ? rs.getLong(1) : null;
    }
  }
}
