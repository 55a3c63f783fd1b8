package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.database.JdbcDriver;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The part of a {@link Session} that switches autocommit. Runs a read-only request that is one
 * statement (GetNode, GetLink of one IN list, CountLink, GetLinkList, TAOBench Read) as that
 * statement's own transaction, in autocommit mode.
 *
 * <p>Both runtimes keep the connection out of autocommit and commit after every request. For a
 * single SELECT that costs a second round trip (the COMMIT) and the server's work of ending the
 * transaction, although the statement alone is already a complete transaction at the same isolation
 * level and sees the same snapshot. Which way the mode is switched depends on what switching costs
 * the driver:
 *
 * <ul>
 *   <li>{@link Mode#AROUND_EACH_READ} (the PostgreSQL driver, also used for CockroachDB): switching
 *       is a local flag while no transaction is open, so autocommit is switched on for the read and
 *       off again before the request returns; the runtime's commit then has nothing to do.
 *   <li>{@link Mode#UNTIL_NEXT_TRANSACTION} (MariaDB Connector/J): every switch is a {@code SET
 *       autocommit} round trip, so autocommit stays on after a read and is switched off only when a
 *       request that needs a transaction comes; the driver's commit and rollback send nothing when
 *       the server reports no open transaction. Not at SERIALIZABLE: there InnoDB turns a plain
 *       SELECT into a locking read only outside autocommit, and that difference is kept.
 *   <li>{@link Mode#UNCHANGED} for every other driver: MySQL Connector/J refuses a commit in
 *       autocommit mode and switches with a round trip, and SQLite has no round trips to save.
 * </ul>
 */
final class SingleStatementReads {

  /** How reads get their own autocommit transaction on this connection's driver. */
  enum Mode {
    AROUND_EACH_READ,
    UNTIL_NEXT_TRANSACTION,
    UNCHANGED
  }

  private final Mode mode;

  SingleStatementReads(Mode mode) {
    this.mode = mode;
  }

  /** The mode for a driver, by its {@code DatabaseMetaData.getDriverName()}, and an isolation. */
  static Mode modeFor(String driverName, int isolation) {
    return switch (JdbcDriver.byName(driverName)) {
      case POSTGRESQL -> Mode.AROUND_EACH_READ;
      case MARIADB ->
          isolation != Connection.TRANSACTION_SERIALIZABLE
              ? Mode.UNTIL_NEXT_TRANSACTION
              : Mode.UNCHANGED;
      default -> Mode.UNCHANGED;
    };
  }

  Mode mode() {
    return mode;
  }

  /**
   * Runs {@code request}, one statement or one self-committing round trip, alone in its own
   * transaction in autocommit ({@code delivery} says so); the connection is out of autocommit
   * again, or (MariaDB Connector/J) stays in it until the next transaction.
   */
  Outcome run(Connection conn, Request.Body request, Delivery delivery) throws SQLException {
    switch (mode) {
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

  /**
   * Called before a request that needs a transaction: switches autocommit off again if a read left
   * it on.
   */
  void beforeTransaction(Connection conn) throws SQLException {
    if (mode == Mode.UNTIL_NEXT_TRANSACTION && conn.getAutoCommit()) {
      conn.setAutoCommit(false);
    }
  }

  private static void restoreQuietly(Connection conn, Exception failure) {
    try {
      conn.setAutoCommit(false);
    } catch (SQLException e) {
      // a broken connection: the runtime closes or reopens it, the read's failure is what counts
      failure.addSuppressed(e);
    }
  }
}
