package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.database.JdbcDriver;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.LinkSql;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.StatementBinder;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * How a read-only transaction is pinned to one snapshot, per SQL family. (The data statements
 * themselves are SQLStmt fields of the procedures, overridden per database in the dialect files.)
 */
public enum SqlDialect {
  POSTGRES,
  COCKROACHDB,
  /** MySQL and MariaDB (InnoDB). */
  MYSQL,
  /** SQLite: one writer at a time, so a transaction is serializable without locking reads. */
  SQLITE,
  /** Anything else: the configured isolation level is relied on. */
  GENERIC;

  public static SqlDialect of(DatabaseType type) {
    return of(DatabaseFamily.of(type));
  }

  static SqlDialect of(DatabaseFamily family) {
    return switch (family) {
      case POSTGRES -> POSTGRES;
      case COCKROACHDB -> COCKROACHDB;
      case MYSQL -> MYSQL;
      case SQLITE -> SQLITE;
      case OTHER -> GENERIC;
    };
  }

  /**
   * The family of the server behind {@code conn}, for callers that have no configured DatabaseType
   * (procedures built outside a BenchmarkModule, e.g. in tests).
   */
  public static SqlDialect detect(Connection conn) throws SQLException {
    return of(DatabaseFamily.detect(conn));
  }

  /**
   * The configured family when the procedure was built by a BenchmarkModule, otherwise the one
   * {@link #detect detected} from the connection.
   */
  public static SqlDialect resolve(DatabaseType configured, Connection conn) throws SQLException {
    return configured != null ? of(configured) : detect(conn);
  }

  /**
   * Whether {@code conn}'s driver sends a multi-statement text query (a read transaction's snapshot
   * statement and its reads) in one round trip: the PostgreSQL driver always does, MariaDB
   * Connector/J when its URL allows multi-queries. Not tried elsewhere: MySQL Connector/J's option
   * has another name and CockroachDB is untested here.
   */
  public boolean readsInOneRoundTrip(Connection conn) throws SQLException {
    DatabaseMetaData meta = conn.getMetaData();
    JdbcDriver driver = JdbcDriver.of(conn);
    return switch (this) {
      case POSTGRES -> driver == JdbcDriver.POSTGRESQL;
      case MYSQL ->
          driver == JdbcDriver.MARIADB
              && String.valueOf(meta.getURL())
                  .toLowerCase(Locale.ROOT)
                  .contains("allowmultiqueries=true");
      default -> false;
    };
  }

  /**
   * Pins the transaction that the next statement on {@code conn} starts to one snapshot and marks
   * it read-only. Must run before the transaction's first query; it affects that transaction only,
   * so there is nothing to restore afterwards.
   */
  void beginReadSnapshot(Connection conn) throws SQLException {
    String sql = readSnapshotSql(conn);
    if (sql == null) {
      return;
    }
    try (Statement st = StatementBinder.plain(conn)) {
      st.execute(sql);
    }
  }

  /**
   * The statement {@link #beginReadSnapshot} runs, or null when this family needs none. It must be
   * the first statement of its transaction.
   */
  public String readSnapshotSql(Connection conn) throws SQLException {
    String sql;
    switch (this) {
      case POSTGRES:
        // READ COMMITTED takes a new snapshot per statement; REPEATABLE READ keeps the first one
        // A configured SERIALIZABLE is kept: under SSI a REPEATABLE READ snapshot may observe a
        // state no serial order produces. pgjdbc answers getTransactionIsolation without BEGIN.
        sql =
            conn.getTransactionIsolation() == Connection.TRANSACTION_SERIALIZABLE
                ? "SET TRANSACTION READ ONLY"
                : "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY";
        break;
      case COCKROACHDB:
        // SERIALIZABLE is CockroachDB's default; say it in case the cluster default is lower
        sql = "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ ONLY";
        break;
      case MYSQL:
        // Applies to the next transaction. InnoDB REPEATABLE READ reads one consistent snapshot.
        // Also used under SERIALIZABLE: InnoDB's writers are strict 2PL there, so a snapshot of
        // committed data is a serializable view, and the connection is never asked for its level
        // (some drivers would query the server and so open the transaction too early).
        sql = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY";
        break;
      default:
        // SQLite: a transaction reads one snapshot from its first read on (WAL) or holds the
        // shared lock until commit (rollback journal). GENERIC: rely on the configured level.
        return null;
    }
    return sql;
  }

  /**
   * Whether a read transaction's reads go as one SELECT ({@link ReadUnion}): PostgreSQL and
   * MySQL/MariaDB, where one statement reads one snapshot and a UNION ALL may hold a branch with
   * its own ORDER BY and LIMIT in parentheses (SQLite does not allow that; CockroachDB is untested
   * here).
   */
  public boolean readsInOneStatement() {
    return this == POSTGRES || this == MYSQL;
  }

  /** What a range scan names after {@code FROM linktable} (the MySQL family's dialect file's). */
  String rangeIndexHint() {
    return this == MYSQL ? LinkSql.RANGE_INDEX_HINT : "";
  }

  /**
   * What a read of links by whole primary keys names after {@code FROM linktable}: on the MySQL
   * family the primary key, which the optimizer would pass over for the covering range index.
   */
  String pointIndexHint() {
    return this == MYSQL ? LinkSql.POINT_INDEX_HINT : "";
  }
}
