package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.LoadedGraph;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
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
 * A read transaction sent as one statement returns exactly what its reads return one by one, in
 * autocommit and after the snapshot statement in the same query.
 */
class ReadUnionTest {

  private static final ReadStatements STATEMENTS =
      new ReadStatements(
          new SQLStmt(NodeSql.SELECT_NODE),
          new SQLStmt(LinkSql.SELECT_LINK),
          new SQLStmt(LinkSql.SELECT_LINK_RANGE),
          new SQLStmt(LinkSql.SELECT_COUNT));

  @TempDir Path dir;

  @Test
  void pointReadsOfAKindShareABranchAndEachRangeHasItsOwn() {
    List<TaoOp.ReadOp> ops =
        List.of(
            TaoOp.objectRead(7),
            TaoOp.assocRead(7, 100, 8),
            new TaoOp.AssocRange(7, 100, Long.MIN_VALUE, Long.MAX_VALUE, 5),
            TaoOp.objectRead(9),
            new TaoOp.AssocRange(7, 100, 10, 20, 3),
            TaoOp.assocCount(7, 100),
            TaoOp.assocRead(9, 100, 7),
            TaoOp.objectRead(7),
            TaoOp.assocRead(7, 100, 8),
            TaoOp.assocCount(9, 101));
    String sql = ReadUnion.sql(ops, DatabaseFamily.MYSQL);
    String[] branches = sql.split("\nUNION ALL ");
    assertEquals(5, branches.length, sql);
    assertEquals(
        "SELECT -1, id, type, 0, 1, version, time, data FROM nodetable WHERE id IN (7, 9)",
        branches[0],
        "each object once");
    assertTrue(
        branches[1].startsWith("SELECT -2, ")
            && branches[1].endsWith(
                "FROM linktable FORCE INDEX (PRIMARY) WHERE (id1, link_type, id2) IN"
                    + " ((7, 100, 8), (9, 100, 7))"),
        branches[1]);
    assertTrue(
        branches[2].startsWith("SELECT -3, ")
            && branches[2].endsWith(
                "FROM counttable WHERE (id, link_type) IN ((7, 100), (9, 101))"),
        branches[2]);
    assertTrue(branches[3].startsWith("(SELECT 2, ") && branches[3].endsWith("LIMIT 5)"));
    assertFalse(branches[3].contains("time >="), "an open end is left out: " + branches[3]);
    assertTrue(branches[3].contains("FROM linktable FORCE INDEX (id1_type) WHERE"), branches[3]);
    assertTrue(branches[4].startsWith("(SELECT 4, "), branches[4]);
    assertTrue(branches[4].contains("AND time >= 10 AND time <= 20 ORDER BY"), branches[4]);

    String pg = ReadUnion.sql(ops, DatabaseFamily.POSTGRES);
    assertFalse(pg.contains("FORCE INDEX"), pg);
    assertTrue(pg.contains("FROM linktable WHERE (id1, link_type, id2) IN ((7, 100, 8)"), pg);
    assertEquals(
        1,
        ReadUnion.sql(
                List.of(TaoOp.assocRead(1, 2, 3), TaoOp.assocRead(1, 2, 4)), DatabaseFamily.MYSQL)
            .split("\nUNION ALL ")
            .length,
        "workload A's read transactions (object and association point reads) are one branch per"
            + " kind");
    assertThrows(
        IllegalArgumentException.class, () -> ReadUnion.sql(List.of(), DatabaseFamily.MYSQL));
  }

  @Test
  void onlyDriversThatSendSeveralStatementsAtOnceTakeThePath() throws Exception {
    TestDatabase pg = TestDatabase.postgres("sg_rtt_probe");
    try (Connection c = DriverManager.getConnection(pg.url, pg.username, pg.password)) {
      assertTrue(DatabaseFamily.POSTGRES.readsInOneRoundTrip(c));
    }
    TestDatabase maria = TestDatabase.mariadb("sg_rtt_probe");
    try (Connection c = DriverManager.getConnection(maria.url, maria.username, maria.password)) {
      assertTrue(maria.url.contains("allowMultiQueries=true"), maria.url);
      assertTrue(DatabaseFamily.MYSQL.readsInOneRoundTrip(c));
    }
    String plain = maria.url.replace("allowMultiQueries=true", "allowMultiQueries=false");
    try (Connection c = DriverManager.getConnection(plain, maria.username, maria.password)) {
      assertFalse(DatabaseFamily.MYSQL.readsInOneRoundTrip(c), "multi-queries not allowed");
    }
    TestDatabase sqlite = TestDatabase.sqlite(dir, "sg_rtt_probe");
    try (Connection c = DriverManager.getConnection(sqlite.url)) {
      assertFalse(DatabaseFamily.SQLITE.readsInOneRoundTrip(c));
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
      ops.addAll(List.copyOf(ops.subList(0, 40))); // every kind read twice in one transaction
      conn.commit();
      assertTrue(nonEmptyRanges > 100, "the graph has links to read: " + nonEmptyRanges);

      List<TaoReadResult> oneByOne = new ArrayList<>();
      for (TaoOp.ReadOp op : ops) {
        oneByOne.add(TaoReads.read(conn, STATEMENTS, op));
      }
      conn.commit();
      DatabaseFamily family = DatabaseFamily.resolve(null, conn);
      List<TaoReadResult> seen = new ArrayList<>();
      List<TaoReadResult> afterSnapshot =
          ReadUnion.read(conn, family, family.readSnapshotSql(conn), ops, seen::add);
      conn.commit();
      assertEquals(oneByOne, afterSnapshot);
      assertEquals(afterSnapshot, seen, "each result handed on, in order");
      conn.setAutoCommit(true);
      assertEquals(
          oneByOne, ReadUnion.read(conn, family, null, ops, r -> {}), "alone, in autocommit");
      // a range first, and a range alone: the statement starts with a parenthesised branch
      assertEquals(
          oneByOne.subList(2, 6), ReadUnion.read(conn, family, null, ops.subList(2, 6), r -> {}));
      assertEquals(
          oneByOne.subList(2, 3), ReadUnion.read(conn, family, null, ops.subList(2, 3), r -> {}));
    }
  }
}
