package com.oltpbenchmark.benchmarks.socialgraph.loader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.LoadedGraph;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SocialGraphLoaderTest {

  /** 1,500 nodes in chunks of 128, so three threads really interleave chunks. */
  private static final Map<String, Object> SMALL = Map.of("maxid1", 1501, "loader_chunk_size", 128);

  @TempDir Path dir;

  @Test
  void sqliteLoadIsTheSameWithOneAndThreeThreads() throws Exception {
    LoadedGraph one = LoadedGraph.load(TestDatabase.sqlite(dir, "sg_one"), 1, 1, 100, SMALL);
    LoadedGraph three = LoadedGraph.load(TestDatabase.sqlite(dir, "sg_three"), 1, 3, 37, SMALL);
    assertSameTables(one, three);
    assertMatchesGraph(one);
    assertCountsAreVisibleLinks(one);
  }

  @Test
  void postgresCopyLoadIsTheSameWithOneAndThreeThreadsAndAsSqlite() throws Exception {
    LoadedGraph one = LoadedGraph.load(TestDatabase.postgres("sg_load_one"), 1, 1, 100, SMALL);
    LoadedGraph three = LoadedGraph.load(TestDatabase.postgres("sg_load_three"), 1, 3, 37, SMALL);
    assertSameTables(one, three);
    LoadedGraph lite = LoadedGraph.load(TestDatabase.sqlite(dir, "sg_ref"), 1, 2, 500, SMALL);
    assertSameTables(one, lite);
    assertMatchesGraph(three);
    assertCountsAreVisibleLinks(three);
    assertAddNodeContinuesAfterLoadedIds(three);
    assertEquals(
        1,
        three.count(
            "SELECT COUNT(*) FROM pg_indexes WHERE tablename = 'linktable'"
                + " AND indexname = 'id1_type' AND indexdef LIKE '%(id1, link_type, visibility, \"time\", id2)"
                + " INCLUDE (version, data)'"),
        "the range-scan index must be rebuilt after the load");
  }

  @Test
  void mariadbMultiRowInsertLoadMatchesSqliteAndContinuesIds() throws Exception {
    LoadedGraph maria = LoadedGraph.load(TestDatabase.mariadb("sg_load"), 1, 2, 64, SMALL);
    LoadedGraph lite = LoadedGraph.load(TestDatabase.sqlite(dir, "sg_ref2"), 1, 1, 64, SMALL);
    assertSameTables(maria, lite);
    assertCountsAreVisibleLinks(maria);
    assertAddNodeContinuesAfterLoadedIds(maria);
  }

  @Test
  void sqliteAddNodeContinuesAfterTheLoadedIds() throws Exception {
    assertAddNodeContinuesAfterLoadedIds(
        LoadedGraph.load(TestDatabase.sqlite(dir, "sg_ids"), 1, 2, 100, SMALL));
  }

  @Test
  void unitHarnessDefaultsFillEveryTable() throws Exception {
    // No XML config and BenchBase's test scale factor: defaults must still give every table rows.
    LoadedGraph g = LoadedGraph.load(TestDatabase.sqlite(dir, "sg_harness"), 0.01, 1, 128, null);
    assertEquals(100, g.count("SELECT COUNT(*) FROM nodetable"));
    assertTrue(g.count("SELECT COUNT(*) FROM linktable") >= 1);
    assertTrue(g.count("SELECT COUNT(*) FROM counttable") >= 1);
    assertEquals(100, g.loader.progress().nodes());
    assertEquals(g.count("SELECT COUNT(*) FROM linktable"), g.loader.progress().links());
    assertCountsAreVisibleLinks(g);
  }

  private static void assertSameTables(LoadedGraph a, LoadedGraph b) throws Exception {
    assertTrue(a.count("SELECT COUNT(*) FROM linktable") > 1000, "the test graph is too small");
    assertEquals(a.checksum("nodetable", "id"), b.checksum("nodetable", "id"));
    assertEquals(
        a.checksum("linktable", "id1, link_type, id2"),
        b.checksum("linktable", "id1, link_type, id2"));
    assertEquals(
        a.checksum("counttable", "id, link_type"), b.checksum("counttable", "id, link_type"));
  }

  /** Every row is the graph's row, and the graph's rows are all there. */
  private static void assertMatchesGraph(LoadedGraph g) throws Exception {
    SocialGraph graph = g.loader.graph();
    long expectedLinks = 0;
    for (long id = graph.startId(); id < graph.endId(); id++) {
      expectedLinks += graph.totalOutDegree(id);
    }
    assertEquals(graph.nodeCount(), g.count("SELECT COUNT(*) FROM nodetable"));
    assertEquals(expectedLinks, g.count("SELECT COUNT(*) FROM linktable"));
    try (Connection c = g.connect();
        PreparedStatement nodes =
            c.prepareStatement("SELECT id, type, version, time, data FROM nodetable WHERE id = ?");
        PreparedStatement links =
            c.prepareStatement(
                "SELECT id1, link_type, id2, visibility,"
                    + " data, version, time FROM linktable WHERE id1 = ? AND link_type = ? AND id2 = ?")) {
      for (long id = graph.startId(); id < graph.endId(); id += 7) {
        nodes.setLong(1, id);
        try (ResultSet rs = nodes.executeQuery()) {
          assertTrue(rs.next(), "node " + id + " missing");
          Node expected = graph.node(id);
          assertEquals(
              expected,
              new Node(rs.getLong(1), rs.getInt(2), rs.getLong(3), rs.getLong(4), rs.getBytes(5)));
        }
        for (int t = 0; t < graph.linkTypeCount(); t++) {
          for (long j = 0; j < graph.outDegree(id, t); j++) {
            Link expected = graph.link(id, t, j);
            links.setLong(1, id);
            links.setLong(2, expected.linkType());
            links.setLong(3, expected.id2());
            try (ResultSet rs = links.executeQuery()) {
              assertTrue(rs.next(), "link " + expected + " missing");
              assertEquals(
                  expected,
                  new Link(
                      rs.getLong(1),
                      rs.getLong(2),
                      rs.getLong(3),
                      rs.getInt(4),
                      rs.getBytes(5),
                      rs.getInt(6),
                      rs.getLong(7)));
            }
          }
        }
      }
    }
  }

  private static void assertCountsAreVisibleLinks(LoadedGraph g) throws Exception {
    assertEquals(
        0,
        g.count(
            "SELECT COUNT(*) FROM counttable c WHERE c.count <> "
                + "(SELECT COUNT(*) FROM linktable l WHERE l.id1 = c.id AND l.link_type = c.link_type"
                + " AND l.visibility = 1)"),
        "count rows that differ from their visible links");
    assertEquals(
        0,
        g.count(
            "SELECT COUNT(*) FROM (SELECT id1, link_type FROM linktable"
                + " WHERE visibility = 1 GROUP BY id1, link_type) v WHERE NOT EXISTS (SELECT 1 FROM"
                + " counttable c WHERE c.id = v.id1 AND c.link_type = v.link_type)"),
        "(id1, type) pairs with visible links but no count row");
    assertEquals(
        0,
        g.count(
            "SELECT COUNT(*) FROM counttable c WHERE c.time <> (SELECT MAX(time)"
                + " FROM linktable l WHERE l.id1 = c.id AND l.link_type = c.link_type)"),
        "count time must be the newest loaded link's time");
  }

  private static void assertAddNodeContinuesAfterLoadedIds(LoadedGraph g) throws Exception {
    long maxId1 = g.loader.graph().endId();
    try (Connection c = g.connect();
        Statement st = c.createStatement()) {
      c.setAutoCommit(true);
      String insert = "INSERT INTO nodetable (type, version, time, data) VALUES (2048, 1, 0, ?)";
      long first;
      long second;
      try (PreparedStatement ps = c.prepareStatement(insert, new String[] {"id"})) {
        ps.setBytes(1, new byte[] {1, 2});
        ps.executeUpdate();
        first = generatedId(ps);
        ps.executeUpdate();
        second = generatedId(ps);
      }
      assertEquals(maxId1, first, "AddNode's first id must be maxid1");
      assertEquals(maxId1 + 1, second);
      try (ResultSet rs = st.executeQuery("SELECT data FROM nodetable WHERE id = " + first)) {
        assertTrue(rs.next());
        assertArrayEquals(new byte[] {1, 2}, rs.getBytes(1));
      }
    }
  }

  private static long generatedId(PreparedStatement ps) throws Exception {
    try (ResultSet keys = ps.getGeneratedKeys()) {
      assertTrue(keys.next(), "no generated key");
      return keys.getLong(1);
    }
  }
}
