package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which errors mean "the table is not there", and what the others become. */
class MissingTableTest {

  @TempDir Path dir;

  @Test
  void onlyTheServersNoSuchTableAnswersMeanMissing() {
    assertTrue(MissingTable.is(new SQLException("relation \"nodetable\" does not exist", "42P01")));
    assertTrue(MissingTable.is(new SQLException("Table 'x.nodetable' doesn't exist", "42S02")));
    assertTrue(
        MissingTable.is(
            new SQLException("[SQLITE_ERROR] SQL error or missing database (no such table: t)")));
    assertFalse(MissingTable.is(new SQLException("permission denied for table t", "42501")));
    assertFalse(MissingTable.is(new SQLException("XAER_DUPID: The XID already exists", "XAE08")));
    assertFalse(MissingTable.is(new SQLException("Connection reset", "08006")));
    assertFalse(MissingTable.is(new SQLException((String) null)));
  }

  @Test
  void anotherErrorKeepsTheServersMessageStateAndCodeAndXaDuplicatesGetAHint() {
    SQLException e =
        MissingTable.cannotRead("nodetable", new SQLException("permission denied", "42501", 7));
    assertEquals("cannot read socialgraph table nodetable: permission denied", e.getMessage());
    assertEquals("42501", e.getSQLState());
    assertEquals(7, e.getErrorCode());
    SQLException xa =
        MissingTable.cannotRead("linktable", new SQLException("XAER_DUPID", "XAE08", 1440));
    assertTrue(xa.getMessage().contains("--audit=true"), xa.getMessage());
    assertEquals("XAE08", xa.getSQLState());
  }

  @Test
  void sqliteTablesAreFoundOrMissingAndAClosedConnectionIsAnError() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "missing");
    try (Connection conn = db.connect()) {
      conn.createStatement().execute("CREATE TABLE linktable (id INTEGER)");
      assertTrue(Preflight.tableExists(conn, "linktable"));
      assertFalse(Preflight.tableExists(conn, "nodetable"));
    }
    Connection closed = db.connect();
    closed.close();
    assertThrows(SQLException.class, () -> Preflight.tableExists(closed, "linktable"));
  }
}
