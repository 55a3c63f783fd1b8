package com.oltpbenchmark.benchmarks.testbench.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Reads a row, then increments it: concurrent runs conflict (serialization or deadlock). */
public class ReadThenUpdate extends Procedure {
  public final SQLStmt read = new SQLStmt("SELECT v FROM kv WHERE k = ?");
  public final SQLStmt write = new SQLStmt("UPDATE kv SET v = ? WHERE k = ?");

  public void run(Connection conn, int key) throws SQLException {
    int v;
    try (PreparedStatement ps = getPreparedStatement(conn, read, key);
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      v = rs.getInt(1);
    }
    try {
      // widen the window between read and write so that conflicts happen
      Thread.sleep(2);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try (PreparedStatement ps = getPreparedStatement(conn, write, v + 1, key)) {
      ps.executeUpdate();
    }
  }
}
