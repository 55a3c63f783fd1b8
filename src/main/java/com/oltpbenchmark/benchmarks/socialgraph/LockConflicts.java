package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.SqlStates;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.SQLException;

/**
 * Gives the module's lock conflicts one form that every BenchBase runtime retries.
 *
 * <p>Upstream BenchBase retries only SQLState 40001 with error code 0 (PostgreSQL's serialization
 * failure), 1213/1205 with SQLState 40001 and {@code SQLRecoverableException}; a PostgreSQL
 * deadlock (40P01), a lock wait timeout that a driver reports as 1205/HY000 or PostgreSQL 55P03,
 * and SQLite's BUSY/LOCKED would end as ERROR there, while this project's runtime retries them. So
 * the worker rethrows those as a plain {@code SQLException} with SQLState 40001 and code 0: both
 * runtimes roll back and retry it on the same connection. {@code SQLRecoverableException} is not
 * used because a runtime may take it as a sign that the connection is gone and reconnect.
 */
final class LockConflicts {

  /** The SQLState both runtimes retry without touching the connection. */
  static final String RETRYABLE_STATE = SqlStates.SERIALIZATION_FAILURE;

  private LockConflicts() {}

  /**
   * {@code ex} itself, or, when it is a lock conflict in a form some runtime would not retry, a
   * retryable exception whose cause is {@code ex} and whose message keeps its SQLState and code.
   *
   * @param type the configured database type (null: no family's own codes are known)
   */
  static SQLException retryable(SQLException ex, DatabaseType type) {
    return retryable(ex, DatabaseFamily.of(type));
  }

  /** As {@link #retryable(SQLException, DatabaseType)}, for the database's family. */
  static SQLException retryable(SQLException ex, DatabaseFamily family) {
    if (!isConflict(ex, family) || isUniversallyRetried(ex)) {
      return ex;
    }
    SQLException translated =
        new SQLException(
            "lock conflict (SQLState "
                + ex.getSQLState()
                + ", error code "
                + ex.getErrorCode()
                + "), retried as a serialization failure: "
                + ex.getMessage(),
            RETRYABLE_STATE,
            0,
            ex);
    translated.setNextException(ex.getNextException());
    return translated;
  }

  /**
   * Deadlocks, lock wait timeouts and serialization failures: the forms every family reports alike,
   * then the family's own ({@link DatabaseFamily#isLockConflict}).
   */
  private static boolean isConflict(SQLException ex, DatabaseFamily family) {
    String state = ex.getSQLState();
    return RETRYABLE_STATE.equals(state) || "40P01".equals(state) || family.isLockConflict(ex);
  }

  private static boolean isUniversallyRetried(SQLException ex) {
    int code = ex.getErrorCode();
    return RETRYABLE_STATE.equals(ex.getSQLState()) && (code == 0 || code == 1213 || code == 1205);
  }
}
