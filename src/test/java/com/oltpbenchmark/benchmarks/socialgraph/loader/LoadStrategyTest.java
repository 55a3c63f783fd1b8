package com.oltpbenchmark.benchmarks.socialgraph.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadStrategyTest {

  @Test
  void databaseTypesMapToTheirFamily() {
    assertEquals(DatabaseFamily.POSTGRES, LoadStrategy.of(DatabaseType.POSTGRES).family());
    assertEquals(DatabaseFamily.COCKROACHDB, LoadStrategy.of(DatabaseType.COCKROACHDB).family());
    assertEquals(DatabaseFamily.MYSQL, LoadStrategy.of(DatabaseType.MYSQL).family());
    assertEquals(DatabaseFamily.MYSQL, LoadStrategy.of(DatabaseType.MARIADB).family());
    assertEquals(DatabaseFamily.MYSQL, LoadStrategy.of(DatabaseType.MYROCKS).family());
    assertEquals(DatabaseFamily.SQLITE, LoadStrategy.of(DatabaseType.SQLITE).family());
    assertEquals(DatabaseFamily.OTHER, LoadStrategy.of(DatabaseType.HSQLDB).family());
    assertEquals(DatabaseFamily.OTHER, LoadStrategy.of(null).family());
  }

  @Test
  void otherDatabasesKeepTheirOwnIdAllocationAndIndexes() throws Exception {
    // no statement runs, so no connection is needed
    assertTrue(
        LoadStrategy.of(DatabaseType.HSQLDB)
            .continueNodeIdsAt(null, DatabaseType.HSQLDB, 10)
            .startsWith("node id allocation left to HSQLDB"));
    assertEquals(List.of(), LoadStrategy.of(DatabaseType.HSQLDB).dropDeferredIndexes(null));
    assertEquals(
        "INSERTs of 5 rows, a commit per 4 MiB",
        LoadStrategy.of(DatabaseType.MARIADB).describeWriter(5));
    assertEquals(
        "INSERTs of 5 rows, each committed",
        LoadStrategy.of(DatabaseType.SQLITE).describeWriter(5));
    assertEquals(
        "COPYs of at least 5 rows and 4 MiB",
        LoadStrategy.of(DatabaseType.POSTGRES).describeWriter(5));
  }

  @Test
  void sqliteContinuesNodeIdsAfterTheLoadedOnesAndWaitsForTheWriteLock() throws Exception {
    try (Connection conn = DriverManager.getConnection("jdbc:sqlite::memory:");
        Statement st = conn.createStatement()) {
      st.execute("CREATE TABLE nodetable (id INTEGER PRIMARY KEY AUTOINCREMENT, type INT)");
      st.execute("INSERT INTO nodetable (id, type) VALUES (5, 1)");
      assertEquals(
          "node ids allocated from 100",
          LoadStrategy.of(DatabaseType.SQLITE).continueNodeIdsAt(conn, DatabaseType.SQLITE, 100));
      st.execute("INSERT INTO nodetable (type) VALUES (1)");
      try (ResultSet rs = st.executeQuery("SELECT MAX(id) FROM nodetable")) {
        rs.next();
        assertEquals(100, rs.getLong(1));
      }
      try (GraphRowWriter w = LoadStrategy.of(DatabaseType.SQLITE).openWriter(conn, 10, null)) {
        assertInstanceOf(MultiRowInsertWriter.class, w);
      }
      try (ResultSet rs = st.executeQuery("PRAGMA busy_timeout")) {
        rs.next();
        assertEquals(600000, rs.getInt(1));
      }
    }
  }
}
