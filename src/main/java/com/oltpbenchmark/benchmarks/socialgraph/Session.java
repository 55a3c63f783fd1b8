package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.database.JdbcDriver;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery.Mode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ServerWriteRoutines;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One worker's connection as the module sees it: what it can do, and so how each request reaches
 * the database. Made from the configured database type, the isolation level and the run's server
 * routines; the JDBC driver's part (is autocommit cheap to switch, may a query carry several
 * statements) is learned from the first connection it is given, once. It switches autocommit for
 * the pipeline and commits a TAOBench transaction for it. Other code that ends a transaction: the
 * lost-write tracker commits a write to a tracked key ({@code WriteTracker.commit}), a
 * self-committing write group that fails is rolled back by {@link ServerWriteRoutines}, ReadTxn
 * opens a transaction itself for a caller that hands it an autocommit delivery it cannot read in
 * one statement (never this session), and the runtime commits or rolls back after every request.
 *
 * <p>For a request's {@link Request.Shape} it answers one {@link Delivery}:
 *
 * <table>
 *   <caption>Delivery by shape</caption>
 *   <tr><th>shape</th><th>delivery</th></tr>
 *   <tr><td>one-statement read</td><td>autocommit where switching is cheap</td></tr>
 *   <tr><td>read group (ReadTxn)</td><td>autocommit where switching is cheap and the family
 *       reads the group in one statement</td></tr>
 *   <tr><td>one-round-trip write, write group (WriteTxn)</td><td>self-committing where switching
 *       is cheap and the run has server routines (a group also needs them to go as one
 *       query)</td></tr>
 *   <tr><td>anything else, and every shape where switching is not cheap</td><td>in a
 *       transaction</td></tr>
 * </table>
 *
 * <p><b>Autocommit.</b> Both runtimes keep the connection out of autocommit and commit after every
 * request. For a single SELECT that costs a second round trip (the COMMIT) and the server's work of
 * ending the transaction, although the statement alone is already a complete transaction at the
 * same isolation level and sees the same snapshot. Which way the mode is switched depends on what
 * switching costs the driver:
 *
 * <ul>
 *   <li>{@link Switching#AROUND_EACH_READ} (the PostgreSQL driver, also used for CockroachDB):
 *       switching is a local flag while no transaction is open, so autocommit is switched on for
 *       the read and off again before the request returns; the runtime's commit then has nothing to
 *       do.
 *   <li>{@link Switching#UNTIL_NEXT_TRANSACTION} (MariaDB Connector/J): every switch is a {@code
 *       SET autocommit} round trip, so autocommit stays on after a read and is switched off only
 *       when a request that needs a transaction comes; the driver's commit and rollback send
 *       nothing when the server reports no open transaction. Not at SERIALIZABLE: there InnoDB
 *       turns a plain SELECT into a locking read only outside autocommit, and that difference is
 *       kept.
 *   <li>{@link Switching#UNCHANGED} for every other driver: MySQL Connector/J refuses a commit in
 *       autocommit mode and switches with a round trip, and SQLite has no round trips to save.
 * </ul>
 */
final class Session {

  /** How a request gets autocommit on this connection's driver. */
  enum Switching {
    AROUND_EACH_READ,
    UNTIL_NEXT_TRANSACTION,
    UNCHANGED
  }

  private final DatabaseType type;
  private final int isolation;
  private final ServerWriteRoutines routines;
  private Switching switching;
  private Delivery inAutocommit;
  private Delivery selfCommitting;
  private Delivery inTransaction;
  private boolean cheapAutocommit;

  /**
   * @param type the configured database type, or null (the family is then detected)
   * @param isolation the run's isolation level, a {@code Connection.TRANSACTION_*} constant
   * @param routines the run's server routines, or null when writes go step by step
   */
  Session(DatabaseType type, int isolation, ServerWriteRoutines routines) {
    this.type = type;
    this.isolation = isolation;
    this.routines = routines;
  }

  /** The configured database type (may be null). */
  DatabaseType databaseType() {
    return type;
  }

  /** How a request of {@code shape} reaches the database on {@code conn}. */
  Delivery delivery(Connection conn, Request.Shape shape) throws SQLException {
    if (inTransaction == null) {
      learn(conn);
    }
    if (!cheapAutocommit) {
      return inTransaction;
    }
    return switch (shape) {
      case SINGLE_STATEMENT_READ -> inAutocommit;
      case READ_GROUP -> inAutocommit.family().readsInOneStatement() ? inAutocommit : inTransaction;
      case ONE_ROUND_TRIP_WRITE -> routines != null ? selfCommitting : inTransaction;
      case WRITE_GROUP ->
          selfCommitting.sendsWriteGroupsInOneQuery() ? selfCommitting : inTransaction;
      case READ_TRANSACTION -> inTransaction;
    };
  }

  /** How autocommit is switched for a driver, by its {@code getDriverName()}, and an isolation. */
  static Switching switchingFor(String driverName, int isolation) {
    return switch (JdbcDriver.byName(driverName)) {
      case POSTGRESQL -> Switching.AROUND_EACH_READ;
      case MARIADB ->
          isolation != Connection.TRANSACTION_SERIALIZABLE
              ? Switching.UNTIL_NEXT_TRANSACTION
              : Switching.UNCHANGED;
      default -> Switching.UNCHANGED;
    };
  }

  private void learn(Connection conn) throws SQLException {
    switching = switchingFor(conn.getMetaData().getDriverName(), isolation);
    cheapAutocommit = switching != Switching.UNCHANGED;
    Delivery d = Delivery.inTransaction(DatabaseFamily.resolve(type, conn), conn, routines);
    inAutocommit = d.with(Mode.AUTOCOMMIT);
    selfCommitting = d.with(Mode.SELF_COMMITTING);
    inTransaction = d;
  }

  /**
   * Runs {@code request}, one statement or one self-committing round trip, in autocommit (a
   * delivery other than {@link Mode#IN_TRANSACTION}); the connection is out of autocommit again
   * afterwards, or (MariaDB Connector/J) stays in it until the next transaction.
   */
  Outcome runInAutocommit(Connection conn, Request.Body request, Delivery delivery)
      throws SQLException {
    switch (switching) {
      case AROUND_EACH_READ -> {
        conn.setAutoCommit(true);
        Outcome result;
        try {
          result = request.run(conn, delivery);
        } catch (SQLException | RuntimeException e) {
          restoreQuietly(conn, e);
          throw e;
        }
        conn.setAutoCommit(false);
        return result;
      }
      case UNTIL_NEXT_TRANSACTION -> {
        if (!conn.getAutoCommit()) {
          conn.setAutoCommit(true);
        }
        return request.run(conn, delivery);
      }
      default -> {
        return request.run(conn, delivery);
      }
    }
  }

  /** Takes the connection out of autocommit, if a read left it on, before a transaction. */
  void beginTransaction(Connection conn) throws SQLException {
    if (switching == Switching.UNTIL_NEXT_TRANSACTION && conn.getAutoCommit()) {
      conn.setAutoCommit(false);
    }
  }

  private static void restoreQuietly(Connection conn, Exception failure) {
    try {
      conn.setAutoCommit(false);
    } catch (SQLException e) {
      // a broken connection: the runtime closes or reopens it, the request's failure is what counts
      failure.addSuppressed(e);
    }
  }

  /** Commits the open transaction (nothing when the connection is in autocommit). */
  void commit(Connection conn) throws SQLException {
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
  }
}
