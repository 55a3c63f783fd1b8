package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * How one request reaches the database, as the worker's session decided it for the request's shape,
 * plus what a procedure needs to know about the connection to choose its SQL: the database's
 * family, whether one query may carry several statements, and the server routines (null: writes go
 * step by step). Procedures take their SQL choice from here, by one rule ({@link #oneWrite}, {@link
 * #writeGroup}, {@link #readGroup}), never from the connection. A session makes one instance per
 * mode, so handing one to a procedure allocates nothing.
 *
 * @param severalStatementsPerQuery whether the driver sends a query of several statements in one
 *     round trip
 * @param routines the run's server routines, or null when writes go step by step
 */
public record Delivery(
    Delivery.Mode mode,
    DatabaseFamily family,
    boolean severalStatementsPerQuery,
    ServerWriteRoutines routines) {

  /** Who ends the request's transaction. */
  public enum Mode {
    /** Autocommit is on: each statement is its own transaction. */
    AUTOCOMMIT,
    /**
     * Autocommit is on and the request is one round trip that commits on the server: a routine
     * call, one statement, or a write group's one query that opens and commits its own transaction.
     */
    SELF_COMMITTING,
    /** Autocommit is off: the request runs inside a transaction the pipeline or runtime commits. */
    IN_TRANSACTION
  }

  /**
   * Inside the caller's transaction on {@code conn}, whose driver decides whether a query may carry
   * several statements ({@link DatabaseFamily#readsInOneRoundTrip}); {@code routines} as in the
   * record.
   */
  public static Delivery inTransaction(
      DatabaseFamily family, Connection conn, ServerWriteRoutines routines) throws SQLException {
    return new Delivery(Mode.IN_TRANSACTION, family, family.readsInOneRoundTrip(conn), routines);
  }

  /** The same connection knowledge with another mode. */
  public Delivery with(Mode other) {
    return new Delivery(other, family, severalStatementsPerQuery, routines);
  }

  /**
   * Whether a TAOBench write group can go as one query that commits itself ({@link
   * ServerWriteRoutines#taoWriteGroup}): with server routines, where the driver sends a query of
   * several statements in one round trip (the family's {@link DatabaseFamily#readsInOneRoundTrip}:
   * pgjdbc always, MariaDB Connector/J with {@code allowMultiQueries=true}, as the sample configs
   * set it).
   */
  public boolean sendsWriteGroupsInOneQuery() {
    return routines != null && severalStatementsPerQuery;
  }

  /**
   * How one write goes, a link write or a TAOBench Write: where the run has server routines, one
   * call of the write's routine, and, when the write commits itself, a write that is only its own
   * statement as that statement; else step by step.
   */
  public WriteSql oneWrite() {
    if (routines == null) {
      return WriteSql.STEPS;
    }
    return mode == Mode.SELF_COMMITTING ? WriteSql.STATEMENT_OR_ROUTINE : WriteSql.ROUTINE;
  }

  /**
   * How a TAOBench write group goes: one query that commits itself when the delivery is
   * self-committing (the session makes it so only where {@link #sendsWriteGroupsInOneQuery}), else
   * step by step inside the caller's transaction, routines or not.
   */
  public WriteSql writeGroup() {
    return mode == Mode.SELF_COMMITTING ? WriteSql.GROUP_QUERY : WriteSql.STEPS;
  }

  /**
   * How a TAOBench read group goes: one statement where the family reads a group in one ({@link
   * DatabaseFamily#readsInOneStatement}), alone in autocommit, else after the family's snapshot
   * statement (in the same query where the driver sends several statements at once); elsewhere the
   * snapshot statement and then each read.
   */
  public ReadGroupSql readGroup() {
    if (!family.readsInOneStatement()) {
      return ReadGroupSql.SNAPSHOT_THEN_EACH_READ;
    }
    if (inAutocommit()) {
      return ReadGroupSql.ONE_STATEMENT;
    }
    return severalStatementsPerQuery
        ? ReadGroupSql.SNAPSHOT_AND_STATEMENT_IN_ONE_QUERY
        : ReadGroupSql.SNAPSHOT_THEN_STATEMENT;
  }

  /** Whether autocommit is on for this request. */
  public boolean inAutocommit() {
    return mode != Mode.IN_TRANSACTION;
  }

  @Override
  public String toString() {
    return mode + " (" + family + (routines != null ? ", server routines" : "") + ")";
  }
}
