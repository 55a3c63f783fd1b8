package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.oltpbenchmark.benchmarks.socialgraph.ModuleFixture;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoFixture.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoWriteCases.Case;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoWriteCases.Row;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of TAOBench's write semantics ({@link TaoWriteCases}), each as a Write alone and as a
 * WriteTxn of one op, on one database. Subclasses pick the database and whether the writes go step
 * by step (TaoWrites) or through the server routines (routines/postgres.sql, routines/mysql.sql: a
 * Write alone commits itself, its one statement or its routine's call; a WriteTxn is one query that
 * calls the routine inside its transaction). Each case gets its own keys; the rows before are
 * written with plain INSERTs, the rows after read with plain SELECTs, so that neither depends on
 * the code under test.
 */
abstract class TaoWriteSemanticsContract {

  private static final long T = 7_300;
  private static final byte[] OLD = "old".getBytes(StandardCharsets.US_ASCII);

  abstract TaoFixture fixture() throws Exception;

  /** How one op is sent: a Write alone or a WriteTxn of one. */
  private interface Send {
    Outcome send(TaoOp op) throws SQLException;
  }

  @TestFactory
  Stream<DynamicTest> everyCaseAsAWriteAndAsAWriteTxnOfOne() throws Exception {
    TaoFixture fx = fixture();
    Connection conn = fx.connect();
    TaoFixture.Procs procedures = fx.procedures();
    Send write = op -> fx.write(conn, procedures.write(), op);
    Send writeTxn = op -> fx.writeTxn(conn, procedures.writeTxn(), List.of(op));
    List<Case> cases = TaoWriteCases.load();
    List<DynamicTest> tests = new ArrayList<>();
    for (int i = 0; i < cases.size(); i++) {
      Case c = cases.get(i);
      long writeKeys = 1_000_000 + 1_000L * i;
      long txnKeys = 2_000_000 + 1_000L * i;
      tests.add(
          dynamicTest(
              "Write, line " + c.line() + ": " + c.summary(),
              () -> check(conn, c, writeKeys, write, "Write, line " + c.line())));
      tests.add(
          dynamicTest(
              "WriteTxn, line " + c.line() + ": " + c.summary(),
              () -> check(conn, c, txnKeys, writeTxn, "WriteTxn, line " + c.line())));
    }
    tests.add(
        dynamicTest(
            "the counts equal the visible links",
            () -> ModuleFixture.assertCountsMatchVisibleLinks(conn)));
    return tests.stream()
        .onClose(
            () -> {
              try {
                conn.close();
              } catch (SQLException e) {
                throw new IllegalStateException(e);
              }
            });
  }

  private static void check(Connection conn, Case c, long keys, Send send, String label)
      throws SQLException {
    long id1 = keys + 1;
    long id2 = keys + 2;
    byte[] payload = ("new-" + c.line()).getBytes(StandardCharsets.US_ASCII);
    setUp(conn, c, id1, id2, keys);
    TaoOp op =
        c.onObject()
            ? TaoOp.objectWrite(
                c.kind(), id1, c.preconditions(), c.expectedVersion(), payload, 1_700_000_000_000L)
            : TaoOp.assocWrite(
                c.kind(),
                id1,
                T,
                id2,
                c.preconditions(),
                c.expectedVersion(),
                c.expectedVisibility(),
                payload,
                5_000);
    Outcome outcome = send.send(op);
    assertEquals(
        c.failure() == null ? "ok" : c.failure().name(),
        outcome.committed() ? "ok" : String.valueOf(outcome.failure()),
        label + ": the outcome");
    if (c.onObject()) {
      assertEquals(
          describe(c.after(), true), object(conn, id1, payload), label + ": the object after");
      return;
    }
    boolean inverseWritten =
        c.preconditions().contains(Precondition.BIDIRECTIONAL) || c.inverseBefore().present();
    String after =
        describe(c.after(), false)
            + " ; "
            + (inverseWritten ? describe(c.inverseAfter(), false) : "absent")
            + " ; "
            + c.countOfId1()
            + " "
            + c.countOfId2();
    String found =
        link(conn, id1, id2, payload)
            + " ; "
            + link(conn, id2, id1, payload)
            + " ; "
            + count(conn, id1)
            + " "
            + count(conn, id2);
    assertEquals(after, found, label + ": the association ; its inverse ; the counts after");
  }

