package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import static com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoFixture.inTxn;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Read;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Write;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoFixture.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Preconditions under real concurrency (many terminals racing on one key, retried like the runtime
 * retries) and the snapshot of a read transaction while another connection commits.
 */
abstract class TaoConcurrencyContract extends TaoContractBase {

  static final long T = 8_000;

  /** Isolation of the racing writers. */
  int writerIsolation() {
    return fx.sampleIsolation();
  }

  /** Terminals racing for one key. */
  int raceTerminals() {
    return 16;
  }

  /** Terminals of the random write-group stress. */
  int stressTerminals() {
    return 8;
  }

  /** Result of one race: outcomes by failure (null key = committed) and the retries taken. */
  record Race(Map<String, Integer> outcomes, int retries) {
    int committed() {
      return outcomes.getOrDefault("committed", 0);
    }

    int failed(PreconditionFailure f) {
      return outcomes.getOrDefault(f.name(), 0);
    }
  }

  /** Starts raceTerminals() writers at once, writer i running {@code opOf(i)} as one Write. */
  Race race(IntFunction<TaoOp> opOf) throws Exception {
    CyclicBarrier start = new CyclicBarrier(raceTerminals());
    ExecutorService pool = Executors.newFixedThreadPool(raceTerminals());
    try {
      List<Future<Outcome>> futures = new ArrayList<>();
      for (int i = 0; i < raceTerminals(); i++) {
        TaoOp op = opOf.apply(i);
        Write write = fx.procedures().write();
        futures.add(
            pool.submit(
                () -> {
                  try (Connection c = fx.connect(writerIsolation())) {
                    start.await(30, TimeUnit.SECONDS);
                    return fx.write(c, write, op);
                  }
                }));
      }
      Map<String, Integer> outcomes = new java.util.TreeMap<>();
      int retries = 0;
      for (Future<Outcome> f : futures) {
        Outcome o = f.get(120, TimeUnit.SECONDS);
        String key = o.committed() ? "committed" : String.valueOf(o.failure());
        outcomes.merge(key, 1, Integer::sum);
        retries += o.retries();
      }
      return new Race(outcomes, retries);
    } finally {
      pool.shutdownNow();
    }
  }

  long visibleLinks(long id1) throws Exception {
    return TaoFixture.scalar(
        conn,
        "SELECT COUNT(*) FROM linktable WHERE id1 = "
            + id1
            + " AND link_type = "
            + T
            + " AND visibility = 1");
  }

  long count(long id1) throws Exception {
    long c = fx.procedures().read().run(conn, TaoOp.assocCount(id1, T)).count();
    conn.commit();
    return c;
  }

  @Test
  void racingUniqueAddsFromOneId1HaveExactlyOneWinner() throws Exception {
    for (long id1 = 1; id1 <= 3; id1++) {
      long source = id1;
      if (id1 > 1) {
        // with the count row already there, the racers serialise on its row lock alone
        // (round 1 covers the racers that create it)
        Write w = fx.procedures().write();
        assertTrue(
            inTxn(
                    conn,
                    c -> {
                      w.run(
                          c,
                          fx.delivery(c),
                          TaoOp.assocWrite(
                              TaoOpKind.ASSOC_ADD,
                              source,
                              T,
                              99,
                              Set.of(),
                              -1,
                              Link.VISIBLE,
                              bytes("x"),
                              1L));
                      w.run(
                          c,
                          fx.delivery(c),
                          TaoOp.assocWrite(
                              TaoOpKind.ASSOC_DELETE,
                              source,
                              T,
                              99,
                              Set.of(),
                              -1,
                              Link.VISIBLE,
                              bytes(""),
                              1L));
                    })
                .committed());
      }
      Race r =
          race(
              i ->
                  TaoOp.assocWrite(
                      TaoOpKind.ASSOC_ADD,
                      source,
                      T,
                      100 + i,
                      EnumSet.of(Precondition.UNIQUE),
                      -1,
                      Link.VISIBLE,
                      bytes("r" + i),
                      1_000 + i));
      System.out.println(getClass().getSimpleName() + " unique race, id1 " + source + ": " + r);
      assertEquals(1, r.committed(), () -> "outcomes " + r);
      assertEquals(
          raceTerminals() - 1, r.failed(PreconditionFailure.UNIQUE), () -> "outcomes " + r);
      assertEquals(1, visibleLinks(source));
      assertEquals(1, count(source));
    }
  }

