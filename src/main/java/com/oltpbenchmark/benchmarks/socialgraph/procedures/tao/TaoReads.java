package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.LinkRows;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.NodeRows;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.StatementBinder;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

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
    if (op instanceof TaoOp.ObjectRead o) {
      return new TaoReadResult.ObjectResult(o, objectGet(conn, s.selectNode(), o.id()));
    }
    if (op instanceof TaoOp.AssocRead a) {
      return new TaoReadResult.AssocResult(a, assocGet(conn, s.selectLink(), a));
    }
    if (op instanceof TaoOp.AssocRange r) {
      return new TaoReadResult.RangeResult(r, assocRange(conn, s.selectLinkRange(), r));
    }
    TaoOp.AssocCount c = (TaoOp.AssocCount) op;
    return new TaoReadResult.CountResult(c, assocCount(conn, s.selectCount(), c));
  }

  private static Node objectGet(Connection conn, SQLStmt stmt, long id) throws SQLException {
    try (PreparedStatement ps = StatementBinder.prepare(conn, stmt, id);
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? NodeRows.read(rs) : null;
    }
  }

  private static Link assocGet(Connection conn, SQLStmt stmt, TaoOp.AssocRead op)
      throws SQLException {
    try (PreparedStatement ps =
            StatementBinder.prepare(conn, stmt, op.id1(), op.linkType(), op.id2());
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? LinkRows.read(rs) : null;
    }
  }

  private static List<Link> assocRange(Connection conn, SQLStmt stmt, TaoOp.AssocRange op)
      throws SQLException {
    List<Link> out = new ArrayList<>(Math.min(op.rangeLimit(), 64));
    try (PreparedStatement ps =
            StatementBinder.prepare(
                conn,
                stmt,
                op.id1(),
                op.linkType(),
                op.minTime(),
                op.maxTime(),
                op.rangeLimit(),
                0);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(LinkRows.read(rs));
      }
    }
    return out;
  }

  private static long assocCount(Connection conn, SQLStmt stmt, TaoOp.AssocCount op)
      throws SQLException {
    Long count = StatementBinder.queryLong(conn, stmt, op.id1(), op.linkType());
    return count == null ? 0 : count;
  }
}