  /** The rows before, with the payload "old"; other associations at version 0. */
  private static void setUp(Connection conn, Case c, long id1, long id2, long keys)
      throws SQLException {
    if (c.onObject()) {
      if (c.before().present()) {
        update(
            conn,
            "INSERT INTO nodetable (id, type, version, time, data) VALUES (?, ?, ?, ?, ?)",
            id1,
            (long) Node.DEFAULT_TYPE,
            (long) c.before().version(),
            1L,
            OLD);
      }
      conn.commit();
      return;
    }
    insertLink(conn, id1, id2, c.before());
    insertLink(conn, id2, id1, c.inverseBefore());
    for (int k = 0; k < c.othersOfId1(); k++) {
      insertLink(conn, id1, keys + 100 + k, new Row(true, Link.VISIBLE, 0, false));
    }
    for (int k = 0; k < c.othersOfId2(); k++) {
      insertLink(conn, id2, keys + 200 + k, new Row(true, Link.VISIBLE, 0, false));
    }
    insertCount(conn, id1, c.othersOfId1() + (c.before().visible() ? 1 : 0));
    insertCount(conn, id2, c.othersOfId2() + (c.inverseBefore().visible() ? 1 : 0));
    conn.commit();
  }

  private static void insertLink(Connection conn, long id1, long id2, Row row) throws SQLException {
    if (row.present()) {
      update(
          conn,
          "INSERT INTO linktable (id1, id2, link_type, visibility, data, time, version)"
              + " VALUES (?, ?, ?, ?, ?, ?, ?)",
          id1,
          id2,
          T,
          (long) row.visibility(),
          OLD,
          1L,
          (long) row.version());
    }
  }

  private static void insertCount(Connection conn, long id, long count) throws SQLException {
    update(
        conn,
        "INSERT INTO counttable (id, link_type, count, time, version) VALUES (?, ?, ?, ?, ?)",
        id,
        T,
        count,
        1L,
        0L);
  }

  /** A row as the table writes it: "absent", "vN" (an object) or "visible vN", "new" if written. */
  private static String describe(Row row, boolean object) {
    if (!row.present()) {
      return "absent";
    }
    String state = object ? "" : row.visibility() == Link.VISIBLE ? "visible " : "hidden ";
    return state + "v" + row.version() + (row.written() ? " new" : "");
  }

  private static String object(Connection conn, long id, byte[] payload) throws SQLException {
    try (PreparedStatement ps =
        conn.prepareStatement("SELECT version, data FROM nodetable WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        String found = rs.next() ? "v" + rs.getLong(1) + data(rs.getBytes(2), payload) : "absent";
        conn.commit();
        return found;
      }
    }
  }

  private static String link(Connection conn, long id1, long id2, byte[] payload)
      throws SQLException {
    try (PreparedStatement ps =
        conn.prepareStatement(
            "SELECT visibility, version, data FROM linktable"
                + " WHERE id1 = ? AND link_type = ? AND id2 = ?")) {
      ps.setLong(1, id1);
      ps.setLong(2, T);
      ps.setLong(3, id2);
      try (ResultSet rs = ps.executeQuery()) {
        String found =
            rs.next()
                ? (rs.getInt(1) == Link.VISIBLE ? "visible" : "hidden")
                    + " v"
                    + rs.getLong(2)
                    + data(rs.getBytes(3), payload)
                : "absent";
        conn.commit();
        return found;
      }
    }
  }

  /** " new" for the op's payload, nothing for the one set up, else what it is. */
  private static String data(byte[] data, byte[] payload) {
    if (Arrays.equals(data, payload)) {
      return " new";
    }
    return Arrays.equals(data, OLD) ? "" : " data " + new String(data, StandardCharsets.US_ASCII);
  }

  /** The count row of (id, T), 0 when there is none. */
  private static long count(Connection conn, long id) throws SQLException {
    try (PreparedStatement ps =
        conn.prepareStatement("SELECT count FROM counttable WHERE id = ? AND link_type = ?")) {
      ps.setLong(1, id);
      ps.setLong(2, T);
      try (ResultSet rs = ps.executeQuery()) {
        long count = rs.next() ? rs.getLong(1) : 0;
        conn.commit();
        return count;
      }
    }
  }

  private static void update(Connection conn, String sql, Object... params) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        if (params[i] instanceof byte[] b) {
          ps.setBytes(i + 1, b);
        } else {
          ps.setLong(i + 1, (Long) params[i]);
        }
      }
      ps.executeUpdate();
    }
  }
}
