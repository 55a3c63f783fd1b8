package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * LinkBench ADD_NODE: insert a node; the database allocates the id (sequence / auto-increment,
 * which the loader moved past the loaded ids). {@code node.id()} is ignored.
 */
public class AddNode extends Procedure {

  public final SQLStmt insertNode = new SQLStmt(NodeSql.INSERT_NODE);

  private static final String[] KEY_COLUMNS = {"id"};

  /** Returns the id the database allocated. */
  public long run(Connection conn, Node node) throws SQLException {
    NodeRows.checkPayload(node);
    try (PreparedStatement ps =
        StatementBinder.returningKeys(conn, insertNode.getSQL(), KEY_COLUMNS)) {
      StatementBinder.bind(ps, node.type(), node.version(), node.time(), node.data());
      ps.executeUpdate();
      try (ResultSet keys = ps.getGeneratedKeys()) {
        if (!keys.next()) {
          throw new SQLException(
              "AddNode: the database returned no generated id for nodetable."
                  + "id (is the id column an auto-increment / sequence column?)");
        }
        return keys.getLong(1);
      }
    }
  }
}
