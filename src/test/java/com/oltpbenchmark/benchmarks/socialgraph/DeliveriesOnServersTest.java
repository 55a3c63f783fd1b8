package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.TransactionStatus;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.apache.commons.configuration2.XMLConfiguration;
import org.junit.jupiter.api.Test;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * What each of the session's deliveries sends on PostgreSQL and MariaDB, through the worker: a
 * one-statement read runs as its own autocommit transaction and a write commits itself, so the
 * runtime's commit after them sends nothing; a TAOBench read transaction is one statement and a
 * write group one query that commits itself. Which delivery a request gets is {@link
 * SessionTest}'s.
 */
class DeliveriesOnServersTest {

  private static final List<String> READS = List.of("GetNode", "GetLinkList", "CountLink");

  /** Changes with every committed TAOBench write: each bumps a version or adds a row. */
  private static final String WRITE_FINGERPRINT =
      "SELECT (SELECT COALESCE(SUM(version), 0) FROM nodetable)"
          + " + (SELECT COALESCE(SUM(version), 0) + COUNT(*) FROM linktable)";

  @Test
  void postgresReadsAndWritesLeaveNoTransactionForTheRuntimeToCommit() throws Exception {
    LoadedGraph g = LoadedGraph.load(TestDatabase.postgres("sg_ssr"), 0.05, 1, 512, Map.of());
    List<Worker<? extends BenchmarkModule>> workers = g.benchmark.makeWorkers();
    SocialGraphWorker worker = (SocialGraphWorker) workers.get(0);
    try (Connection conn = g.connect()) {
      conn.setAutoCommit(false);
      BaseConnection pg = conn.unwrap(BaseConnection.class);
      for (int i = 0; i < 60; i++) {
        TransactionType read = type(g, READS.get(i % READS.size()));
        assertEquals(TransactionStatus.SUCCESS, worker.executeWork(conn, read));
        assertFalse(conn.getAutoCommit(), "the runtime gets its connection back as it gave it");
        assertEquals(TransactionState.IDLE, pg.getTransactionState(), read.getName());
        conn.commit();
      }
      // a write is one self-committing round trip: nothing left for the runtime to commit
      for (String write : List.of("UpdateNode", "AddLink", "UpdateLink", "DeleteLink")) {
        assertEquals(TransactionStatus.SUCCESS, worker.executeWork(conn, type(g, write)));
        assertFalse(conn.getAutoCommit(), write);
        assertEquals(TransactionState.IDLE, pg.getTransactionState(), write);
        conn.commit();
      }
    } finally {
      workers.forEach(Worker::tearDown);
    }
  }

  @Test
  void mariadbReadsAndWritesSendNoCommit() throws Exception {
    LoadedGraph g = LoadedGraph.load(TestDatabase.mariadb("sg_ssr"), 0.05, 1, 512, Map.of());
    g.conf.setIsolationMode("TRANSACTION_REPEATABLE_READ");
    List<Worker<? extends BenchmarkModule>> workers = g.benchmark.makeWorkers();
    SocialGraphWorker worker = (SocialGraphWorker) workers.get(0);
    try (Connection conn = g.connect();
        Connection observer = g.connect()) {
      conn.setAutoCommit(false);
      conn.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      long commitsBefore = sessionCommits(conn);
      for (int i = 0; i < 60; i++) {
        TransactionType read = type(g, READS.get(i % READS.size()));
        assertEquals(TransactionStatus.SUCCESS, worker.executeWork(conn, read));
        conn.commit();
      }
      assertEquals(commitsBefore, sessionCommits(conn), "reads sent no COMMIT");

      long nodesBefore = count(observer, "SELECT COUNT(*) FROM nodetable");
      assertEquals(TransactionStatus.SUCCESS, worker.executeWork(conn, type(g, "AddNode")));
      assertEquals(
          nodesBefore + 1,
          count(observer, "SELECT COUNT(*) FROM nodetable"),
          "the write committed itself, before the runtime's commit");
      conn.commit();
      assertEquals(commitsBefore, sessionCommits(conn), "an autocommit write sends no COMMIT");

      // a link write is one statement from the client: the CALL of its stored procedure
      for (String write : List.of("AddLink", "UpdateLink", "DeleteLink")) {
        long questions = sessionQuestions(conn);
        assertEquals(TransactionStatus.SUCCESS, worker.executeWork(conn, type(g, write)));
        conn.commit();
        // the second reading of the counter counts itself
        assertEquals(questions + 2, sessionQuestions(conn), write + " sent one statement");
      }
    } finally {
      workers.forEach(Worker::tearDown);
    }
  }

