package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static com.oltpbenchmark.benchmarks.socialgraph.audit.AuditRun.dbworkload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Before --execute: a missing schema, an incomplete graph or a graph of other parameters is a
 * one-line error and exit 1 within seconds; --graph-check=false runs anyway.
 */
class PreflightTest {

  @TempDir Path dir;

  private static LinkBenchConfig maxid1(long n) {
    return LinkBenchConfig.fromMap(Map.of("maxid1", n), 1, "test");
  }

  @Test
  void missingSchemaIsRefusedQuickly() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "empty");
    Path config = AuditRun.config(dir, db, 101, 1, 30, AuditFaultsContract.UPDATE_HEAVY, "");
    try (Connection conn = db.connect()) {
      String p = Preflight.problem(conn, maxid1(101), true);
      assertTrue(p.contains("table nodetable does not exist"), p);
      assertTrue(p.contains("--create=true --load=true"), p);
    }
    long t0 = System.nanoTime();
    assertEquals(
        DBWorkload.EXIT_FAILURE, dbworkload(config, dir.resolve("results"), "--execute=true"));
    assertTrue((System.nanoTime() - t0) / 1e9 < 20, "refused before the 30 s phase");
  }

  @Test
  void createdButNotLoadedOrInterruptedLoadIsRefused() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "created");
    Path config = AuditRun.config(dir, db, 101, 1, 30, AuditFaultsContract.UPDATE_HEAVY, "");
    assertEquals(0, dbworkload(config, dir.resolve("results"), "--create=true"));
    try (Connection conn = db.connect()) {
      String p = Preflight.problem(conn, maxid1(101), true);
      assertTrue(p.contains("not loaded completely"), p);
      assertTrue(p.contains("--graph-check=false"), p);
      assertNull(Preflight.problem(conn, maxid1(101), false), "the switch accepts it");
    }
    assertEquals(
        DBWorkload.EXIT_FAILURE, dbworkload(config, dir.resolve("results"), "--execute=true"));
  }

  @Test
  void aGraphOfOtherParametersIsRefusedNamingTheKey() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "loaded");
    Path config = AuditRun.loadedConfig(dir, db, 101, 1, 2, AuditFaultsContract.UPDATE_HEAVY);
    try (Connection conn = db.connect()) {
      assertNull(Preflight.problem(conn, maxid1(101), true), "the loaded graph matches");
      String p = Preflight.problem(conn, maxid1(201), true);
      assertTrue(p.contains("maxid1: loaded 101, configured 201"), p);
    }
    Path other = AuditRun.config(dir, db, 201, 1, 2, AuditFaultsContract.UPDATE_HEAVY, "");
    Path results = dir.resolve("results");
    assertEquals(DBWorkload.EXIT_FAILURE, dbworkload(other, results, "--execute=true"));
    assertEquals(
        0, dbworkload(other, results, "--execute=true", "--graph-check=false", "--audit=false"));
  }

  @Test
  void aLoadThatStartsRemovesTheMarker() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "reload");
    Path config = AuditRun.loadedConfig(dir, db, 101, 1, 2, AuditFaultsContract.UPDATE_HEAVY);
    try (Connection conn = db.connect()) {
      conn.setAutoCommit(false);
      GraphMarker.clear(conn);
      try (Statement st = conn.createStatement()) {
        st.executeUpdate("INSERT INTO graphmarker (id, maxid1, graph) VALUES (1, 1, 'x')");
      }
      conn.commit();
      GraphMarker.clear(conn);
      assertNull(GraphMarker.read(conn));
    }
  }

  @Test
  void sliceMarkersNameTheMissingSlicesAndOldMarkersWithoutNAreStillRead() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "slices");
    Path config = AuditRun.config(dir, db, 101, 1, 30, AuditFaultsContract.UPDATE_HEAVY, "");
    assertEquals(0, dbworkload(config, dir.resolve("results"), "--create=true"));
    LinkBenchConfig c = maxid1(101);
    String graph = GraphMarker.describe(c);
    try (Connection conn = db.connect()) {
      marker(conn, 1, GraphMarker.sliceDescription(graph, 1, 4));
      marker(conn, 3, GraphMarker.sliceDescription(graph, 3, 4));
      String p = Preflight.problem(conn, c, true);
      assertTrue(
          p.contains(
              "(loaded: 1/4, 3/4); load slice 2/4 with `--load --driver 2/4`, slice 4/4 with"
                  + " `--load --driver 4/4`"),
          p);
      assertNull(LoadGuard.otherSlicing(GraphMarker.slices(conn), 2, 4, graph));
      String other = LoadGuard.otherSlicing(GraphMarker.slices(conn), 2, 3, graph);
      assertTrue(other.startsWith("refusing to load slice 2/3: slices of 4 are loaded"), other);
      String otherGraph =
          LoadGuard.otherSlicing(GraphMarker.slices(conn), 2, 4, GraphMarker.describe(maxid1(201)));
      assertTrue(otherGraph.contains("maxid1: loaded 101, configured 201"), otherGraph);

      // a marker of an older version, without slice=k/N: read as before, and said so
      marker(conn, 2, graph);
      p = Preflight.problem(conn, c, true);
      assertTrue(p.contains("(loaded: 1/4, 2, 3/4)"), p);
      assertNull(LoadGuard.otherSlicing(GraphMarker.slices(conn), 4, 4, graph));

      marker(conn, 4, GraphMarker.sliceDescription(graph, 2, 2));
      p = Preflight.problem(conn, c, true);
      assertTrue(p.contains("slices of different counts N are loaded"), p);
    }
  }

  private static void marker(Connection conn, int k, String description) throws Exception {
    try (Statement st = conn.createStatement()) {
      st.executeUpdate(
          "INSERT INTO graphmarker (id, maxid1, graph) VALUES ("
              + (GraphMarker.SLICE_BASE + k)
              + ", 101, '"
              + description
              + "')");
    }
  }
}