  @Test
  void racingUniqueBidirectionalAddsOntoOneId2HaveExactlyOneWinner() throws Exception {
    Set<Precondition> both = EnumSet.of(Precondition.UNIQUE, Precondition.BIDIRECTIONAL);
    Race r =
        race(
            i ->
                TaoOp.assocWrite(
                    TaoOpKind.ASSOC_ADD,
                    200 + i,
                    T,
                    50,
                    both,
                    -1,
                    Link.VISIBLE,
                    bytes("b" + i),
                    2_000));
    assertEquals(1, r.committed(), () -> "outcomes " + r);
    System.out.println(getClass().getSimpleName() + " unique+bidirectional race: " + r);
    assertEquals(
        raceTerminals() - 1, r.failed(PreconditionFailure.UNIQUE_INVERSE), () -> "outcomes " + r);
    assertEquals(1, visibleLinks(50));
    assertEquals(1, count(50));
  }

  @Test
  void racingCompareAndSwapOnOneObjectHasExactlyOneWinner() throws Exception {
    Write write = fx.procedures().write();
    assertTrue(
        inTxn(
                conn,
                c ->
                    write.run(
                        c,
                        fx.delivery(c),
                        TaoOp.objectWrite(
                            TaoOpKind.OBJECT_ADD,
                            300,
                            Set.of(),
                            -1,
                            bytes("v1"),
                            1_700_000_000_000L)))
            .committed());
    Race r =
        race(
            i ->
                TaoOp.objectWrite(
                    TaoOpKind.OBJECT_UPDATE,
                    300,
                    EnumSet.of(Precondition.VERSION_MATCH),
                    1,
                    bytes("w" + i),
                    1_700_000_000_000L));
    assertEquals(1, r.committed(), () -> "outcomes " + r);
    System.out.println(getClass().getSimpleName() + " compare-and-swap race: " + r);
    assertEquals(
        raceTerminals() - 1, r.failed(PreconditionFailure.VERSION_MATCH), () -> "outcomes " + r);
    assertEquals(2, fx.procedures().read().run(conn, TaoOp.objectRead(300)).node().version());
    conn.commit();
  }

  @Test
  void readTxnDoesNotSeeACommitThatHappensBetweenItsReads() throws Exception {
    Write write = fx.procedures().write();
    assertTrue(
        inTxn(
                conn,
                c -> {
                  write.run(
                      c,
                      fx.delivery(c),
                      TaoOp.objectWrite(TaoOpKind.OBJECT_ADD, 400, Set.of(), -1, bytes("A"), 1L));
                  write.run(
                      c,
                      fx.delivery(c),
                      TaoOp.assocWrite(
                          TaoOpKind.ASSOC_ADD,
                          400,
                          T,
                          401,
                          Set.of(),
                          -1,
                          Link.VISIBLE,
                          bytes("l"),
                          1L));
                })
            .committed());
    List<TaoOp> reads =
        List.of(
            TaoOp.objectRead(400),
            TaoOp.assocCount(400, T),
            TaoOp.objectRead(400),
            TaoOp.assocCount(400, T));
    // the reader runs at READ COMMITTED, where plain statements would each see the newest data
    try (Connection reader = fx.connect(Connection.TRANSACTION_READ_COMMITTED);
        Connection writer = fx.connect()) {
      int[] step = {0};
      List<TaoReadResult> rs =
          fx.procedures()
              .readTxn()
              .run(
                  reader,
                  fx.delivery(reader),
                  reads,
                  r -> {
                    if (step[0]++ == 1) {
                      try {
                        assertTrue(
                            inTxn(
                                    writer,
                                    c -> {
                                      write.run(
                                          c,
                                          fx.delivery(c),
                                          TaoOp.objectWrite(
                                              TaoOpKind.OBJECT_UPDATE,
                                              400,
                                              Set.of(),
                                              -1,
                                              bytes("B"),
                                              2L));
                                      write.run(
                                          c,
                                          fx.delivery(c),
                                          TaoOp.assocWrite(
                                              TaoOpKind.ASSOC_ADD,
                                              400,
                                              T,
                                              402,
                                              Set.of(),
                                              -1,
                                              Link.VISIBLE,
                                              bytes("m"),
                                              2L));
                                    })
                                .committed());
                      } catch (Exception e) {
                        throw new IllegalStateException(e);
                      }
                    }
                  });
      reader.commit();
      assertArrayEquals(
          bytes("A"),
          ((TaoReadResult.ObjectResult) rs.get(2)).node().data(),
          "object read after the commit");
      assertEquals(rs.get(0).version(), rs.get(2).version());
      assertEquals(
          1, ((TaoReadResult.CountResult) rs.get(3)).count(), "count read after the commit");

      // a new transaction sees the commit
      Read read = fx.procedures().read();
      assertArrayEquals(bytes("B"), read.run(reader, TaoOp.objectRead(400)).node().data());
      if (!"SQLITE".equals(fx.db.type)) {
        // control, where READ COMMITTED exists (SQLite transactions are always one snapshot):
        // the connection is back at it, so two plain reads see a commit made between them
        assertTrue(objectWriteCommits(writer, write, TaoOpKind.OBJECT_UPDATE, 400, "C", 3L));
        assertArrayEquals(
            bytes("C"),
            read.run(reader, TaoOp.objectRead(400)).node().data(),
            "control: without ReadTxn's snapshot a READ COMMITTED transaction sees the commit");
      }
      assertEquals(2, read.run(reader, TaoOp.assocCount(400, T)).count());
      reader.commit();
    }
  }

