package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Read;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ReadTxn;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Write;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.WriteTxn;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoFixture.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import com.oltpbenchmark.testutil.PreparedSqlLog;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each TAOBench precondition passes and fails when it should, the whole group rolls back on a
 * failure, and the count invariant holds throughout. Subclasses supply the database; every test
 * starts on an empty schema.
 */
abstract class TaoPreconditionContract extends TaoContractBase {

  static final long T = 7_000; // an association type no test shares with another

  Write write;
  WriteTxn writeTxn;
  Read read;
  ReadTxn readTxn;

  /** Runs after {@link TaoContractBase#open}, on its fixture. */
  @BeforeEach
  void openProcedures() throws Exception {
    TaoFixture.Procs p = fx.procedures();
    write = p.write();
    writeTxn = p.writeTxn();
    read = p.read();
    readTxn = p.readTxn();
  }

  // ---- helpers ----

  static Set<Precondition> pre(Precondition... ps) {
    return ps.length == 0 ? Set.of() : EnumSet.of(ps[0], ps);
  }

  static TaoOp assoc(TaoOpKind kind, long id1, long id2, Set<Precondition> pre) {
    return TaoOp.assocWrite(
        kind, id1, T, id2, pre, -1, Link.VISIBLE, bytes("v" + id1 + "-" + id2), 1_000 + id2);
  }

  static TaoOp assoc(
      TaoOpKind kind,
      long id1,
      long id2,
      Set<Precondition> pre,
      long version,
      int visibility,
      String data) {
    return TaoOp.assocWrite(kind, id1, T, id2, pre, version, visibility, bytes(data), 5_000);
  }

  /**
   * An update that leaves (id1, id2) visible, under the one precondition {@code p}; {@code version}
   * -1 leaves the expected version to the procedure.
   */
  static TaoOp assocUpdate(long id1, long id2, Precondition p, long version, String data) {
    return assoc(TaoOpKind.ASSOC_UPDATE, id1, id2, pre(p), version, Link.VISIBLE, data);
  }

  static TaoOp object(TaoOpKind kind, long id, Set<Precondition> pre, long version, String data) {
    return TaoOp.objectWrite(kind, id, pre, version, bytes(data), 1_700_000_000_000L);
  }

  Outcome write(TaoOp op) throws SQLException {
    return fx.write(conn, write, op);
  }

  Outcome writeTxn(TaoOp... ops) throws SQLException {
    return fx.writeTxn(conn, writeTxn, List.of(ops));
  }

  void ok(Outcome o) {
    assertTrue(
        o.committed(),
        () -> "expected commit, got " + o.abort().getMessage() + " / " + o.abort().getCause());
  }

  void fails(PreconditionFailure expected, Outcome o) {
    assertNotNull(
        o.abort(), "expected the precondition " + expected + " to fail, but it committed");
    assertEquals(expected.message(), o.abort().getMessage());
    assertEquals(expected, o.failure());
  }

  Link link(long id1, long id2) throws SQLException {
    Link l = read.run(conn, TaoOp.assocRead(id1, T, id2)).link();
    conn.commit();
    return l;
  }

  boolean visible(long id1, long id2) throws SQLException {
    Link l = link(id1, id2);
    return l != null && l.isVisible();
  }

  long count(long id1) throws SQLException {
    long c = read.run(conn, TaoOp.assocCount(id1, T)).count();
    conn.commit();
    return c;
  }

  Node node(long id) throws SQLException {
    Node n = read.run(conn, TaoOp.objectRead(id)).node();
    conn.commit();
    return n;
  }

  // ---- no precondition (the routines' one-statement path) ----

