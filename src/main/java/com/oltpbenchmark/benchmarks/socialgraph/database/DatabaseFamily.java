package com.oltpbenchmark.benchmarks.socialgraph.database;

import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * Everything the module knows about a database beyond its SQL files, in one place: which configured
 * {@code <type>} (or, where none is configured, which server product) belongs to the family, how a
 * read-only transaction is pinned to one snapshot, which index hints the reads name, the server
 * routines' SQL ({@link RoutineSql}, where routines are written), and the load's database steps
 * (session settings, bulk copy, deferred indexes, the node id allocator, statistics). Adding a
 * database is one constant here plus its DDL, dialect and routine files. MyRocks is MySQL with
 * another storage engine: same SQL, same statements.
 */
public enum DatabaseFamily {
  POSTGRES(RoutineSql.POSTGRES) {
    @Override
    public String readSnapshotSql(Connection conn) throws SQLException {
      // READ COMMITTED takes a new snapshot per statement; REPEATABLE READ keeps the first one.
      // A configured SERIALIZABLE is kept: under SSI a REPEATABLE READ snapshot may observe a
      // state no serial order produces. pgjdbc answers getTransactionIsolation without BEGIN.
      return conn.getTransactionIsolation() == Connection.TRANSACTION_SERIALIZABLE
          ? "SET TRANSACTION READ ONLY"
          : "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY";
    }

    @Override
    public boolean readsInOneRoundTrip(Connection conn) throws SQLException {
      return JdbcDriver.of(conn) == JdbcDriver.POSTGRESQL;
    }

    @Override
    public boolean readsInOneStatement() {
      return true;
    }

    @Override
    public List<String> loadSessionSettings() {
      // Only the loader's sessions stop waiting for the WAL flush; a crash mid-load loses nothing
      // that a reload would not rewrite.
      return List.of("SET synchronous_commit TO OFF");
    }

    @Override
    public boolean copiesRowsInBulk() {
      return true;
    }

    @Override
    public boolean buildsSecondaryIndexesAfterLoad() {
      return true;
    }

    @Override
    public List<String> nodeIdStatements(long nextId) {
      return List.of(setvalPastLoadedIds("pg_get_serial_sequence('nodetable', 'id')", nextId));
    }

    @Override
    public String analyzeSql() {
      return "ANALYZE nodetable, linktable, counttable";
    }
  },

  COCKROACHDB(null) {
    @Override
    public String readSnapshotSql(Connection conn) {
      // SERIALIZABLE is CockroachDB's default; say it in case the cluster default is lower
      return "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ ONLY";
    }

    @Override
    public List<String> nodeIdStatements(long nextId) {
      return List.of(setvalPastLoadedIds("'nodetable_id_seq'", nextId));
    }
  },

  /** MySQL, MariaDB and MyRocks. */
  MYSQL(RoutineSql.MYSQL) {
    @Override
    public String readSnapshotSql(Connection conn) {
      // Applies to the next transaction. InnoDB REPEATABLE READ reads one consistent snapshot.
      // Also used under SERIALIZABLE: InnoDB's writers are strict 2PL there, so a snapshot of
      // committed data is a serializable view, and the connection is never asked for its level
      // (some drivers would query the server and so open the transaction too early).
      return "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY";
    }

    @Override
    public boolean readsInOneRoundTrip(Connection conn) throws SQLException {
      // MariaDB Connector/J when its URL allows multi-queries; MySQL Connector/J's option has
      // another name and is not tried here
      return JdbcDriver.of(conn) == JdbcDriver.MARIADB
          && String.valueOf(conn.getMetaData().getURL())
              .toLowerCase(Locale.ROOT)
              .contains("allowmultiqueries=true");
    }

    @Override
    public boolean readsInOneStatement() {
      return true;
    }

    @Override
    public String rangeIndexHint() {
      return RANGE_INDEX_HINT;
    }

    @Override
    public String pointIndexHint() {
      return POINT_INDEX_HINT;
    }

    @Override
    public List<String> nodeIdStatements(long nextId) {
      return List.of("ALTER TABLE nodetable AUTO_INCREMENT = " + nextId);
    }
  },

  /** SQLite: one writer at a time, so a transaction is serializable without locking reads. */
  SQLITE(null) {
    @Override
    public List<String> loadSessionSettings() {
      // SQLite has one writer at a time: loader threads queue for the lock instead of failing
      // with SQLITE_BUSY after the driver's default 3 s.
      return List.of("PRAGMA busy_timeout = 600000");
    }

    @Override
    public List<String> nodeIdStatements(long nextId) {
      // AUTOINCREMENT keeps its high-water mark in sqlite_sequence; the next id is seq + 1.
      return List.of(
          "DELETE FROM sqlite_sequence WHERE name = 'nodetable'",
          "INSERT INTO sqlite_sequence (name, seq) VALUES ('nodetable', (SELECT MAX("
              + (nextId - 1)
              + ", COALESCE(MAX(id), 0)) FROM nodetable))");
    }
  },

