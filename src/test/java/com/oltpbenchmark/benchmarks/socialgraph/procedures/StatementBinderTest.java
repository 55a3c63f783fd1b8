package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StatementBinderTest {

  private Connection conn;

  @BeforeEach
  void open() throws SQLException {
    conn = DriverManager.getConnection("jdbc:sqlite::memory:");
    try (Statement st = conn.createStatement()) {
      st.execute("CREATE TABLE t (k BIGINT PRIMARY KEY, n INT, b BLOB)");
    }
  }

  @AfterEach
  void close() throws SQLException {
    conn.close();
  }

  @Test
  void bindsLongIntegerBytesAndNullWithTheirOwnTypes() throws SQLException {
    SQLStmt types = new SQLStmt("SELECT typeof(?), typeof(?), typeof(?), typeof(?)");
    try (StatementBinder.Open ps =
            StatementBinder.open(conn, types, 1L << 40, 7, new byte[] {1, 2}, null);
        ResultSet rs = ps.query()) {
      assertTrue(rs.next());
      assertEquals("integer", rs.getString(1));
      assertEquals("integer", rs.getString(2));
      assertEquals("blob", rs.getString(3));
      assertEquals("null", rs.getString(4));
    }
  }

  /** The typed setters bind what the object binder binds for Long, Integer, byte[] and null. */
  @Test
  void typedSettersBindTheSameTypes() throws SQLException {
    SQLStmt types = new SQLStmt("SELECT typeof(?), typeof(?), typeof(?), typeof(?), ?, ?, ?");
    try (StatementBinder.Open ps = StatementBinder.open(conn, types)) {
      ps.setLong(1, 1L << 40).setInt(2, 7).setBytes(3, new byte[] {1, 2}).setBytes(4, null);
      ps.setLong(5, 1L << 40).setInt(6, 7).setBytes(7, new byte[] {1, 2});
      try (ResultSet rs = ps.query()) {
        assertTrue(rs.next());
        assertEquals("integer", rs.getString(1));
        assertEquals("integer", rs.getString(2));
        assertEquals("blob", rs.getString(3));
        assertEquals("null", rs.getString(4));
        assertEquals(1L << 40, rs.getLong(5));
        assertEquals(7, rs.getInt(6));
        assertArrayEquals(new byte[] {1, 2}, rs.getBytes(7));
      }
    }
  }

  /**
   * A network driver's statement is kept for the next request, and so is its handle: the second
   * open hands out the very same object, with the same statement, and closing it keeps both.
   */
  @Test
  void aKeptStatementIsHandedOutAgainWithItsHandle() throws SQLException {
    TestDatabase pg = TestDatabase.postgres("sg_statement_binder");
    try (Connection c = pg.connect()) {
      SQLStmt one = new SQLStmt("SELECT ?::bigint + 1");
      StatementBinder.Open first = StatementBinder.open(c, one).setLong(1, 41);
      try (first;
          ResultSet rs = first.query()) {
        assertTrue(rs.next());
        assertEquals(42, rs.getLong(1));
      }
      StatementBinder.Open second = StatementBinder.open(c, one);
      assertSame(first, second);
      assertFalse(second.statement().isClosed());
      try (second;
          ResultSet rs = second.setLong(1, 1).query()) {
        assertTrue(rs.next());
        assertEquals(2, rs.getLong(1));
      }
    }
  }

  /**
   * A plain statement sends its text as it is: a JDBC escape, which the PostgreSQL driver would
   * have turned into SQL, reaches the server untranslated (and is a syntax error there).
   */
  @Test
  void aPlainStatementSendsItsTextWithoutEscapeProcessing() throws SQLException {
    TestDatabase pg = TestDatabase.postgres("sg_statement_binder");
    try (Connection c = pg.connect()) {
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT {fn ucase('a')}")) {
        assertTrue(rs.next());
        assertEquals("A", rs.getString(1), "escape processing on by default");
      }
      try (Statement st = StatementBinder.plain(c)) {
        SQLException e =
            assertThrows(SQLException.class, () -> st.executeQuery("SELECT {fn ucase('a')}"));
        assertEquals("42601", e.getSQLState(), e.getMessage());
        try (ResultSet rs = st.executeQuery("SELECT upper('a')")) {
          assertTrue(rs.next());
          assertEquals("A", rs.getString(1));
        }
      }
    }
  }

  @Test
  void updateAndQueryLongRoundTrip() throws SQLException {
    SQLStmt insert = new SQLStmt("INSERT INTO t (k, n, b) VALUES (?, ?, ?)");
    assertEquals(1, StatementBinder.update(conn, insert, 1L << 40, 5, new byte[] {9}));
    assertEquals(1, StatementBinder.update(conn, insert, 2L, null, new byte[0]));
    SQLStmt n = new SQLStmt("SELECT n FROM t WHERE k = ?");
    assertEquals(5L, StatementBinder.queryLong(conn, n, 1L << 40));
    assertNull(StatementBinder.queryLong(conn, n, 3L), "no row");
    try (StatementBinder.Open ps =
            StatementBinder.open(conn, new SQLStmt("SELECT b FROM t WHERE k = ?"), 1L << 40);
        ResultSet rs = ps.query()) {
      assertTrue(rs.next());
      assertArrayEquals(new byte[] {9}, rs.getBytes(1));
    }
  }

  @Test
  void rejectsOtherTypesNamingTheMarker() {
    SQLStmt stmt = new SQLStmt("SELECT ?, ?");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> StatementBinder.open(conn, stmt, 1L, "x"));
    assertTrue(e.getMessage().startsWith("parameter 2 is a java.lang.String"), e.getMessage());
  }
}
