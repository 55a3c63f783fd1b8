package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.LoadedGraph;
import com.oltpbenchmark.benchmarks.socialgraph.ModuleFixture;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Many threads run the LinkBench operation mix against a tiny hot key range, each operation one
 * transaction committed, rolled back and retried the way the runtime does (40001, 40P01 and MySQL
 * 1213/1205 retried). The graph is small enough that writers collide all the time.
 */
final class CountInvariantRace {

  /** LinkBench's published mix; {@link Op} is in the same order. */
  private static final List<Double> WEIGHTS = LoadedGraph.LINKBENCH_MIX;

  private enum Op {
    GET_NODE,
    ADD_NODE,
    UPDATE_NODE,
    DELETE_NODE,
    GET_LINK,
    GET_LINK_LIST,
    COUNT_LINK,
    ADD_LINK,
    UPDATE_LINK,
    DELETE_LINK
  }

  static final int HOT_ID1S = 6;

  /** Link writes after which the race has shown what it can. */
  static final long ENOUGH_LINK_WRITES = 10_000;

  static final int LINK_TYPES = 2;
  static final int HOT_ID2S = 20;
  static final int MAX_ATTEMPTS = 200;

  final AtomicLong committed = new AtomicLong();
  final AtomicLong linkWrites = new AtomicLong();
  final AtomicLong retries = new AtomicLong();

  private final ProcedureFixture fixture;

  CountInvariantRace(ProcedureFixture fixture) {
    this.fixture = fixture;
  }

  /**
   * Runs {@code threads} clients until {@link #ENOUGH_LINK_WRITES} link writes have committed or
   * {@code seconds} have passed; rethrows the first unexpected error. The count bound keeps a fast
   * machine from racing longer than the check needs (about 3 s here for 16 clients).
   */
  void run(int threads, long seconds, long seed) throws Exception {
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> clients = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        long clientSeed = seed * 1000 + t;
        clients.add(
            pool.submit(
                () -> {
                  client(new Random(clientSeed), deadline);
                  return null;
                }));
      }
      for (Future<?> f : clients) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private void client(Random rng, long deadline) throws Exception {
    ProcedureFixture.Procedures p = fixture.procedures();
    try (Connection conn = fixture.connect()) {
      while (System.nanoTime() < deadline && linkWrites.get() < ENOUGH_LINK_WRITES) {
        Op op = pick(rng);
        long id1 = 1 + rng.nextInt(HOT_ID1S);
        long type = 1 + rng.nextInt(LINK_TYPES);
        long id2 = 1 + rng.nextInt(HOT_ID2S);
        int visibility = rng.nextInt(10) == 0 ? Link.HIDDEN : Link.VISIBLE;
        byte[] data = new byte[rng.nextInt(40)];
        rng.nextBytes(data);
        Link link = new Link(id1, type, id2, visibility, data, 0, System.currentTimeMillis());
        boolean expunge = rng.nextInt(5) == 0;
        long nodeId = 1 + rng.nextInt(50);
        for (int attempt = 1; ; attempt++) {
          try {
            execute(p, conn, op, link, expunge, nodeId);
            conn.commit();
            committed.incrementAndGet();
            if (op == Op.ADD_LINK || op == Op.UPDATE_LINK || op == Op.DELETE_LINK) {
              linkWrites.incrementAndGet();
            }
            break;
          } catch (SQLException e) {
            conn.rollback();
            if (!retryable(e) || attempt >= MAX_ATTEMPTS) {
              throw new AssertionError(
                  op
                      + " failed after "
                      + attempt
                      + " attempts: "
                      + e.getSQLState()
                      + "/"
                      + e.getErrorCode()
                      + " "
                      + e.getMessage(),
                  e);
            }
            retries.incrementAndGet();
            backOff(attempt);
          }
        }
      }
    }
  }

  private static void execute(
      ProcedureFixture.Procedures p, Connection conn, Op op, Link l, boolean expunge, long nodeId)
      throws SQLException {
    switch (op) {
      case GET_NODE -> p.getNode.run(conn, Node.DEFAULT_TYPE, nodeId);
      case ADD_NODE -> p.addNode.run(conn, new Node(-1, Node.DEFAULT_TYPE, 1, 1, l.data()));
      case UPDATE_NODE ->
          p.updateNode.run(conn, new Node(nodeId, Node.DEFAULT_TYPE, 2, 2, l.data()));
      case DELETE_NODE -> p.deleteNode.run(conn, Node.DEFAULT_TYPE, nodeId);
      case GET_LINK ->
          p.getLink.run(conn, l.id1(), l.linkType(), new long[] {l.id2(), l.id2() + 1});
      case GET_LINK_LIST ->
          p.getLinkList.run(conn, l.id1(), l.linkType(), 0, Long.MAX_VALUE, 0, 10);
      case COUNT_LINK -> p.countLink.run(conn, l.id1(), l.linkType());
      case ADD_LINK -> p.addLink.run(conn, p.delivery, l);
      case UPDATE_LINK -> p.updateLink.run(conn, p.delivery, l);
      case DELETE_LINK ->
          p.deleteLink.run(conn, p.delivery, l.id1(), l.linkType(), l.id2(), expunge);
    }
  }

  /**
   * Waits a random 0 to 2^attempt ms (at most 63) before the next attempt. Retried at once, a
   * deadlock victim at REPEATABLE READ can loop: it takes its gap lock again while the insert it
   * deadlocked with still waits on other gap holders, and loses again (a CI run saw one UPDATE_LINK
   * lose 200 times in a row). The runtime does not loop: it gives up a request after its few
   * retries and draws the next.
   */
  private static void backOff(int attempt) throws InterruptedException {
    Thread.sleep(ThreadLocalRandom.current().nextInt(1 << Math.min(attempt, 6)));
  }

  /** What the runtime retries: serialisation failures and deadlocks / lock wait timeouts. */
  static boolean retryable(SQLException e) {
    String state = e.getSQLState();
    return "40001".equals(state)
        || "40P01".equals(state)
        || e.getErrorCode() == 1213
        || e.getErrorCode() == 1205;
  }

  private static Op pick(Random rng) {
    double total = 0;
    for (double w : WEIGHTS) {
      total += w;
    }
    double x = rng.nextDouble() * total;
    for (int i = 0; i < WEIGHTS.size(); i++) {
      x -= WEIGHTS.get(i);
      if (x < 0) {
        return Op.values()[i];
      }
    }
    return Op.DELETE_LINK;
  }

  /** Asserts the invariant and that the run really exercised the write paths. */
  void assertInvariantAfterRun() throws SQLException {
    try (Connection conn = fixture.connect()) {
      int pairs = ModuleFixture.assertCountsMatchVisibleLinks(conn);
      assertEquals(HOT_ID1S * LINK_TYPES, pairs, "every hot (id1, type) got a count row");
    }
    assertTrue(
        linkWrites.get() > 500,
        "only " + linkWrites.get() + " link writes committed; the race did not really run");
  }
}