  /** Anything else: portable SQL only, the configured isolation level relied on. */
  OTHER(null);

  /**
   * The index hint of the range scan on MariaDB and MySQL (their dialect files add it to the range
   * scan's statement; the portable text has none). LinkBench's MySQL store names the index the same
   * way.
   */
  public static final String RANGE_INDEX_HINT = "FORCE INDEX (id1_type)";

  /**
   * The index hint of a read of several links by their whole keys at once ({@code (id1, link_type,
   * id2) IN (...)}) on MariaDB and MySQL: without it the optimizer reads every link of (id1,
   * link_type) from {@code id1_type} and filters on id2.
   */
  public static final String POINT_INDEX_HINT = "FORCE INDEX (PRIMARY)";

  private final RoutineSql routines;

  /**
   * Sets the node id sequence {@code sequence} (an SQL expression naming it) so that its next value
   * is {@code nextId}, or the id after the highest loaded one if that is higher (PostgreSQL and
   * CockroachDB).
   */
  private static String setvalPastLoadedIds(String sequence, long nextId) {
    return "SELECT setval("
        + sequence
        + ", GREATEST("
        + nextId
        + ", (SELECT COALESCE(MAX(id), 0) + 1 FROM nodetable)), false)";
  }

  DatabaseFamily(RoutineSql routines) {
    this.routines = routines;
  }

  public static DatabaseFamily of(DatabaseType type) {
    if (type == null) {
      return OTHER;
    }
    return switch (type) {
      case POSTGRES -> POSTGRES;
      case COCKROACHDB -> COCKROACHDB;
      case MYSQL, MARIADB, MYROCKS -> MYSQL;
      case SQLITE -> SQLITE;
      default -> OTHER;
    };
  }

  /** The family of the server behind {@code conn}, by its product name. */
  public static DatabaseFamily detect(Connection conn) throws SQLException {
    String product = conn.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
    if (product.contains("cockroach")) {
      return COCKROACHDB;
    }
    if (product.contains("postgres")) {
      return POSTGRES;
    }
    if (product.contains("mysql") || product.contains("mariadb")) {
      return MYSQL;
    }
    if (product.contains("sqlite")) {
      return SQLITE;
    }
    return OTHER;
  }

  /**
   * The configured family when there is a configured type (a procedure built by a BenchmarkModule),
   * otherwise the one {@link #detect detected} from the connection (e.g. in tests).
   */
  public static DatabaseFamily resolve(DatabaseType configured, Connection conn)
      throws SQLException {
    return configured != null ? of(configured) : detect(conn);
  }

  /** The SQL of this family's server routines, or null where none are written. */
  public RoutineSql routines() {
    return routines;
  }

  /**
   * The statement that pins the transaction the next statement on {@code conn} starts to one
   * snapshot and marks it read-only, or null when this family needs none (SQLite: a transaction
   * reads one snapshot from its first read on in WAL mode, or holds the shared lock until commit;
   * elsewhere the configured level is relied on). It must be the first statement of its transaction
   * and affects that transaction only.
   */
  public String readSnapshotSql(Connection conn) throws SQLException {
    return null;
  }

  /**
   * Whether {@code conn}'s driver sends a multi-statement text query (a read transaction's snapshot
   * statement and its reads, a write group) in one round trip. Not tried outside PostgreSQL and
   * MariaDB (CockroachDB is untested here).
   */
  public boolean readsInOneRoundTrip(Connection conn) throws SQLException {
    return false;
  }

  /**
   * Whether a read transaction's reads go as one SELECT: where one statement reads one snapshot and
   * a UNION ALL may hold a branch with its own ORDER BY and LIMIT in parentheses (SQLite does not
   * allow that; CockroachDB is untested here).
   */
  public boolean readsInOneStatement() {
    return false;
  }

  /** What a range scan names after {@code FROM linktable}. */
  public String rangeIndexHint() {
    return "";
  }

  /**
   * What a read of links by whole primary keys names after {@code FROM linktable} (the MySQL family
   * names the primary key, which its optimizer would pass over for the covering range index).
   */
  public String pointIndexHint() {
    return "";
  }

  /** What each loader session runs before it writes rows. */
  public List<String> loadSessionSettings() {
    return List.of();
  }

  /** Whether the load copies rows in bulk (COPY) where the driver can, instead of INSERTs. */
  public boolean copiesRowsInBulk() {
    return false;
  }

  /** Whether the secondary indexes are cheaper to build after the load than during it. */
  public boolean buildsSecondaryIndexesAfterLoad() {
    return false;
  }

  /**
   * The statements that move the node id allocator so that AddNode's first id is {@code nextId};
   * empty: left to the database (the next id after the highest loaded one).
   */
  public List<String> nodeIdStatements(long nextId) {
    return List.of();
  }

  /** The statement that refreshes the loaded tables' planner statistics, or null for none. */
  public String analyzeSql() {
    return null;
  }
}
