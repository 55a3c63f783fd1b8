package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.SQLStmt;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * The one way the module binds statement parameters. Only the types the schema has are accepted
 * (BIGINT, INT, binary payload) plus SQL NULL, each bound with its own typed setter so that every
 * driver sees the same JDBC types whichever procedure runs the statement.
 */
public final class StatementBinder {

  private StatementBinder() {}

  /** Prepares {@code stmt} (its current, dialect-applied SQL) and binds {@code params} to it. */
  public static PreparedStatement prepare(Connection conn, SQLStmt stmt, Object... params)
      throws SQLException {
    PreparedStatement ps = conn.prepareStatement(stmt.getSQL());
    try {
      bind(ps, params);
      return ps;
    } catch (SQLException | RuntimeException e) {
      ps.close();
      throw e;
    }
  }

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

  /** Runs an INSERT/UPDATE/DELETE and returns the affected row count. */
  public static int update(Connection conn, SQLStmt stmt, Object... params) throws SQLException {
    try (PreparedStatement ps = prepare(conn, stmt, params)) {
      return ps.executeUpdate();
    }
  }

  /** The first column of the first row as a long, or null when there is no row. */
  public static Long queryLong(Connection conn, SQLStmt stmt, Object... params)
      throws SQLException {
    try (PreparedStatement ps = prepare(conn, stmt, params);
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? rs.getLong(1) : null;
    }
  }
}
