package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lock conflicts leave the worker in a form both runtimes retry: upstream BenchBase's rule
 * (SQLState 40001 with code 0, or 1213/1205 with 40001) and this runtime's. Real conflicts come
 * from real servers' drivers, so the SQLState/code pairs are the ones users meet.
 */
class LockConflictsTest {

  @TempDir Path dir;

  /** Upstream BenchBase's retry rule (api/Worker.isRetryable), for the states a module sees. */
  private static boolean upstreamRetries(SQLException e) {
    String state = e.getSQLState();
    int code = e.getErrorCode();
    return "40001".equals(state) && (code == 0 || code == 1213 || code == 1205);
  }

  private static void assertRetriedByBoth(SQLException original, DatabaseType type) {
    SQLException out = LockConflicts.retryable(original, type);
    assertTrue(
        upstreamRetries(out), "upstream would not retry " + out.getSQLState() + "/" + code(out));
    assertTrue(Worker.isRetryable(out, type), "this runtime would not retry " + out);
    if (out != original) {
      assertSame(original, out.getCause());
      assertTrue(out.getMessage().contains(String.valueOf(original.getErrorCode())));
    }
  }

  private static int code(SQLException e) {
    return e.getErrorCode();
  }

  @Test
  void everyConflictFormBecomesRetryableInBothRuntimes() {
    assertRetriedByBoth(new SQLException("deadlock", "40P01", 0), DatabaseType.POSTGRES);
    assertRetriedByBoth(new SQLException("lock timeout", "55P03", 0), DatabaseType.POSTGRES);
    assertRetriedByBoth(new SQLException("lock wait", "HY000", 1205), DatabaseType.MARIADB);
    assertRetriedByBoth(new SQLException("lock wait", "HY000", 1205), DatabaseType.MYSQL);
    assertRetriedByBoth(new SQLException("deadlock", "HY000", 1213), DatabaseType.MYSQL);
    assertRetriedByBoth(new SQLException("busy", null, 5), DatabaseType.SQLITE);
    assertRetriedByBoth(new SQLException("busy snapshot", null, 517), DatabaseType.SQLITE);
    assertRetriedByBoth(new SQLException("locked", null, 6), DatabaseType.SQLITE);
  }

  @Test
  void formsAlreadyRetriedEverywhereAndOtherErrorsAreLeftAlone() {
    for (SQLException same :
        List.of(
            new SQLException("serialization", "40001", 0),
            new SQLException("deadlock", "40001", 1213),
            new SQLException("syntax", "42601", 0),
            new SQLException("duplicate", "23505", 0),
            new SQLException("duplicate", "23000", 1062))) {
      assertSame(same, LockConflicts.retryable(same, DatabaseType.POSTGRES));
      assertSame(same, LockConflicts.retryable(same, DatabaseType.MARIADB));
    }
    // SQLite's code 5 means BUSY only on SQLite
    SQLException five = new SQLException("other", "HY000", 5);
    assertSame(five, LockConflicts.retryable(five, DatabaseType.MARIADB));
    SQLException constraint = new SQLException("constraint", null, 19);
    assertSame(constraint, LockConflicts.retryable(constraint, DatabaseType.SQLITE));
  }

