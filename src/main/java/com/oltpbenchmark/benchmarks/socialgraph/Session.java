package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery.Mode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ServerWriteRoutines;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.SqlDialect;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One worker's connection as the module sees it: what it can do, and so how each request reaches
 * the database. Made from the configured database type, the isolation level and the run's server
 * routines; the JDBC driver's part (is autocommit cheap to switch, may a query carry several
 * statements) is learned from the first connection it is given, once. The only place that reads the
 * connection's autocommit flag, switches it, or commits for the pipeline.
 *
 * <p>For a request's {@link Request.Shape} it answers one {@link Delivery}:
 *
 * <table>
 *   <caption>Delivery by shape</caption>
 *   <tr><th>shape</th><th>delivery</th></tr>
 *   <tr><td>one-statement read</td><td>autocommit where switching is cheap</td></tr>
 *   <tr><td>read group (ReadTxn)</td><td>autocommit where switching is cheap and the dialect
 *       reads the group in one statement</td></tr>
 *   <tr><td>one-round-trip write, write group (WriteTxn)</td><td>self-committing where switching
 *       is cheap and the run has server routines (a group also needs them to go as one
 *       query)</td></tr>
 *   <tr><td>anything else, and every shape where switching is not cheap</td><td>in a
 *       transaction</td></tr>
 * </table>
 */
final class Session {

  private final DatabaseType type;
  private final int isolation;
  private final ServerWriteRoutines routines;
  private SingleStatementReads autocommit;
  private Delivery inAutocommit;
  private Delivery selfCommitting;
  private Delivery inTransaction;
  private boolean cheapAutocommit;

  /**
   * @param type the configured database type, or null (the dialect is then detected)
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
      case READ_GROUP ->
          inAutocommit.dialect().readsInOneStatement() ? inAutocommit : inTransaction;
      case ONE_ROUND_TRIP_WRITE -> routines != null ? selfCommitting : inTransaction;
      case WRITE_GROUP ->
          selfCommitting.sendsWriteGroupsInOneQuery() ? selfCommitting : inTransaction;
      case READ_TRANSACTION, WRITE -> inTransaction;
    };
  }

  private void learn(Connection conn) throws SQLException {
    autocommit =
        new SingleStatementReads(
            SingleStatementReads.modeFor(conn.getMetaData().getDriverName(), isolation));
    cheapAutocommit = autocommit.mode() != SingleStatementReads.Mode.UNCHANGED;
    Delivery d = Delivery.inTransaction(SqlDialect.resolve(type, conn), conn, routines);
    inAutocommit = d.with(Mode.AUTOCOMMIT);
    selfCommitting = d.with(Mode.SELF_COMMITTING);
    inTransaction = d;
  }

  /** Runs {@code request} in autocommit (a delivery other than {@link Mode#IN_TRANSACTION}). */
  Outcome runInAutocommit(Connection conn, Request.Body request, Delivery delivery)
      throws SQLException {
    return autocommit.run(conn, request, delivery);
  }

  /** Takes the connection out of autocommit, if a read left it on, before a transaction. */
  void beginTransaction(Connection conn) throws SQLException {
    autocommit.beforeTransaction(conn);
  }

  /** Commits the open transaction (nothing when the connection is in autocommit). */
  void commit(Connection conn) throws SQLException {
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
  }
}
