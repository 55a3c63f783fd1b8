package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.sql.Connection;
import java.sql.SQLException;

/** LinkBench UPDATE_NODE: overwrite version, time and data of node (id, type). */
public class UpdateNode extends Procedure {

  public final SQLStmt updateNode = new SQLStmt(NodeSql.UPDATE_NODE);
  public final SQLStmt nodeExists = new SQLStmt(NodeSql.NODE_EXISTS);

  /**
   * Returns true if node (id, type) exists (it now holds the given fields), false if not. The
   * answer does not depend on whether the driver counts matched or changed rows (LinkBench bug #18:
   * with MySQL's useAffectedRows an identical update reported "not found").
   */
  public boolean run(Connection conn, Node node) throws SQLException {
    NodeRows.checkPayload(node);
    int rows =
        StatementBinder.update(
            conn, updateNode, node.version(), node.time(), node.data(), node.id(), node.type());
    if (rows > 1) {
      throw new SQLException(
          "UpdateNode: node "
              + node.id()
              + " matched "
              + rows
              + " rows; nodetable.id must be its primary key");
    }
    if (rows == 1) {
      return true;
    }
    return StatementBinder.queryLong(conn, nodeExists, node.id(), node.type()) != null;
  }
}
