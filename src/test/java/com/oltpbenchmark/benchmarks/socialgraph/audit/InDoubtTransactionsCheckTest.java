package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-doubt check on the databases without a cluster (SpiderRunsTest covers XA on a real one):
 * how it writes an xid, what it says on SQLite, that it asks PostgreSQL and MariaDB, and that an
 * unreachable backend is an error naming it.
 */
class InDoubtTransactionsCheckTest {
  @TempDir Path dir;

  @Test
  void xidsAreWrittenAsXaCommitTakesThem() {
    byte[] text = "sgtestb1".getBytes(StandardCharsets.US_ASCII);
    assertEquals("'sgtest','b1',7", InDoubtTransactionsCheck.mysqlXid(7, 6, 2, text));
    byte[] binary = {0x4d, 0x00, 0x01, 'q'};
    assertEquals("X'4d0001','q',1", InDoubtTransactionsCheck.mysqlXid(1, 3, 1, binary));
    assertEquals("'a','',0", InDoubtTransactionsCheck.mysqlXid(0, 1, 0, new byte[] {'a'}));
  }

  @Test
  void sqliteHasNothingToAskAndSaysSo() throws Exception {
    try (Connection conn = TestDatabase.sqlite(dir, "indoubt").connect()) {
      CheckResult r = InDoubtTransactionsCheck.run(conn, List.of(), null, null);
      assertEquals("not checked: SQLite has no prepared (two-phase) transactions", r.skipped());
      assertEquals(0, r.examined());
    }
  }

  @Test
  void postgresAndMariadbAreAskedAndABackendIsAskedToo() throws Exception {
    TestDatabase pg = TestDatabase.postgres("sg_indoubt");
    TestDatabase my = TestDatabase.mariadb("sg_indoubt");
    try (Connection conn = pg.connect()) {
      conn.setAutoCommit(false);
      CheckResult r = InDoubtTransactionsCheck.run(conn, List.of(), null, null);
      assertNull(r.skipped());
      assertEquals(1, r.examined());
      assertEquals(0, r.violations());
      conn.createStatement().executeQuery("SELECT 1").close(); // the transaction is still usable
    }
    try (Connection conn = my.connect()) {
      CheckResult r = InDoubtTransactionsCheck.run(conn, List.of(pg.url), pg.username, pg.password);
      assertEquals(2, r.examined());
      assertEquals("passed", r.toJson().getString("status"));
    }
  }

  @Test
  void anAuditedDatabaseWithoutTheCatalogIsNotCheckedRatherThanAFailedAudit() throws Exception {
    // as CockroachDB might answer: a PostgreSQL-compatible database without pg_prepared_xacts
    java.sql.DatabaseMetaData meta =
        (java.sql.DatabaseMetaData)
            java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {java.sql.DatabaseMetaData.class},
                (p, m, a) -> m.getName().equals("getDatabaseProductName") ? "PostgreSQL" : null);
    Connection conn =
        (Connection)
            java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {Connection.class},
                (p, m, a) ->
                    switch (m.getName()) {
                      case "getMetaData" -> meta;
                      case "getAutoCommit" -> true;
                      case "createStatement" ->
                          throw new SQLException("relation \"pg_prepared_xacts\" does not exist");
                      default -> null;
                    });
    CheckResult r = InDoubtTransactionsCheck.run(conn, List.of(), null, null);
    assertEquals(
        "not checked: the audited database did not answer the query for prepared transactions"
            + " (relation \"pg_prepared_xacts\" does not exist)",
        r.skipped());
  }

  @Test
  void anUnreachableBackendIsAnErrorNamingIt() throws Exception {
    try (Connection conn = TestDatabase.sqlite(dir, "indoubt2").connect()) {
      String url = "jdbc:mariadb://127.0.0.1:1/nowhere?connectTimeout=2000";
      SQLException e =
          assertThrows(
              SQLException.class,
              () -> InDoubtTransactionsCheck.run(conn, List.of(url), "root", ""));
      assertTrue(e.getMessage().startsWith("<audit><backend> " + url + ": "), e.getMessage());
    }
  }
}
