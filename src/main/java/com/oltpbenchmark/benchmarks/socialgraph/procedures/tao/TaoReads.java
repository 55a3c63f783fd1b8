package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.LinkRows;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.NodeRows;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.StatementBinder;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * TAOBench's four reads: object point read, association point read (hidden associations are
 * returned with visibility 0, as LinkBench's getLink does), association range scan (visible only,
 * newest first, at most rangeLimit rows: the id1_type index read backwards) and association count
 * (the counttable row, 0 if absent).
 */
public final class TaoReads {

  private TaoReads() {}

  /** Pins the transaction the next statement opens to one read-only snapshot (see SqlDialect). */
  public static void beginReadSnapshot(Connection conn, SqlDialect dialect) throws SQLException {
    dialect.beginReadSnapshot(conn);
  }

  /** Runs one read op on {@code conn} inside the caller's transaction. */
  public static TaoReadResult read(Connection conn, ReadStatements s, TaoOp.ReadOp op)
      throws SQLException {
    try (StatementBinder.Open ps = StatementBinder.open(conn, statement(s, op), parameters(op));
        ResultSet rs = ps.query()) {
      return decode(op, rs);
    }
  }

  /**
   * Runs {@code snapshotSql} (if not null) and every read op in one round trip: a multi-statement
   * text query with the parameters written into it (they are all integers), so the server gets the
   * same statements in the same order as from {@link #read} one by one. Each result goes to {@code
   * afterEachRead} as soon as it is decoded.
   */
  public static List<TaoReadResult> readInOneRoundTrip(
      Connection conn,
      ReadStatements s,
      String snapshotSql,
      List<TaoOp.ReadOp> ops,
      Consumer<TaoReadResult> afterEachRead)
      throws SQLException {
    return readInOneRoundTrip(conn, s, snapshotSql, ops, null, afterEachRead);
  }

  /**
   * As {@link #readInOneRoundTrip(Connection, ReadStatements, String, List, Consumer)}, with {@code
   * endSql} (if not null) after the reads in the same query.
   */
  public static List<TaoReadResult> readInOneRoundTrip(
      Connection conn,
      ReadStatements s,
      String snapshotSql,
      List<TaoOp.ReadOp> ops,
      String endSql,
      Consumer<TaoReadResult> afterEachRead)
      throws SQLException {
    StringBuilder sql = new StringBuilder(ops.size() * 160);
    if (snapshotSql != null) {
      sql.append(snapshotSql).append(";\n");
    }
    for (TaoOp.ReadOp op : ops) {
      sql.append(withLiterals(statement(s, op).getSQL(), parameters(op))).append(";\n");
    }
    if (endSql != null) {
      sql.append(endSql).append(";\n");
    }
    List<TaoReadResult> results = new ArrayList<>(ops.size());
    try (Statement st = conn.createStatement()) {
      boolean isResultSet = st.execute(sql.toString());
      while (true) {
        if (isResultSet) {
          if (results.size() == ops.size()) {
            throw new SQLException("read transaction returned more result sets than reads");
          }
          try (ResultSet rs = st.getResultSet()) {
            TaoReadResult r = decode(ops.get(results.size()), rs);
            results.add(r);
            afterEachRead.accept(r);
          }
        } else if (st.getUpdateCount() == -1) {
          break;
        }
        isResultSet = st.getMoreResults();
      }
    }
    if (results.size() != ops.size()) {
      throw new SQLException(
          "read transaction returned "
              + results.size()
              + " result sets for "
              + ops.size()
              + " reads");
    }
    return results;
  }

  /**
   * {@code sql} with each {@code ?} replaced by the matching integer parameter. The read statements
   * have no other question marks (no string literals, no comments).
   */
  static String withLiterals(String sql, Object[] params) {
    StringBuilder out = new StringBuilder(sql.length() + params.length * 12);
    int next = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (c != '?') {
        out.append(c);
        continue;
      }
      if (next == params.length) {
        throw new IllegalArgumentException(
            "more markers than the " + params.length + " parameters in " + sql);
      }
      Object p = params[next++];
      if (!(p instanceof Long || p instanceof Integer)) {
        throw new IllegalArgumentException("not an integer parameter: " + p + " in " + sql);
      }
      out.append(p);
    }
    if (next != params.length) {
      throw new IllegalArgumentException(
          "only " + next + " markers for " + params.length + " parameters in " + sql);
    }
    return out.toString();
  }

  /** The statement that reads {@code op}. */
  static SQLStmt statement(ReadStatements s, TaoOp.ReadOp op) {
    if (op instanceof TaoOp.ObjectRead) {
      return s.selectNode();
    }
    if (op instanceof TaoOp.AssocRead) {
      return s.selectLink();
    }
    if (op instanceof TaoOp.AssocRange) {
      return s.selectLinkRange();
    }
    return s.selectCount();
  }

  /** The statement's parameters for {@code op}, in marker order. */
  static Object[] parameters(TaoOp.ReadOp op) {
    if (op instanceof TaoOp.ObjectRead o) {
      return new Object[] {o.id()};
    }
    if (op instanceof TaoOp.AssocRead a) {
      return new Object[] {a.id1(), a.linkType(), a.id2()};
    }
    if (op instanceof TaoOp.AssocRange r) {
      return new Object[] {r.id1(), r.linkType(), r.minTime(), r.maxTime(), r.rangeLimit(), 0};
    }
    TaoOp.AssocCount c = (TaoOp.AssocCount) op;
    return new Object[] {c.id1(), c.linkType()};
  }

  /** The result of {@code op} from the rows its statement returned. */
  static TaoReadResult decode(TaoOp.ReadOp op, ResultSet rs) throws SQLException {
    if (op instanceof TaoOp.ObjectRead o) {
      return new TaoReadResult.ObjectResult(o, rs.next() ? NodeRows.read(rs) : null);
    }
    if (op instanceof TaoOp.AssocRead a) {
      return new TaoReadResult.AssocResult(a, rs.next() ? LinkRows.read(rs) : null);
    }
    if (op instanceof TaoOp.AssocRange r) {
      List<Link> out = new ArrayList<>(Math.min(r.rangeLimit(), 64));
      while (rs.next()) {
        out.add(LinkRows.read(rs));
      }
      return new TaoReadResult.RangeResult(r, out);
    }
    TaoOp.AssocCount c = (TaoOp.AssocCount) op;
    return new TaoReadResult.CountResult(c, rs.next() ? rs.getLong(1) : 0);
  }
}
