package com.oltpbenchmark.benchmarks.testbench.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

public class UpdateRow extends Procedure {
  public final SQLStmt update = new SQLStmt("UPDATE kv SET v = v + 1 WHERE k = ?");

  public int run(Connection conn, int key) throws SQLException {
    try (PreparedStatement ps = getPreparedStatement(conn, update, key)) {
      return ps.executeUpdate();
    }
  }
}
