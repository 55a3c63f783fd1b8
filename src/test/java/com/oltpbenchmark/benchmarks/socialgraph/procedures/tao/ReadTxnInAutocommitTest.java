package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ReadTxn;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A read transaction on a MariaDB connection in autocommit is one statement, a transaction of its
 * own: nothing is left open after it, whether it succeeds or fails.
 */
class ReadTxnInAutocommitTest {

  private static final long T = 9_000;

  @Test
  void itCommitsItselfAndAFailedReadRollsItBack() throws Exception {
    TaoFixture fx = new TaoFixture(TestDatabase.mariadb("sg_readtxn_ac"));
    ReadTxn readTxn = fx.procedures().readTxn();
    List<TaoOp> reads = List.of(TaoOp.objectRead(1), TaoOp.assocCount(1, T));
    try (Connection conn = fx.connect();
        Connection admin = fx.connect()) {
      conn.setAutoCommit(true);
      Delivery inAutocommit = fx.delivery(conn).with(Delivery.Mode.AUTOCOMMIT);
      assertEquals(2, readTxn.run(conn, inAutocommit, reads).size());
      assertTrue(conn.getAutoCommit());
      assertEquals(0, inTransaction(conn));

      admin.setAutoCommit(true);
      try (Statement st = admin.createStatement()) {
        st.execute("RENAME TABLE counttable TO counttable_gone");
        try {
          assertThrows(SQLException.class, () -> readTxn.run(conn, inAutocommit, reads));
        } finally {
          st.execute("RENAME TABLE counttable_gone TO counttable");
        }
      }
      assertEquals(0, inTransaction(conn), "the failed transaction was rolled back");
      assertTrue(conn.getAutoCommit());
      assertEquals(2, readTxn.run(conn, inAutocommit, reads).size());
    }
  }

  private static long inTransaction(Connection conn) throws SQLException {
    try (Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery("SELECT @@in_transaction")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
