package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Test-only writes that change links without their counts, as a buggy procedure or a database that
 * lost half a transaction would: what the count check must catch.
 */
final class CountBreakingWrite {

  private CountBreakingWrite() {}

  /** Hides a visible link and leaves its count alone. */
  static void hideWithoutCount(Connection conn, long id1, long type, long id2) throws SQLException {
    try (PreparedStatement ps =
        conn.prepareStatement(
            "UPDATE linktable SET visibility = 0 WHERE id1 = ? AND link_type = ? AND id2 = ?")) {
      ps.setLong(1, id1);
      ps.setLong(2, type);
      ps.setLong(3, id2);
      if (ps.executeUpdate() != 1) {
        throw new IllegalStateException("no link (" + id1 + "," + type + "," + id2 + ")");
      }
    }
  }

  /** Inserts a visible link of a list that has no count row. */
  static void insertWithoutCount(Connection conn, long id1, long type, long id2)
      throws SQLException {
    try (PreparedStatement ps =
        conn.prepareStatement(
            "INSERT INTO linktable (id1, id2, link_type, visibility, data, time, version)"
                + " VALUES (?, ?, ?, 1, ?, 0, 0)")) {
      ps.setLong(1, id1);
      ps.setLong(2, id2);
      ps.setLong(3, type);
      ps.setBytes(4, new byte[] {1, 2, 3});
      ps.executeUpdate();
    }
  }

  /** Inserts visible links (id1, type, id2...) and their count row, keeping the count right. */
  static void insertWithCount(Connection conn, long id1, long type, long... id2s)
      throws SQLException {
    for (long id2 : id2s) {
      insertWithoutCount(conn, id1, type, id2);
    }
    try (PreparedStatement ps =
        conn.prepareStatement(
            "INSERT INTO counttable (id, link_type, count, time, version) VALUES (?, ?, ?, 0, 0)")) {
      ps.setLong(1, id1);
      ps.setLong(2, type);
      ps.setLong(3, id2s.length);
      ps.executeUpdate();
    }
  }
}