  @Test
  void plainWritesBumpTheVersionAndKeepTheCount() throws Exception {
    // object: absent -> added at version 1 (add and update alike), present -> version + 1
    ok(write(object(TaoOpKind.OBJECT_UPDATE, 40, pre(), -1, "a")));
    assertEquals(1, node(40).version());
    ok(write(object(TaoOpKind.OBJECT_UPDATE, 40, pre(), -1, "b")));
    assertEquals(2, node(40).version());
    assertArrayEquals(bytes("b"), node(40).data());
    ok(write(object(TaoOpKind.OBJECT_ADD, 41, pre(), -1, "c")));
    ok(write(object(TaoOpKind.OBJECT_ADD, 41, pre(), -1, "d")));
    assertEquals(2, node(41).version());
    assertArrayEquals(bytes("d"), node(41).data());
    // association: added visible at 0, updated while visible -> version + 1, count unchanged
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 42, 43, pre(), -1, Link.VISIBLE, "x")));
    assertEquals(0, link(42, 43).version());
    assertEquals(1, count(42));
    ok(write(assoc(TaoOpKind.ASSOC_UPDATE, 42, 43, pre(), -1, Link.VISIBLE, "y")));
    assertEquals(1, link(42, 43).version());
    assertArrayEquals(bytes("y"), link(42, 43).data());
    assertEquals(5_000, link(42, 43).time());
    assertEquals(1, count(42));
    // updating a hidden association makes it visible again and counts it
    ok(write(assoc(TaoOpKind.ASSOC_DELETE, 42, 43, pre())));
    assertEquals(0, count(42));
    ok(write(assoc(TaoOpKind.ASSOC_UPDATE, 42, 43, pre(), -1, Link.VISIBLE, "z")));
    assertTrue(visible(42, 43));
    assertEquals(1, count(42));
    // updating one that does not exist adds it
    ok(write(assoc(TaoOpKind.ASSOC_UPDATE, 42, 44, pre(), -1, Link.VISIBLE, "w")));
    assertEquals(0, link(42, 44).version());
    assertEquals(2, count(42));
  }

  /**
   * With the server routines, a write that is only its own statement (no precondition; an object
   * add or update, a visible association's update) goes as that statement, without the routine
   * call, and leaves what the routine would; any other write still calls the routine.
   */
  void plainWritesGoAsTheirOneStatement() throws Exception {
    ok(write(object(TaoOpKind.OBJECT_ADD, 60, pre(), -1, "a")));
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 60, 61, pre(), -1, Link.VISIBLE, "x")));
    assertEquals(List.of(false), callsRoutine(object(TaoOpKind.OBJECT_UPDATE, 60, pre(), -1, "b")));
    assertEquals(List.of(false), callsRoutine(object(TaoOpKind.OBJECT_ADD, 62, pre(), -1, "c")));
    assertEquals(
        List.of(false),
        callsRoutine(assoc(TaoOpKind.ASSOC_UPDATE, 60, 61, pre(), -1, Link.VISIBLE, "y")));
    assertEquals(2, node(60).version());
    assertArrayEquals(bytes("b"), node(60).data());
    assertEquals(1, node(62).version());
    assertEquals(1, link(60, 61).version());
    assertArrayEquals(bytes("y"), link(60, 61).data());
    assertEquals(1, count(60));

    // the object is there already, the association is hidden: the statement changes nothing and
    // the routine writes; a precondition: the routine alone
    assertEquals(
        List.of(false, true), callsRoutine(object(TaoOpKind.OBJECT_ADD, 62, pre(), -1, "d")));
    assertEquals(2, node(62).version());
    ok(write(assoc(TaoOpKind.ASSOC_DELETE, 60, 61, pre())));
    assertEquals(
        List.of(false, true),
        callsRoutine(assoc(TaoOpKind.ASSOC_UPDATE, 60, 61, pre(), -1, Link.VISIBLE, "z")));
    assertTrue(visible(60, 61));
    assertEquals(1, count(60), "the routine counted the association visible again");
    assertEquals(
        List.of(true),
        callsRoutine(object(TaoOpKind.OBJECT_UPDATE, 60, pre(Precondition.UPDATE_ONLY), -1, "e")));
    assertArrayEquals(bytes("e"), node(60).data());
  }

  /**
   * Runs {@code op} as one Write that commits; per statement it prepared, whether a routine call.
   */
  private List<Boolean> callsRoutine(TaoOp op) throws SQLException {
    PreparedSqlLog log = new PreparedSqlLog();
    // a connection the thread's kept statements have not seen yet, so that each is prepared anew
    ok(fx.write(log.wrap(conn), fx.procedures().write(), op));
    return log.prepared().stream().map(sql -> sql.contains("sg_tao_write")).toList();
  }

  // ---- UNIQUE ----

  @Test
  void uniqueAllowsTheFirstAndRejectsAnotherVisibleAssociationFromId1() throws Exception {
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 1, 2, pre(Precondition.UNIQUE))));
    fails(
        PreconditionFailure.UNIQUE,
        write(assoc(TaoOpKind.ASSOC_ADD, 1, 3, pre(Precondition.UNIQUE))));
    assertNull(link(1, 3), "the failed add must not leave a row");
    // re-adding the one that exists is not "another" association
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 1, 2, pre(Precondition.UNIQUE))));
    // another id1 is unaffected
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 9, 3, pre(Precondition.UNIQUE))));
    assertEquals(1, count(1));
    // once the existing one is deleted (hidden), a different one may be added
    ok(write(assoc(TaoOpKind.ASSOC_DELETE, 1, 2, pre())));
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 1, 3, pre(Precondition.UNIQUE))));
    assertTrue(visible(1, 3));
    assertEquals(1, count(1));
  }

  @Test
  void abortCarriesTheKeysInItsCause() throws Exception {
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 11, 12, pre())));
    Outcome o = write(assoc(TaoOpKind.ASSOC_ADD, 11, 13, pre(Precondition.UNIQUE)));
    fails(PreconditionFailure.UNIQUE, o);
    String detail = o.abort().getCause().getMessage();
    assertTrue(detail.contains("(11," + T + ",13)"), detail);
  }

  // ---- BIDIRECTIONAL ----

  @Test
  void bidirectionalWritesAndDeletesTheInverseInTheSameTransaction() throws Exception {
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 21, 22, pre(Precondition.BIDIRECTIONAL))));
    assertTrue(visible(21, 22));
    assertTrue(visible(22, 21), "inverse association written");
    assertArrayEquals(link(21, 22).data(), link(22, 21).data());
    assertEquals(1, count(21));
    assertEquals(1, count(22));
    ok(write(assocUpdate(21, 22, Precondition.BIDIRECTIONAL, -1, "updated")));
    assertArrayEquals(bytes("updated"), link(22, 21).data(), "inverse updated too");
    ok(write(assoc(TaoOpKind.ASSOC_DELETE, 21, 22, pre(Precondition.BIDIRECTIONAL))));
    assertTrue(!visible(21, 22) && !visible(22, 21), "both directions deleted");
    assertEquals(0, count(21));
    assertEquals(0, count(22));
    // without the flag only one direction is written
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 23, 24, pre())));
    assertNull(link(24, 23));
  }

  @Test
  void uniqueAndBidirectionalChecksBothSides() throws Exception {
    Set<Precondition> both = pre(Precondition.UNIQUE, Precondition.BIDIRECTIONAL);
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 31, 32, both)));
    // 33 has nothing yet, but 32 already points at 31: the inverse (32 -> 33) would be a second
    fails(PreconditionFailure.UNIQUE_INVERSE, write(assoc(TaoOpKind.ASSOC_ADD, 33, 32, both)));
    assertNull(link(33, 32));
    assertNull(link(32, 33));
    // 31 already points at 32: forward side fails
    fails(PreconditionFailure.UNIQUE, write(assoc(TaoOpKind.ASSOC_ADD, 31, 34, both)));
    // re-adding the same pair is fine from either end
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 32, 31, both)));
    assertEquals(1, count(31));
    assertEquals(1, count(32));
    assertEquals(0, count(33));
  }

  // ---- VERSION_MATCH ----

  @Test
  void versionMatchIsACompareAndSwapOnObjects() throws Exception {
    ok(write(object(TaoOpKind.OBJECT_ADD, 100, pre(), -1, "a")));
    assertEquals(1, node(100).version());
    ok(write(object(TaoOpKind.OBJECT_UPDATE, 100, pre(Precondition.VERSION_MATCH), 1, "b")));
    assertEquals(2, node(100).version());
    // a writer that still believes version 1 loses
    fails(
        PreconditionFailure.VERSION_MATCH,
        write(object(TaoOpKind.OBJECT_UPDATE, 100, pre(Precondition.VERSION_MATCH), 1, "c")));
    assertArrayEquals(bytes("b"), node(100).data());
    assertEquals(2, node(100).version());
    fails(
        PreconditionFailure.VERSION_MATCH,
        write(object(TaoOpKind.OBJECT_DELETE, 100, pre(Precondition.VERSION_MATCH), 7, "")));
    assertNotNull(node(100));
    // an absent object has no version to match
    fails(
        PreconditionFailure.VERSION_MATCH,
        write(object(TaoOpKind.OBJECT_UPDATE, 101, pre(Precondition.VERSION_MATCH), 1, "x")));
    assertNull(node(101));
    ok(write(object(TaoOpKind.OBJECT_DELETE, 100, pre(Precondition.VERSION_MATCH), 2, "")));
    assertNull(node(100));
  }

  @Test
  void versionMatchOnAssociationsAndReadThenCasWithoutAnExpectedVersion() throws Exception {
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 41, 42, pre())));
    assertEquals(0, link(41, 42).version());
    ok(write(assocUpdate(41, 42, Precondition.VERSION_MATCH, 0, "u1")));
    assertEquals(1, link(41, 42).version());
    fails(
        PreconditionFailure.VERSION_MATCH,
        write(assocUpdate(41, 42, Precondition.VERSION_MATCH, 0, "u2")));
    assertArrayEquals(bytes("u1"), link(41, 42).data());
    // expectedVersion < 0: the procedure reads the version itself, then compares under the lock
    ok(write(assocUpdate(41, 42, Precondition.VERSION_MATCH, -1, "u3")));
    assertEquals(2, link(41, 42).version());
    fails(
        PreconditionFailure.VERSION_MATCH,
        write(
            assoc(
                TaoOpKind.ASSOC_DELETE,
                41,
                42,
                pre(Precondition.VERSION_MATCH),
                1,
                Link.VISIBLE,
                "")));
    assertTrue(visible(41, 42));
  }

  // ---- VISIBILITY_MATCH ----

  @Test
  void visibilityMatchComparesTheRowsVisibility() throws Exception {
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 51, 52, pre())));
    ok(write(assoc(TaoOpKind.ASSOC_DELETE, 51, 52, pre())));
    assertEquals(Link.HIDDEN, link(51, 52).visibility());
    fails(
        PreconditionFailure.VISIBILITY_MATCH,
        write(assocUpdate(51, 52, Precondition.VISIBILITY_MATCH, -1, "x")));
    assertEquals(Link.HIDDEN, link(51, 52).visibility());
    assertEquals(0, count(51));
    ok(
        write(
            assoc(
                TaoOpKind.ASSOC_UPDATE,
                51,
                52,
                pre(Precondition.VISIBILITY_MATCH),
                -1,
                Link.HIDDEN,
                "x")));
    assertTrue(visible(51, 52), "an update makes the association visible");
    assertEquals(1, count(51));
    ok(
        write(
            assoc(
                TaoOpKind.ASSOC_DELETE,
                51,
                52,
                pre(Precondition.VISIBILITY_MATCH),
                -1,
                Link.VISIBLE,
                "")));
    assertEquals(0, count(51));
  }

  // ---- UPDATE_ONLY ----

  @Test
  void updateOnlyFailsWhenTheRowIsAbsentAndOtherwiseUpdatesUpsert() throws Exception {
    fails(
        PreconditionFailure.UPDATE_ONLY,
        write(assocUpdate(61, 62, Precondition.UPDATE_ONLY, -1, "x")));
    assertNull(link(61, 62));
    assertEquals(0, count(61));
    fails(
        PreconditionFailure.UPDATE_ONLY,
        write(object(TaoOpKind.OBJECT_UPDATE, 600, pre(Precondition.UPDATE_ONLY), -1, "x")));
    assertNull(node(600));
    // without the precondition an update of an absent row inserts it
    ok(write(assoc(TaoOpKind.ASSOC_UPDATE, 61, 62, pre(), -1, Link.VISIBLE, "y")));
    assertTrue(visible(61, 62));
    ok(write(object(TaoOpKind.OBJECT_UPDATE, 600, pre(), -1, "y")));
    assertArrayEquals(bytes("y"), node(600).data());
    // present: the update-only write goes through
    ok(write(assocUpdate(61, 62, Precondition.UPDATE_ONLY, -1, "z")));
    assertArrayEquals(bytes("z"), link(61, 62).data());
    ok(write(object(TaoOpKind.OBJECT_UPDATE, 600, pre(Precondition.UPDATE_ONLY), -1, "z")));
    assertEquals(2, node(600).version());
    // a deleted (hidden) association no longer exists for update-only
    ok(write(assoc(TaoOpKind.ASSOC_DELETE, 61, 62, pre())));
    fails(
        PreconditionFailure.UPDATE_ONLY,
        write(assocUpdate(61, 62, Precondition.UPDATE_ONLY, -1, "w")));
  }

  // ---- WriteTxn atomicity ----

  @Test
  void aFailedPreconditionInAWriteTxnLeavesNoPartialWrites() throws Exception {
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 71, 72, pre(Precondition.UNIQUE))));
    ok(write(object(TaoOpKind.OBJECT_ADD, 700, pre(), -1, "before")));
    Outcome o =
        writeTxn(
            object(TaoOpKind.OBJECT_ADD, 701, pre(), -1, "new"),
            object(TaoOpKind.OBJECT_UPDATE, 700, pre(), -1, "after"),
            assoc(TaoOpKind.ASSOC_ADD, 73, 74, pre(Precondition.BIDIRECTIONAL)),
            assoc(TaoOpKind.ASSOC_DELETE, 71, 72, pre()),
            assoc(
                TaoOpKind.ASSOC_ADD, 71, 75, pre(Precondition.UNIQUE)), // fine: 72 was just deleted
            assoc(TaoOpKind.ASSOC_ADD, 71, 76, pre(Precondition.UNIQUE))); // fails: 75 is there now
    fails(PreconditionFailure.UNIQUE, o);
    assertNull(node(701));
    assertArrayEquals(bytes("before"), node(700).data());
    assertEquals(1, node(700).version());
    assertNull(link(73, 74));
    assertNull(link(74, 73));
    assertTrue(visible(71, 72), "the delete inside the aborted group is undone");
    assertNull(link(71, 75));
    assertEquals(1, count(71));
    assertEquals(0, count(73));
    // the same group without the failing op commits as a whole
    ok(
        writeTxn(
            object(TaoOpKind.OBJECT_ADD, 701, pre(), -1, "new"),
            assoc(TaoOpKind.ASSOC_ADD, 73, 74, pre(Precondition.BIDIRECTIONAL)),
            assoc(TaoOpKind.ASSOC_DELETE, 71, 72, pre()),
            assoc(TaoOpKind.ASSOC_ADD, 71, 75, pre(Precondition.UNIQUE))));
    assertNotNull(node(701));
    assertTrue(visible(74, 73) && visible(71, 75) && !visible(71, 72));
  }

  // ---- reads ----

  @Test
  void rangeIsNewestFirstVisibleOnlyAndLimitedAndCountIsTheCountRow() throws Exception {
    for (long id2 = 81; id2 <= 86; id2++) {
      ok(write(assoc(TaoOpKind.ASSOC_ADD, 80, id2, pre()))); // time 1000 + id2
    }
    ok(write(assoc(TaoOpKind.ASSOC_DELETE, 80, 85, pre())));
    List<Link> top3 =
        read.run(conn, TaoOp.assocRange(80, T, Long.MIN_VALUE, Long.MAX_VALUE, 3)).links();
    conn.commit();
    assertEquals(List.of(86L, 84L, 83L), top3.stream().map(Link::id2).toList());
    List<Link> window = read.run(conn, TaoOp.assocRange(80, T, 1082, 1084, 10)).links();
    conn.commit();
    assertEquals(List.of(84L, 83L, 82L), window.stream().map(Link::id2).toList());
    assertEquals(5, count(80));
    // the count comes from counttable, not from scanning the links
    try (var st = conn.createStatement()) {
      st.executeUpdate("UPDATE counttable SET count = 42 WHERE id = 80 AND link_type = " + T);
    }
    conn.commit();
    assertEquals(42, count(80));
    try (var st = conn.createStatement()) {
      st.executeUpdate("UPDATE counttable SET count = 5 WHERE id = 80 AND link_type = " + T);
    }
    conn.commit();
  }

  @Test
  void readTxnReturnsEveryReadInOrder() throws Exception {
    ok(write(object(TaoOpKind.OBJECT_ADD, 900, pre(), -1, "o")));
    ok(write(assoc(TaoOpKind.ASSOC_ADD, 900, 901, pre())));
    List<TaoReadResult> rs =
        readTxn.run(
            conn,
            fx.delivery(conn),
            List.of(
                TaoOp.objectRead(900),
                TaoOp.assocRead(900, T, 901),
                TaoOp.assocCount(900, T),
                TaoOp.objectRead(999)));
    conn.commit();
    assertArrayEquals(bytes("o"), ((TaoReadResult.ObjectResult) rs.get(0)).node().data());
    assertEquals(901, ((TaoReadResult.AssocResult) rs.get(1)).link().id2());
    assertEquals(1, ((TaoReadResult.CountResult) rs.get(2)).count());
    assertTrue(!rs.get(3).found());
    // the read-only marking lasted for that transaction only: this connection can write again
    ok(write(object(TaoOpKind.OBJECT_UPDATE, 900, pre(), -1, "p")));
  }
}
