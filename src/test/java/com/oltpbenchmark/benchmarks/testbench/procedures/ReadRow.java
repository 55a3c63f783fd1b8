package com.oltpbenchmark.benchmarks.testbench.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

public class ReadRow extends Procedure {
  public final SQLStmt read = new SQLStmt("SELECT v FROM kv WHERE k = ?");

  public int run(Connection conn, int key) throws SQLException {
    try (PreparedStatement ps = getPreparedStatement(conn, read, key);
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? rs.getInt(1) : -1;
    }
  }
}