  @Test
  void postgresWriteGroupsAreOneQueryThatCommitsItself() throws Exception {
    WorkloadConfiguration conf = ModuleFixture.configuration(TestDatabase.postgres("sg_ssr_tao"));
    XMLConfiguration xml = LoadedGraph.taoBenchWorkloadA();
    LoadedGraph g = LoadedGraph.load(conf, 0.05, 1, 512, xml, List.of("WriteTxn"));
    List<Worker<? extends BenchmarkModule>> workers = g.benchmark.makeWorkers();
    SocialGraphWorker worker = (SocialGraphWorker) workers.get(0);
    try (Connection conn = g.connect()) {
      conn.setAutoCommit(false);
      BaseConnection pg = conn.unwrap(BaseConnection.class);
      int[] statements = {0};
      Connection counted = countingStatements(conn, statements);
      long before = count(conn, WRITE_FINGERPRINT);
      conn.commit();
      int n = 20;
      int aborted = 0;
      for (int i = 0; i < n; i++) {
        try {
          assertEquals(TransactionStatus.SUCCESS, worker.executeWork(counted, type(g, "WriteTxn")));
        } catch (Procedure.UserAbortException preconditionFailed) {
          aborted++;
        }
        assertFalse(conn.getAutoCommit(), "the runtime gets its connection back as it gave it");
        assertEquals(TransactionState.IDLE, pg.getTransactionState(), "the group committed itself");
        conn.commit();
      }
      // one query per group (the step-by-step path prepares a statement per lock and per write),
      // plus the ROLLBACK of the transaction a failed precondition leaves open
      assertEquals(n + aborted, statements[0], "one query per group (and a ROLLBACK per abort)");
      assertTrue(aborted < n, "some groups committed");
      assertNotEquals(before, count(conn, WRITE_FINGERPRINT), "the committed groups wrote");
    } finally {
      workers.forEach(Worker::tearDown);
    }
  }

  /** {@code conn}, counting the statements created or prepared through it into {@code n[0]}. */
  private Connection countingStatements(Connection conn, int[] n) {
    return (Connection)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (method.getName().startsWith("create") || method.getName().startsWith("prepare")) {
                n[0]++;
              }
              try {
                return method.invoke(conn, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  @Test
  void mariadbTransactionsAreOneQueryAndAutocommitStaysOn() throws Exception {
    WorkloadConfiguration conf = ModuleFixture.configuration(TestDatabase.mariadb("sg_ssr_tao"));
    conf.setIsolationMode("TRANSACTION_REPEATABLE_READ");
    XMLConfiguration xml = LoadedGraph.taoBenchWorkloadA();
    LoadedGraph g =
        LoadedGraph.load(conf, 0.05, 1, 512, xml, List.of("Read", "ReadTxn", "WriteTxn"));
    List<Worker<? extends BenchmarkModule>> workers = g.benchmark.makeWorkers();
    SocialGraphWorker worker = (SocialGraphWorker) workers.get(0);
    try (Connection conn = g.connect()) {
      conn.setAutoCommit(false);
      conn.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      assertEquals(TransactionStatus.SUCCESS, worker.executeWork(conn, type(g, "Read")));
      assertTrue(conn.getAutoCommit(), "a read leaves autocommit on");
      long begins = sessionStatus(conn, "COM_BEGIN");
      long commits = sessionStatus(conn, "COM_COMMIT");
      long sets = sessionStatus(conn, "COM_SET_OPTION");
      long questions = sessionStatus(conn, "QUESTIONS");
      int n = 20;
      for (int i = 0; i < n; i++) {
        assertEquals(TransactionStatus.SUCCESS, worker.executeWork(conn, type(g, "ReadTxn")));
        conn.commit(); // the runtime's: nothing is open, so nothing is sent
      }
      // one statement per read transaction (the second reading of the counter counts itself), and
      // it is the whole transaction: no START TRANSACTION, COMMIT or SET of any kind
      assertEquals(questions + n + 1, sessionStatus(conn, "QUESTIONS"), "one statement each");
      assertEquals(begins, sessionStatus(conn, "COM_BEGIN"));
      assertEquals(commits, sessionStatus(conn, "COM_COMMIT"));
      assertEquals(sets, sessionStatus(conn, "COM_SET_OPTION"));
      assertTrue(conn.getAutoCommit());
      assertEquals(0, count(conn, "SELECT @@in_transaction"), "no transaction left open");

      // a write group is one query too (one statement object; a failed precondition costs one
      // more, the ROLLBACK of the transaction the query left open), which commits itself
      begins = sessionStatus(conn, "COM_BEGIN");
      commits = sessionStatus(conn, "COM_COMMIT");
      int[] statements = {0};
      Connection counted = countingStatements(conn, statements);
      int aborted = 0;
      for (int i = 0; i < n; i++) {
        try {
          assertEquals(TransactionStatus.SUCCESS, worker.executeWork(counted, type(g, "WriteTxn")));
        } catch (Procedure.UserAbortException preconditionFailed) {
          aborted++;
        }
        conn.commit();
        assertTrue(conn.getAutoCommit(), "autocommit stays on");
      }
      assertEquals(n + aborted, statements[0], "one query per group (and a ROLLBACK per abort)");
      assertEquals(begins + n, sessionStatus(conn, "COM_BEGIN"), "one transaction per group");
      assertEquals(commits + n - aborted, sessionStatus(conn, "COM_COMMIT"), "one COMMIT each");
      assertTrue(conn.getAutoCommit());
      assertEquals(0, count(conn, "SELECT @@in_transaction"), "no transaction left open");
    } finally {
      workers.forEach(Worker::tearDown);
    }
  }

  private static TransactionType type(LoadedGraph g, String name) {
    return g.conf.getTransTypes().getType(name);
  }

  /** COMMIT statements this session has sent (MariaDB's session status counter). */
  private static long sessionCommits(Connection conn) throws Exception {
    return sessionStatus(conn, "COM_COMMIT");
  }

  /** One of MariaDB's session status counters, by its upper-case name. */
  private static long sessionStatus(Connection conn, String name) throws Exception {
    return count(
        conn,
        "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS"
            + " WHERE VARIABLE_NAME = '"
            + name
            + "'");
  }

  /** Statements this session has sent (MariaDB's session status counter). */
  private static long sessionQuestions(Connection conn) throws Exception {
    return sessionStatus(conn, "QUESTIONS");
  }

  private static long count(Connection conn, String sql) throws Exception {
    try (Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
