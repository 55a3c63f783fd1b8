package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.LinkWriter;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.NodeRows;
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
    try (PreparedStatement ps = conn.prepareStatement(stmt.getSQL())) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? NodeRows.read(rs) : null;
      }
    }
  }

  private static Link assocGet(Connection conn, SQLStmt stmt, TaoOp op) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement(stmt.getSQL())) {
      ps.setLong(1, op.id1());
      ps.setLong(2, op.linkType());
      ps.setLong(3, op.id2());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? LinkWriter.readLink(rs) : null;
      }
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
    try (PreparedStatement ps = conn.prepareStatement(stmt.getSQL())) {
      ps.setLong(1, op.id1());
      ps.setLong(2, op.linkType());
      ps.setLong(3, op.minTime());
      ps.setLong(4, maxTime);
      ps.setInt(5, op.rangeLimit());
      ps.setInt(6, 0);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(LinkWriter.readLink(rs));
        }
      }
    }
    return out;
  }

  private static long assocCount(Connection conn, SQLStmt stmt, TaoOp op) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement(stmt.getSQL())) {
      ps.setLong(1, op.id1());
      ps.setLong(2, op.linkType());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : 0;
      }
    }
  }
}
