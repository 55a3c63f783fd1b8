package com.oltpbenchmark.benchmarks.socialgraph.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * When {@link MultiRowInsertWriter} commits: every INSERT without a commit size; with one, not
 * before the statements since the last commit hold that many bytes, and everything at the end.
 * Another session of the database tells what is committed.
 */
class MultiRowInsertWriterTest {

  private static final String[] SCHEMA = {
    "CREATE TABLE nodetable (id BIGINT PRIMARY KEY, type INT, version BIGINT, time BIGINT,"
        + " data MEDIUMBLOB) ENGINE=InnoDB",
    "CREATE TABLE linktable (id1 BIGINT, id2 BIGINT, link_type BIGINT, visibility TINYINT,"
        + " data VARBINARY(255), time BIGINT, version INT, PRIMARY KEY (id1, link_type, id2))"
        + " ENGINE=InnoDB",
    "CREATE TABLE counttable (id BIGINT, link_type BIGINT, count BIGINT, time BIGINT,"
        + " version BIGINT, PRIMARY KEY (id, link_type)) ENGINE=InnoDB"
  };

  private static long committedNodes(Connection other) throws SQLException {
    try (Statement st = other.createStatement();
        ResultSet rs = st.executeQuery("SELECT count(*) FROM nodetable")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static TestDatabase schema(String name) throws SQLException {
    TestDatabase db = TestDatabase.mariadb(name);
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      for (String ddl : SCHEMA) {
        st.execute(ddl);
      }
    }
    return db;
  }

  @Test
  void withACommitSizeRowsAreCommittedOnceTheyHoldItAndAtTheEnd() throws Exception {
    TestDatabase db = schema("sg_insert_commit");
    try (Connection c = db.connect();
        Connection other = db.connect()) {
      LoadProgress progress = new LoadProgress(10, 60_000);
      // a node of 2 statements' worth: 4 numbers (32 bytes) and 968 payload bytes = 1,000
      MultiRowInsertWriter w = new MultiRowInsertWriter(c, 2, 5_000, progress);
      for (int id = 1; id <= 8; id++) {
        w.node(id, 2048, 1, 0, new byte[968]);
      }
      // four INSERTs of 2 rows, 8,000 bytes: committed after the third (6,000), not the fourth
      assertEquals(6, committedNodes(other));
      w.node(9, 2048, 1, 0, new byte[968]);
      assertEquals(6, committedNodes(other));
      w.close();
      assertEquals(9, committedNodes(other));
      assertEquals(9, progress.nodes());
    }
  }

  @Test
  void withoutACommitSizeEveryInsertCommits() throws Exception {
    TestDatabase db = schema("sg_insert_each");
    try (Connection c = db.connect();
        Connection other = db.connect()) {
      MultiRowInsertWriter w = new MultiRowInsertWriter(c, 2, new LoadProgress(10, 60_000));
      for (int id = 1; id <= 5; id++) {
        w.node(id, 2048, 1, 0, new byte[968]);
      }
      assertEquals(4, committedNodes(other));
      w.close();
      assertEquals(5, committedNodes(other));
    }
  }
}