  /**
   * The snapshot ReadTxn pins lasts for its whole transaction, however its reads were sent (one
   * round trip or one per read): a commit made after it returned, before the runtime commits, stays
   * invisible to a read in the same transaction, although the connection is at READ COMMITTED.
   */
  @Test
  void readTxnSnapshotLastsUntilItsTransactionEnds() throws Exception {
    Write write = fx.procedures().write();
    assertTrue(objectWriteCommits(conn, write, TaoOpKind.OBJECT_ADD, 410, "A", 1L));
    try (Connection reader = fx.connect(Connection.TRANSACTION_READ_COMMITTED);
        Connection writer = fx.connect()) {
      List<TaoReadResult> rs =
          fx.procedures()
              .readTxn()
              .run(
                  reader,
                  fx.delivery(reader),
                  List.of(TaoOp.objectRead(410), TaoOp.assocCount(410, T)));
      assertArrayEquals(bytes("A"), ((TaoReadResult.ObjectResult) rs.get(0)).node().data());
      assertEquals(0, ((TaoReadResult.CountResult) rs.get(1)).count());
      assertTrue(objectWriteCommits(writer, write, TaoOpKind.OBJECT_UPDATE, 410, "B", 2L));
      Read read = fx.procedures().read();
      assertArrayEquals(
          bytes("A"),
          read.run(reader, TaoOp.objectRead(410)).node().data(),
          "a read later in the same transaction still sees the snapshot");
      reader.commit();
      assertArrayEquals(bytes("B"), read.run(reader, TaoOp.objectRead(410)).node().data());
      reader.commit();
    }
  }

  /** Writes one object with no precondition in its own transaction; true if it committed. */
  private boolean objectWriteCommits(
      Connection c, Write write, TaoOpKind kind, long id, String data, long version)
      throws Exception {
    return fx.write(c, write, TaoOp.objectWrite(kind, id, Set.of(), -1, bytes(data), version))
        .committed();
  }

