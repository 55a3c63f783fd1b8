package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** TAOBench's four reads: object point read, association point read, range scan and count. */
public final class TaoReads {

  static final String OBJECT_GET =
      "SELECT id, type, version, time, data FROM nodetable WHERE id = ?";

  static final String ASSOC_GET =
      "SELECT id1, id2, link_type, visibility, data, time, version FROM linktable"
          + " WHERE id1 = ? AND link_type = ? AND id2 = ?";

  /**
   * Newest first over the visible links of (id1, link_type): the id1_type index (id1, link_type,
   * visibility, time, id2, ...) delivers exactly this order when read backwards, so the scan stops
   * after {@code limit} index entries. id2 breaks ties between equal times deterministically.
   */
  static final String ASSOC_RANGE =
      "SELECT id1, id2, link_type, visibility, data, time, version FROM linktable"
          + " WHERE id1 = ? AND link_type = ? AND visibility = 1 AND time >= ? AND time <= ?"
          + " ORDER BY time DESC, id2 DESC LIMIT ?";

  static final String ASSOC_COUNT = "SELECT count FROM counttable WHERE id = ? AND link_type = ?";

  private TaoReads() {}

  /** Pins the transaction the next statement opens to one read-only snapshot (see SqlDialect). */
  public static void beginReadSnapshot(Connection conn, SqlDialect dialect) throws SQLException {
    dialect.beginReadSnapshot(conn);
  }

  /** Runs one read op on {@code conn} inside the caller's transaction. */
  public static TaoReadResult read(Connection conn, TaoOp op) throws SQLException {
    switch (op.kind()) {
      case OBJECT_READ:
        return TaoReadResult.ofNode(op, objectGet(conn, op.id1()));
      case ASSOC_READ:
        return TaoReadResult.ofLink(op, assocGet(conn, op.id1(), op.linkType(), op.id2()));
      case ASSOC_RANGE:
        return TaoReadResult.ofLinks(op, assocRange(conn, op.id1(), op.linkType(), op.minTime(),
            op.maxTime() <= 0 ? Long.MAX_VALUE : op.maxTime(), op.rangeLimit()));
      case ASSOC_COUNT:
        return TaoReadResult.ofCount(op, assocCount(conn, op.id1(), op.linkType()));
      default:
        throw new IllegalArgumentException("not a read: " + op);
    }
  }

  static Node objectGet(Connection conn, long id) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement(OBJECT_GET)) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return null;
        }
        return new Node(rs.getLong(1), rs.getInt(2), rs.getLong(3), rs.getLong(4), bytes(rs, 5));
      }
    }
  }

  static Link assocGet(Connection conn, long id1, long linkType, long id2) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement(ASSOC_GET)) {
      ps.setLong(1, id1);
      ps.setLong(2, linkType);
      ps.setLong(3, id2);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? link(rs) : null;
      }
    }
  }

  static List<Link> assocRange(Connection conn, long id1, long linkType, long minTime,
      long maxTime, int limit) throws SQLException {
    if (limit <= 0) {
      throw new IllegalArgumentException(
          "ASSOC_RANGE(" + id1 + "," + linkType + "): range limit must be positive, got " + limit);
    }
    try (PreparedStatement ps = conn.prepareStatement(ASSOC_RANGE)) {
      ps.setLong(1, id1);
      ps.setLong(2, linkType);
      ps.setLong(3, minTime);
      ps.setLong(4, maxTime);
      ps.setInt(5, limit);
      List<Link> out = new ArrayList<>(Math.min(limit, 64));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(link(rs));
        }
      }
      return out;
    }
  }

  static long assocCount(Connection conn, long id1, long linkType) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement(ASSOC_COUNT)) {
      ps.setLong(1, id1);
      ps.setLong(2, linkType);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : 0;
      }
    }
  }

  private static Link link(ResultSet rs) throws SQLException {
    return new Link(rs.getLong(1), rs.getLong(3), rs.getLong(2), rs.getInt(4), bytes(rs, 5),
        rs.getInt(7), rs.getLong(6));
  }

  private static byte[] bytes(ResultSet rs, int col) throws SQLException {
    byte[] b = rs.getBytes(col);
    return b == null ? new byte[0] : b;
  }
}
