package com.oltpbenchmark.benchmarks.socialgraph.loader;

import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * After the load has inserted node ids {@code [startid1, maxid1)} explicitly, the database's id
 * allocator (sequence or auto-increment) must continue at {@code maxid1}, the next id LinkBench's
 * store would hand out. The statements that do it are per database ({@link LoadStrategy}); this
 * runs them as one committed step.
 */
final class NodeIdAllocation {

  private NodeIdAllocation() {}

  static void run(Connection conn, DatabaseType type, long nextId, List<String> statements)
      throws SQLException {
    boolean autoCommit = conn.getAutoCommit();
    try (Statement st = conn.createStatement()) {
      for (String sql : statements) {
        st.execute(sql);
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
  }
}
