package com.oltpbenchmark.benchmarks.testbench.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Loses its database connection the first time it runs in this JVM (PostgreSQL: the server
 * terminates the backend; others: the connection is closed under the runtime), then behaves.
 */
public class DropConnection extends Procedure {
  public static final AtomicBoolean DROPPED = new AtomicBoolean();

  public final SQLStmt ping = new SQLStmt("SELECT 1");

  public void run(Connection conn, DatabaseType type) throws SQLException {
    if (DROPPED.compareAndSet(false, true)) {
      if (type == DatabaseType.POSTGRES) {
        try (Statement st = conn.createStatement()) {
          st.execute("SELECT pg_terminate_backend(pg_backend_pid())");
        }
      } else {
        conn.close();
      }
      return;
    }
    try (PreparedStatement ps = getPreparedStatement(conn, ping);
        ResultSet rs = ps.executeQuery()) {
      rs.next();
    }
  }
}
