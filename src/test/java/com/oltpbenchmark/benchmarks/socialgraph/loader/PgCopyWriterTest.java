package com.oltpbenchmark.benchmarks.socialgraph.loader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class PgCopyWriterTest {

  private static final String SCHEMA =
      "CREATE TABLE nodetable (id BIGINT PRIMARY KEY, type INT,"
          + " version BIGINT, time BIGINT, data BYTEA);"
          + " CREATE TABLE linktable (id1 BIGINT, id2 BIGINT, link_type BIGINT, visibility SMALLINT,"
          + " data BYTEA, time BIGINT, version INT, PRIMARY KEY (id1, link_type, id2));"
          + " CREATE TABLE counttable (id BIGINT, link_type BIGINT, count BIGINT, time BIGINT,"
          + " version BIGINT, PRIMARY KEY (id, link_type))";

  private static byte[] allBytes() {
    byte[] b = new byte[256];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) i;
    }
    return b;
  }

  private static void writeAndCheck(Connection c, boolean expectBinary) throws Exception {
    LoadProgress progress = new LoadProgress(3, 60_000);
    // no byte minimum: three nodes take two COPYs, so a second COPY into a table is covered too
    PgCopyWriter w = new PgCopyWriter(c, 2, 0, progress);
    assertEquals(expectBinary, w.binary());
    w.node(-5, 2048, 1, 1_700_000_000L, allBytes());
    w.node(7, 2048, 1, 0, new byte[0]);
    w.node(8, 2048, 1, 0, new byte[] {'\\', '\t', '\n'});
    w.link(7, 123456789, Long.MAX_VALUE, 1, allBytes(), 0, Long.MIN_VALUE + 1);
    w.link(7, 123456790, -3, 0, new byte[0], 9, 42);
    w.count(7, 123456789, 1, Long.MIN_VALUE + 1, 0);
    w.close();
    assertEquals(3, progress.nodes());
    assertEquals(2, progress.links());
    assertEquals(1, progress.counts());
    try (Statement st = c.createStatement()) {
      try (ResultSet rs =
          st.executeQuery("SELECT id, type, version, time, data FROM nodetable ORDER BY id")) {
        assertTrue(rs.next());
        assertEquals(-5, rs.getLong(1));
        assertEquals(1_700_000_000L, rs.getLong(4));
        assertArrayEquals(allBytes(), rs.getBytes(5));
        assertTrue(rs.next());
        assertArrayEquals(new byte[0], rs.getBytes(5));
        assertTrue(rs.next());
        assertArrayEquals(new byte[] {'\\', '\t', '\n'}, rs.getBytes(5));
        assertFalse(rs.next());
      }
      try (ResultSet rs =
          st.executeQuery(
              "SELECT id2, visibility, data, time, version FROM linktable ORDER BY link_type")) {
        assertTrue(rs.next());
        assertEquals(Long.MAX_VALUE, rs.getLong(1));
        assertEquals(1, rs.getInt(2));
        assertArrayEquals(allBytes(), rs.getBytes(3));
        assertEquals(Long.MIN_VALUE + 1, rs.getLong(4));
        assertTrue(rs.next());
        assertEquals(-3, rs.getLong(1));
        assertEquals(0, rs.getInt(2));
        assertEquals(9, rs.getInt(5));
      }
      try (ResultSet rs = st.executeQuery("SELECT count, time FROM counttable")) {
        assertTrue(rs.next());
        assertEquals(1, rs.getLong(1));
        assertEquals(Long.MIN_VALUE + 1, rs.getLong(2));
      }
    }
  }

  @Test
  void binaryCopyRoundTripsEveryValue() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_copy_bin");
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      st.execute(SCHEMA);
      assertTrue(PgCopyWriter.supports(c));
      writeAndCheck(c, true);
    }
  }

  @Test
  void aCopyWaitsForItsMinimumBytesAsWellAsItsRows() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_copy_size");
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      st.execute(SCHEMA);
      LoadProgress progress = new LoadProgress(3, 60_000);
      PgCopyWriter w = new PgCopyWriter(c, 2, progress);
      for (int id = 1; id <= 3; id++) {
        w.node(id, 2048, 1, 0, allBytes());
      }
      // two rows reach the batch size, not the 4 MiB: nothing is sent yet
      assertEquals(0, progress.nodes());
      byte[] big = new byte[PgCopyWriter.MIN_COPY_BYTES / 2];
      w.node(4, 2048, 1, 0, big);
      assertEquals(0, progress.nodes());
      w.node(5, 2048, 1, 0, big);
      assertEquals(5, progress.nodes(), "one COPY once the buffer holds 4 MiB");
      w.node(6, 2048, 1, 0, allBytes());
      w.close();
      assertEquals(6, progress.nodes());
      try (ResultSet rs = st.executeQuery("SELECT count(*), sum(length(data)) FROM nodetable")) {
        assertTrue(rs.next());
        assertEquals(6, rs.getLong(1));
        assertEquals(4 * 256 + 2L * big.length, rs.getLong(2));
      }
    }
  }

  @Test
  void textCopyIsUsedWhenAColumnTypeHasNoBinaryEncodingHere() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_copy_text");
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      st.execute(SCHEMA.replace("count BIGINT", "count NUMERIC(20)"));
      writeAndCheck(c, false);
    }
  }
}
