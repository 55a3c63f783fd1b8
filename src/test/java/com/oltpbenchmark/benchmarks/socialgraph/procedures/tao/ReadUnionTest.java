package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.LoadedGraph;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.LinkSql;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.NodeSql;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read transaction sent as one multi-statement round trip returns exactly what its reads return
 * one by one, on the drivers that take that path.
 */
class ReadTxnOneRoundTripTest {

  private static final ReadStatements STATEMENTS =
      new ReadStatements(
          new SQLStmt(NodeSql.SELECT_NODE),
          new SQLStmt(LinkSql.SELECT_LINK),
          new SQLStmt(LinkSql.SELECT_LINK_RANGE),
          new SQLStmt(LinkSql.SELECT_COUNT));

  @TempDir Path dir;

  @Test
  void parametersAreWrittenInMarkerOrderAndOnlyIntegersAreAccepted() {
    assertEquals(
        "SELECT a FROM t WHERE x = 7 AND y = -2 LIMIT 50",
        TaoReads.withLiterals(
            "SELECT a FROM t WHERE x = ? AND y = ? LIMIT ?", new Object[] {7L, -2L, 50}));
    assertThrows(
        IllegalArgumentException.class,
        () -> TaoReads.withLiterals("SELECT ? , ?", new Object[] {1L}));
    assertThrows(
        IllegalArgumentException.class,
        () -> TaoReads.withLiterals("SELECT ?", new Object[] {1L, 2L}));
    assertThrows(
        IllegalArgumentException.class,
        () -> TaoReads.withLiterals("SELECT ?", new Object[] {"1; DROP TABLE t"}));
  }

  @Test
  void onlyDriversThatSendSeveralStatementsAtOnceTakeThePath() throws Exception {
    TestDatabase pg = TestDatabase.postgres("sg_rtt_probe");
    try (Connection c = DriverManager.getConnection(pg.url, pg.username, pg.password)) {
      assertTrue(SqlDialect.POSTGRES.readsInOneRoundTrip(c));
    }
    TestDatabase maria = TestDatabase.mariadb("sg_rtt_probe");
    try (Connection c = DriverManager.getConnection(maria.url, maria.username, maria.password)) {
      assertTrue(maria.url.contains("allowMultiQueries=true"), maria.url);
      assertTrue(SqlDialect.MYSQL.readsInOneRoundTrip(c));
    }
    String plain = maria.url.replace("allowMultiQueries=true", "allowMultiQueries=false");
    try (Connection c = DriverManager.getConnection(plain, maria.username, maria.password)) {
      assertFalse(SqlDialect.MYSQL.readsInOneRoundTrip(c), "multi-queries not allowed");
    }
    TestDatabase sqlite = TestDatabase.sqlite(dir, "sg_rtt_probe");
    try (Connection c = DriverManager.getConnection(sqlite.url)) {
      assertFalse(SqlDialect.SQLITE.readsInOneRoundTrip(c));
    }
  }

  @Test
  void postgresGivesTheSameResultsAsOneReadAtATime() throws Exception {
    sameResults(TestDatabase.postgres("sg_rtt"));
  }

  @Test
  void mariadbGivesTheSameResultsAsOneReadAtATime() throws Exception {
    sameResults(TestDatabase.mariadb("sg_rtt"));
  }

  private static void sameResults(TestDatabase db) throws Exception {
    LoadedGraph g = LoadedGraph.load(db, 0.05, 1, 512, Map.of());
    long first = g.loader.graph().startId();
    long end = g.loader.graph().endId();
    long type = SocialGraph.FIRST_LINK_TYPE;
    Random rnd = new Random(3);
    try (Connection conn = g.connect()) {
      conn.setAutoCommit(false);
      List<TaoOp.ReadOp> ops = new ArrayList<>();
      int nonEmptyRanges = 0;
      for (int i = 0; i < 300; i++) {
        long id = first + rnd.nextInt((int) (end - first + 2)); // a few past the end: misses
        ops.add(TaoOp.objectRead(id));
        ops.add(TaoOp.assocCount(id, type));
        TaoOp.AssocRange range = new TaoOp.AssocRange(id, type, 0, Long.MAX_VALUE, 1 + i % 50);
        ops.add(range);
        var links = ((TaoReadResult.RangeResult) TaoReads.read(conn, STATEMENTS, range)).links();
        if (!links.isEmpty()) {
          nonEmptyRanges++;
          ops.add(TaoOp.assocRead(id, type, links.get(links.size() - 1).id2()));
        }
        ops.add(TaoOp.assocRead(id, type, id)); // usually absent
      }
      conn.commit();
      assertTrue(nonEmptyRanges > 100, "the graph has links to read: " + nonEmptyRanges);

      List<TaoReadResult> oneByOne = new ArrayList<>();
      for (TaoOp.ReadOp op : ops) {
        oneByOne.add(TaoReads.read(conn, STATEMENTS, op));
      }
      conn.commit();
      List<TaoReadResult> seen = new ArrayList<>();
      List<TaoReadResult> together =
          TaoReads.readInOneRoundTrip(
              conn,
              STATEMENTS,
              SqlDialect.resolve(null, conn).readSnapshotSql(conn),
              ops,
              seen::add);
      conn.commit();
      assertEquals(oneByOne, together);
      assertEquals(together, seen, "each result handed on, in order");
    }
  }
}
