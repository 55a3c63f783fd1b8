package com.oltpbenchmark.benchmarks.testbench.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** Reads a table that was never created: every call is a (non-retryable) SQL error. */
public class MissingTable extends Procedure {
  public final SQLStmt read = new SQLStmt("SELECT v FROM no_such_table WHERE k = ?");

  public void run(Connection conn, int key) throws SQLException {
    try (PreparedStatement ps = getPreparedStatement(conn, read)) {
      ps.setInt(1, key);
      ps.executeQuery().close();
    }
  }
}
