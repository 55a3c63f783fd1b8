package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Reading nodes from result sets of {@link NodeSql#NODE_COLUMNS}. */
public final class NodeRows {

  private NodeRows() {}

  /** The node in the current row of a SELECT of {@link NodeSql#NODE_COLUMNS}. */
  public static Node read(ResultSet rs) throws SQLException {
    return new Node(rs.getLong(1), rs.getInt(2), rs.getLong(3), rs.getLong(4), payload(rs, 5));
  }

  /** A NOT NULL payload column; SQLite's driver returns null for a zero-length BLOB. */
  public static byte[] payload(ResultSet rs, int column) throws SQLException {
    byte[] b = rs.getBytes(column);
    return b == null ? new byte[0] : b;
  }

  static void checkPayload(Node node) {
    if (node.data().length > Node.MAX_DATA) {
      throw new IllegalArgumentException(
          "node "
              + node.id()
              + ": payload of "
              + node.data().length
              + " bytes exceeds the "
              + Node.MAX_DATA
              + "-byte maximum");
    }
  }
}
