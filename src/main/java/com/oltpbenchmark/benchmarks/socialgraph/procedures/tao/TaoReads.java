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
  public static TaoReadResult read(Connection conn, ReadStatements s, TaoOp op)
      throws SQLException {
    switch (op.kind()) {
      case OBJECT_READ:
        return TaoReadResult.ofNode(op, objectGet(conn, s.selectNode(), op.id1()));
      case ASSOC_READ:
        return TaoReadResult.ofLink(op, assocGet(conn, s.selectLink(), op));
      case ASSOC_RANGE:
        return TaoReadResult.ofLinks(op, assocRange(conn, s.selectLinkRange(), op));
      case ASSOC_COUNT:
        return TaoReadResult.ofCount(op, assocCount(conn, s.selectCount(), op));
      default:
        throw new IllegalArgumentException("not a read: " + op);
    }
  }

  private static Node objectGet(Connection conn, SQLStmt stmt, long id) throws SQLException {
    try (PreparedStatement ps = StatementBinder.prepare(conn, stmt, id);
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? NodeRows.read(rs) : null;
    }
  }

  private static Link assocGet(Connection conn, SQLStmt stmt, TaoOp op) throws SQLException {
    try (PreparedStatement ps =
            StatementBinder.prepare(conn, stmt, op.id1(), op.linkType(), op.id2());
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? LinkRows.read(rs) : null;
    }
  }

  private static List<Link> assocRange(Connection conn, SQLStmt stmt, TaoOp op)
      throws SQLException {
    if (op.rangeLimit() <= 0) {
      throw new IllegalArgumentException(
          op + ": range limit must be positive, got " + op.rangeLimit());
    }
    // maxTime 0 = the op left the window open (TaoOp's default for unused fields)
    long maxTime = op.maxTime() == 0 && op.minTime() <= 0 ? Long.MAX_VALUE : op.maxTime();
    List<Link> out = new ArrayList<>(Math.min(op.rangeLimit(), 64));
    try (PreparedStatement ps =
            StatementBinder.prepare(
                conn, stmt, op.id1(), op.linkType(), op.minTime(), maxTime, op.rangeLimit(), 0);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(LinkRows.read(rs));
      }
    }
    return out;
  }

  private static long assocCount(Connection conn, SQLStmt stmt, TaoOp op) throws SQLException {
    Long count = StatementBinder.queryLong(conn, stmt, op.id1(), op.linkType());
    return count == null ? 0 : count;
  }
}