  /**
   * Random write groups from several terminals on a tiny key space for a few seconds: every write
   * to type U carries UNIQUE, every write to type B carries BIDIRECTIONAL, objects get random
   * VERSION_MATCH / UPDATE_ONLY. Nothing may fail other than by a precondition or a retried
   * conflict, and afterwards U has at most one visible association per id1, B is symmetric, and the
   * counts match the visible links (checked after each test).
   */
  @Test
  void randomWriteGroupsKeepUniquenessSymmetryAndCounts() throws Exception {
    final long u = T + 1;
    final long b = T + 2;
    final int terminals = stressTerminals();
    final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    ExecutorService pool = Executors.newFixedThreadPool(terminals);
    List<Future<int[]>> futures = new ArrayList<>();
    for (int t = 0; t < terminals; t++) {
      java.util.Random rnd = new java.util.Random(42 + t);
      com.oltpbenchmark.benchmarks.socialgraph.procedures.WriteTxn writeTxn =
          fx.procedures().writeTxn();
      futures.add(
          pool.submit(
              () -> {
                int[] tally = new int[3]; // committed, precondition aborts, retries
                try (Connection c = fx.connect(writerIsolation())) {
                  while (System.nanoTime() < deadline) {
                    List<TaoOp> ops = new ArrayList<>();
                    for (int n = 1 + rnd.nextInt(4); n > 0; n--) {
                      ops.add(randomOp(rnd, u, b));
                    }
                    Outcome o = fx.writeTxn(c, writeTxn, ops);
                    tally[o.committed() ? 0 : 1]++;
                    tally[2] += o.retries();
                  }
                }
                return tally;
              }));
    }
    int[] total = new int[3];
    try {
      for (Future<int[]> f : futures) {
        int[] r = f.get(120, TimeUnit.SECONDS);
        for (int i = 0; i < 3; i++) {
          total[i] += r[i];
        }
      }
    } finally {
      pool.shutdownNow();
    }
    System.out.println(
        getClass().getSimpleName()
            + " random write groups: committed "
            + total[0]
            + ", precondition aborts "
            + total[1]
            + ", retried conflicts "
            + total[2]
            + " (all tests so far, by SQLState/code: "
            + TaoFixture.RETRIES_BY_CAUSE
            + ")");
    assertTrue(total[0] > 0 && total[1] > 0, "the mix must both commit and abort");
    assertEquals(
        0,
        TaoFixture.scalar(
            conn,
            "SELECT COUNT(*) FROM (SELECT id1 FROM linktable"
                + " WHERE link_type = "
                + u
                + " AND visibility = 1 GROUP BY id1 HAVING COUNT(*) > 1) x"),
        "id1s with more than one visible unique association");
    assertEquals(
        0,
        TaoFixture.scalar(
            conn,
            "SELECT COUNT(*) FROM linktable f WHERE f.link_type = "
                + b
                + " AND f.visibility = 1 AND NOT EXISTS (SELECT 1 FROM linktable r WHERE r.id1 = f.id2"
                + " AND r.id2 = f.id1 AND r.link_type = f.link_type AND r.visibility = 1)"),
        "bidirectional associations without their visible inverse");
  }

  private static TaoOp randomOp(java.util.Random rnd, long u, long b) {
    long id1 = 1 + rnd.nextInt(5);
    long id2 = 1 + rnd.nextInt(5);
    byte[] data = bytes("d" + rnd.nextInt(100));
    switch (rnd.nextInt(3)) {
      case 0:
        {
          TaoOpKind kind =
              new TaoOpKind[] {
                    TaoOpKind.OBJECT_ADD, TaoOpKind.OBJECT_UPDATE, TaoOpKind.OBJECT_DELETE
                  }
                  [rnd.nextInt(3)];
          Set<Precondition> pre = EnumSet.noneOf(Precondition.class);
          if (rnd.nextBoolean()) {
            pre.add(Precondition.VERSION_MATCH);
          }
          if (kind == TaoOpKind.OBJECT_UPDATE && rnd.nextBoolean()) {
            pre.add(Precondition.UPDATE_ONLY);
          }
          return TaoOp.objectWrite(kind, 1000 + id1, pre, rnd.nextInt(3) - 1, data, 1L);
        }
      case 1:
        {
          TaoOpKind kind =
              rnd.nextInt(3) == 0
                  ? TaoOpKind.ASSOC_DELETE
                  : rnd.nextBoolean() ? TaoOpKind.ASSOC_ADD : TaoOpKind.ASSOC_UPDATE;
          Set<Precondition> pre =
              kind == TaoOpKind.ASSOC_DELETE
                  ? EnumSet.noneOf(Precondition.class)
                  : EnumSet.of(Precondition.UNIQUE);
          return TaoOp.assocWrite(kind, id1, u, id2, pre, -1, Link.VISIBLE, data, 1L);
        }
      default:
        {
          TaoOpKind kind =
              new TaoOpKind[] {TaoOpKind.ASSOC_ADD, TaoOpKind.ASSOC_UPDATE, TaoOpKind.ASSOC_DELETE}
                  [rnd.nextInt(3)];
          Set<Precondition> pre = EnumSet.of(Precondition.BIDIRECTIONAL);
          if (rnd.nextInt(4) == 0) {
            pre.add(Precondition.VISIBILITY_MATCH);
          }
          return TaoOp.assocWrite(kind, id1, b, id2, pre, -1, rnd.nextInt(2), data, 1L);
        }
    }
  }
}
