package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * LinkBench DELETE_NODE: delete node (id, type). As in LinkBench, the node's links are left alone
 * (links may point at missing nodes).
 */
public class DeleteNode extends Procedure {

  public final SQLStmt deleteNode = new SQLStmt(NodeSql.DELETE_NODE);

  /** Returns true if the node existed with that type and was deleted. */
  public boolean run(Connection conn, int type, long id) throws SQLException {
    return StatementBinder.update(conn, deleteNode, id, type) == 1;
  }
}