  /** It runs on every failed request of the request path: deciding allocates nothing. */
  @Test
  void decidingThatAnErrorIsNoConflictAllocatesNothing() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    List<SQLException> errors =
        List.of(
            new SQLException("syntax", "42601", 0),
            new SQLException("serialization", "40001", 0),
            new SQLException("constraint", null, 19));
    int kept = 0;
    for (int warm = 0; warm < 20_000; warm++) {
      kept += decide(errors);
    }
    long tid = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(tid);
    for (int i = 0; i < 100_000; i++) {
      kept += decide(errors);
    }
    long allocated = threads.getThreadAllocatedBytes(tid) - before;
    assertTrue(kept > 0);
    // a few hundred bytes of noise (the counter's own reading); 300,000 decisions that allocated
    // would be megabytes
    assertTrue(allocated < 64 * 1024, allocated + " bytes allocated");
  }

  private static int decide(List<SQLException> errors) {
    int same = 0;
    for (int j = 0; j < errors.size(); j++) {
      SQLException e = errors.get(j);
      DatabaseType type = j == 0 ? DatabaseType.POSTGRES : j == 1 ? DatabaseType.MARIADB : null;
      if (LockConflicts.retryable(e, type) == e) {
        same++;
      }
    }
    return same;
  }

  @Test
  void realPostgresDeadlockIsRetryableInBothRuntimes() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_lockconflicts");
    SQLException deadlock =
        crossUpdate(db, "SET deadlock_timeout = '100ms'", "CREATE TABLE kv (k INT PRIMARY KEY)");
    assertEquals("40P01", deadlock.getSQLState());
    assertRetriedByBoth(deadlock, DatabaseType.POSTGRES);
  }

  @Test
  void realMariadbLockWaitTimeoutIsRetryableInBothRuntimes() throws Exception {
    TestDatabase db = TestDatabase.mariadb("sg_lockconflicts");
    SQLException timeout;
    try (Connection a = db.connect();
        Connection b = db.connect()) {
      try (Statement s = a.createStatement()) {
        s.execute("CREATE TABLE kv (k INT PRIMARY KEY) ENGINE=InnoDB");
        s.execute("INSERT INTO kv VALUES (1)");
      }
      a.setAutoCommit(false);
      b.setAutoCommit(false);
      try (Statement s = a.createStatement();
          Statement t = b.createStatement()) {
        s.execute("SET SESSION innodb_lock_wait_timeout = 1");
        t.execute("SET SESSION innodb_lock_wait_timeout = 1");
        s.executeUpdate("UPDATE kv SET k = k WHERE k = 1");
        timeout = assertThrows(SQLException.class, () -> t.executeUpdate("DELETE FROM kv"));
      } finally {
        a.rollback();
        b.rollback();
      }
    }
    assertEquals(1205, timeout.getErrorCode());
    assertRetriedByBoth(timeout, DatabaseType.MARIADB);
  }

  /** The worker itself rethrows SQLite BUSY (another connection holds the write lock). */
  @Test
  void workerRethrowsSqliteBusyInTheRetryableForm() throws Exception {
    LoadedGraph g = LoadedGraph.load(TestDatabase.sqlite(dir, "sg_busy"), 0.01, 1, 128, Map.of());
    List<Worker<? extends BenchmarkModule>> workers = g.benchmark.makeWorkers();
    SocialGraphWorker worker = (SocialGraphWorker) workers.get(0);
    TransactionType addLink = g.conf.getTransTypes().getType("AddLink");
    try (Connection holder = g.connect();
        Connection conn = g.connect()) {
      try (Statement s = conn.createStatement()) {
        s.execute("PRAGMA busy_timeout = 0");
      }
      holder.setAutoCommit(false);
      try (Statement s = holder.createStatement()) {
        s.executeUpdate("UPDATE nodetable SET version = version WHERE id = 1");
      }
      conn.setAutoCommit(false);
      SQLException e =
          assertThrows(SQLException.class, () -> worker.executeWork(conn, addLink), "busy");
      assertEquals("40001", e.getSQLState());
      assertEquals(0, e.getErrorCode());
      assertEquals(5, ((SQLException) e.getCause()).getErrorCode() & 0xff);
      conn.rollback();
      holder.rollback();
    } finally {
      for (Worker<? extends BenchmarkModule> w : workers) {
        w.tearDown();
      }
    }
  }

  /**
   * Two transactions update rows 1 and 2 in opposite orders; the server picks one as the deadlock
   * victim. Returns the victim's exception.
   */
  private static SQLException crossUpdate(TestDatabase db, String sessionSetup, String ddl)
      throws Exception {
    try (Connection a = db.connect();
        Connection b = db.connect()) {
      try (Statement s = a.createStatement()) {
        s.execute(ddl);
        s.execute("INSERT INTO kv VALUES (1), (2)");
      }
      for (Connection c : List.of(a, b)) {
        try (Statement s = c.createStatement()) {
          s.execute(sessionSetup);
        }
        c.setAutoCommit(false);
      }
      try (Statement s = a.createStatement();
          Statement t = b.createStatement()) {
        s.executeUpdate("UPDATE kv SET k = k WHERE k = 1");
        t.executeUpdate("UPDATE kv SET k = k WHERE k = 2");
        CompletableFuture<SQLException> first =
            CompletableFuture.supplyAsync(() -> failure(s, "UPDATE kv SET k = k WHERE k = 2"));
        SQLException second = failure(t, "UPDATE kv SET k = k WHERE k = 1");
        if (second != null) {
          b.rollback(); // releases a
          first.get(30, TimeUnit.SECONDS);
          a.rollback();
          return second;
        }
        SQLException victim = first.get(30, TimeUnit.SECONDS);
        a.rollback();
        b.rollback();
        assertTrue(victim != null, "no deadlock was reported");
        return victim;
      }
    }
  }

  private static SQLException failure(Statement s, String sql) {
    try {
      s.executeUpdate(sql);
      return null;
    } catch (SQLException e) {
      return e;
    }
  }
}
