package com.oltpbenchmark.benchmarks.socialgraph.loader;

import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * After the load has inserted node ids {@code [startid1, maxid1)} explicitly, moves the database's
 * id allocator (sequence or auto-increment) so that AddNode's first id is {@code maxid1}, the next
 * id LinkBench's store would hand out.
 */
public final class NodeIdAllocation {

  private NodeIdAllocation() {}

  /**
   * @return a description of what was done, for the log
   */
  public static String continueAt(Connection conn, DatabaseType type, long nextId)
      throws SQLException {
    String sql;
    switch (type) {
      case POSTGRES:
        sql =
            "SELECT setval(pg_get_serial_sequence('nodetable', 'id'), GREATEST("
                + nextId
                + ", (SELECT COALESCE(MAX(id), 0) + 1 FROM nodetable)), false)";
        break;
      case COCKROACHDB:
        sql =
            "SELECT setval('nodetable_id_seq', GREATEST("
                + nextId
                + ", (SELECT COALESCE(MAX(id), 0) + 1 FROM nodetable)), false)";
        break;
      case MYSQL:
      case MARIADB:
        sql = "ALTER TABLE nodetable AUTO_INCREMENT = " + nextId;
        break;
      case SQLITE:
        // AUTOINCREMENT keeps its high-water mark in sqlite_sequence; the next id is seq + 1.
        sql = null;
        break;
      default:
        return "node id allocation left to " + type + " (next id after the highest loaded id)";
    }
    boolean autoCommit = conn.getAutoCommit();
    try (Statement st = conn.createStatement()) {
      if (sql != null) {
        st.execute(sql);
      } else {
        st.executeUpdate("DELETE FROM sqlite_sequence WHERE name = 'nodetable'");
        st.executeUpdate(
            "INSERT INTO sqlite_sequence (name, seq) VALUES ('nodetable', "
                + "(SELECT MAX("
                + (nextId - 1)
                + ", COALESCE(MAX(id), 0)) FROM nodetable))");
      }
      if (!autoCommit) {
        conn.commit();
      }
    } catch (SQLException e) {
      throw new SQLException(
          "cannot move the node id allocator of "
              + type
              + " to "
              + nextId
              + " (so that AddNode allocates ids from maxid1): "
              + e.getMessage(),
          e.getSQLState(),
          e.getErrorCode(),
          e);
    }
    return "node ids allocated from " + nextId;
  }
}
