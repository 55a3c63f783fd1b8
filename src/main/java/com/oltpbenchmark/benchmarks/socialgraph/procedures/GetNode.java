package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

/** LinkBench GET_NODE: one node by id. */
public class GetNode extends Procedure {

  public final SQLStmt selectNode = new SQLStmt(NodeSql.SELECT_NODE);

  /** Returns the node, or null if there is none. */
  public Node run(Connection conn, long id) throws SQLException {
    try (StatementBinder.Open ps = StatementBinder.open(conn, selectNode);
        ResultSet rs = ps.setLong(1, id).query()) {
      return rs.next() ? NodeRows.read(rs) : null;
    }
  }

  /** LinkBench's getNode(type, id): null if the node is missing or has another type. */
  public Node run(Connection conn, int type, long id) throws SQLException {
    Node node = run(conn, id);
    return node != null && node.type() == type ? node : null;
  }
}
