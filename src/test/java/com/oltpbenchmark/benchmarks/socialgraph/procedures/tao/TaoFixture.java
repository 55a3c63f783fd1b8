package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.Procedure.UserAbortException;
import com.oltpbenchmark.benchmarks.socialgraph.ModuleFixture;
import com.oltpbenchmark.benchmarks.socialgraph.SocialGraphBenchmark;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Read;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ReadTxn;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ServerWriteRoutines;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ServerWriteRoutinesFixture;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Write;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.WriteTxn;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * One test database with the socialgraph schema (created through the module's own DDL), the
 * TAOBench procedures instantiated the way the runtime does (dialect file applied), plus a
 * transaction runner that behaves like the runtime's worker: auto-commit off, commit after the
 * procedure, roll back on a user abort (never retried) or an SQLException, retry the contention
 * class (serialization failure, deadlock, lock wait timeout).
 */
final class TaoFixture {

  final TestDatabase db;
  final SocialGraphBenchmark benchmark;

  /** Server write routines Write calls, or null: the step-by-step path. */
  private final ServerWriteRoutines routines;

  TaoFixture(TestDatabase db) throws Exception {
    this(db, false);
  }

  /**
   * @param serverRoutines whether Write sends each write as one call of the database's server
   *     routine (created here) instead of step by step
   */
  TaoFixture(TestDatabase db, boolean serverRoutines) throws Exception {
    this.db = db;
    benchmark =
        ModuleFixture.benchmark(
            ModuleFixture.configuration(db), List.of("Read", "Write", "ReadTxn", "WriteTxn"));
    benchmark.createDatabase();
    routines = serverRoutines ? ServerWriteRoutinesFixture.installed(db) : null;
  }

  /**
   * How a procedure reaches the database on {@code conn} inside the caller's transaction: step by
   * step, or through the server routines where this fixture has them.
   */
  Delivery delivery(Connection conn) throws SQLException {
    return Delivery.inTransaction(DatabaseFamily.of(DatabaseType.get(db.type)), conn, routines);
  }

  /** One worker's instances of the four TAOBench procedures. */
  record Procs(Read read, Write write, ReadTxn readTxn, WriteTxn writeTxn) {}

  /** A fresh set of procedure instances, as one worker gets them. */
  Procs procedures() {
    Map<Class<?>, Procedure> byClass = ModuleFixture.procedures(benchmark);
    return new Procs(
        (Read) byClass.get(Read.class),
        (Write) byClass.get(Write.class),
        (ReadTxn) byClass.get(ReadTxn.class),
        (WriteTxn) byClass.get(WriteTxn.class));
  }

  /** A worker-like connection at the isolation the sample config of this database uses. */
  Connection connect() throws SQLException {
    return connect(sampleIsolation());
  }

  Connection connect(int isolation) throws SQLException {
    Connection c = db.connect();
    c.setAutoCommit(false);
    c.setTransactionIsolation(isolation);
    return c;
  }

  int sampleIsolation() {
    switch (db.type) {
      case "POSTGRES":
        return Connection.TRANSACTION_READ_COMMITTED;
      case "MARIADB":
      case "MYROCKS":
        return Connection.TRANSACTION_REPEATABLE_READ;
      default:
        return Connection.TRANSACTION_SERIALIZABLE;
    }
  }

  /** Retried conflicts by "SQLState/vendor code", over all tests of the JVM (for reports). */
  static final Map<String, Integer> RETRIES_BY_CAUSE =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** One transaction body, as a procedure call. */
  interface Body {
    void run(Connection conn) throws SQLException;
  }

  /** How a transaction ended after the runtime-like retries. */
  record Outcome(PreconditionFailure failure, UserAbortException abort, int retries) {
    boolean committed() {
      return abort == null;
    }
  }

  /**
   * Runs {@code body} and commits; a user abort rolls back and is returned; a retryable
   * SQLException rolls back and runs the body again (up to 100 times); any other SQLException rolls
   * back and is rethrown.
   */
  static Outcome inTxn(Connection conn, Body body) throws SQLException {
    return attempts(conn, body, true);
  }

  /**
   * One Write in its own transaction, as a run sends it: where the server routines are in use the
   * write commits itself in autocommit (the request pipeline's one-round-trip writes, which is also
   * where a plain write goes as its one statement), elsewhere in the runtime's transaction.
   */
  Outcome write(Connection conn, Write write, TaoOp op) throws SQLException {
    Delivery d = delivery(conn);
    return routines != null
        ? selfCommitting(conn, c -> write.run(c, d.with(Delivery.Mode.SELF_COMMITTING), op))
        : inTxn(conn, c -> write.run(c, d, op));
  }

  /**
   * One WriteTxn group in its own transaction, as a run sends it: where it goes as one
   * self-committing query ({@link Delivery#sendsWriteGroupsInOneQuery}) in autocommit, elsewhere in
   * the runtime's transaction.
   */
  Outcome writeTxn(Connection conn, WriteTxn writeTxn, List<TaoOp> ops) throws SQLException {
    Delivery d = delivery(conn);
    return d.sendsWriteGroupsInOneQuery()
        ? selfCommitting(conn, c -> writeTxn.run(c, d.with(Delivery.Mode.SELF_COMMITTING), ops))
        : inTxn(conn, c -> writeTxn.run(c, d, ops));
  }

  /** {@code body} committing itself in autocommit. */
  private static Outcome selfCommitting(Connection conn, Body body) throws SQLException {
    conn.setAutoCommit(true);
    try {
      return attempts(conn, body, false);
    } finally {
      conn.setAutoCommit(false);
    }
  }

  private static Outcome attempts(Connection conn, Body body, boolean inTransaction)
      throws SQLException {
    for (int attempt = 0; ; attempt++) {
      try {
        body.run(conn);
        if (inTransaction) {
          conn.commit();
        }
        return new Outcome(null, null, attempt);
      } catch (UserAbortException e) {
        if (inTransaction) {
          conn.rollback();
        }
        return new Outcome(PreconditionFailure.fromMessage(e.getMessage()), e, attempt);
      } catch (SQLException e) {
        if (inTransaction) {
          conn.rollback();
        }
        if (!isRetryable(e) || attempt >= 1000) {
          throw e;
        }
        RETRIES_BY_CAUSE.merge(e.getSQLState() + "/" + e.getErrorCode(), 1, Integer::sum);
        // a short random back-off, so that SERIALIZABLE writers on a handful of hot keys cannot
        // keep aborting each other on a busy machine
        try {
          Thread.sleep(
              java.util.concurrent.ThreadLocalRandom.current().nextInt(1 + Math.min(attempt, 20)));
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /** The contention class the runtime retries: 40001, 40P01, MySQL 1213 and 1205. */
  static boolean isRetryable(SQLException e) {
    String state = e.getSQLState();
    int code = e.getErrorCode();
    return "40001".equals(state) || "40P01".equals(state) || code == 1213 || code == 1205;
  }

  static long scalar(Connection conn, String sql) throws SQLException {
    try (Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      long v = rs.getLong(1);
      conn.commit();
      return v;
    }
  }
}
