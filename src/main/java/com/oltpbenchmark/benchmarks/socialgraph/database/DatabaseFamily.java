package com.oltpbenchmark.benchmarks.socialgraph.database;

import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything the module knows about a database beyond its SQL files, in one place: which configured
 * {@code <type>} (or, where none is configured, which server product) belongs to the family, how a
 * read-only transaction is pinned to one snapshot, which index hints the reads name, the server
 * routines' SQL ({@link RoutineSql}, where routines are written), the load's database steps
 * (session settings, bulk copy, deferred indexes, the node id allocator, statistics), which errors
 * are lock conflicts, how a create or load is locked ({@link LoadLockKind}), where distributed
 * transactions left prepared are listed ({@link PreparedTransactionList}) and which storage engine
 * a type's DDL asks for. Adding a database is one constant here plus its DDL, dialect and routine
 * files; adding a type to an existing family is one more type in its constant. MyRocks is MySQL
 * with another storage engine: same SQL, same statements.
 */
public enum DatabaseFamily {
  POSTGRES(
      RoutineSql.POSTGRES,
      LoadLockKind.ADVISORY,
      PreparedTransactionList.PG_PREPARED_XACTS,
      DatabaseType.POSTGRES) {
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

  /**
   * CockroachDB, written from its documentation and not run here. Its load lock is PostgreSQL's, as
   * pgjdbc (which names every server "PostgreSQL") made it; CockroachDB's advisory lock functions
   * are stubs that always succeed (cockroach#13546), so that lock guards nothing there.
   */
  COCKROACHDB(
      null, LoadLockKind.ADVISORY, PreparedTransactionList.NOT_KNOWN, DatabaseType.COCKROACHDB) {
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
  MYSQL(
      RoutineSql.MYSQL,
      LoadLockKind.NAMED,
      PreparedTransactionList.XA_RECOVER,
      DatabaseType.MYSQL,
      DatabaseType.MARIADB,
      DatabaseType.MYROCKS) {
    @Override
    public String storageEngine(DatabaseType type) {
      return type == DatabaseType.MYROCKS ? "ROCKSDB" : null;
    }

    @Override
    public String storageEngineServer(DatabaseType type) {
      return type == DatabaseType.MYROCKS ? "scripts/myrocks-server.sh start" : null;
    }

    @Override
    public boolean namesTableEngines() {
      return true;
    }

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

    @Override
    public int loadCommitBytes() {
      // A durable InnoDB commit flushes the redo log (innodb_flush_log_at_trx_commit=1, a global
      // setting a session cannot lower): with a commit per INSERT of 1,024 rows a load of 1M
      // nodes took 126-141 s, with one per 4 MiB 17-32 s (docs/performance.md, the load). A few
      // MiB per transaction is small for InnoDB, MyRocks and a Galera write set alike.
      return 4 << 20;
    }
  },

  /** SQLite: one writer at a time, so a transaction is serializable without locking reads. */
  SQLITE(null, LoadLockKind.FILE, PreparedTransactionList.NONE_EXIST, DatabaseType.SQLITE) {
    @Override
    public boolean isLockConflict(SQLException ex) {
      // primary result code in the low byte: BUSY (5), LOCKED (6) and their extended codes
      int primary = ex.getErrorCode() & 0xff;
      return primary == 5 || primary == 6;
    }

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
  OTHER(null, LoadLockKind.NONE, PreparedTransactionList.NOT_KNOWN);

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
  private final LoadLockKind loadLock;
  private final PreparedTransactionList preparedTransactions;
  private final List<DatabaseType> types;

  /** The family of each configured type; a type not listed is {@link #OTHER}'s. */
  private static final Map<DatabaseType, DatabaseFamily> BY_TYPE =
      new EnumMap<>(DatabaseType.class);

  static {
    for (DatabaseFamily family : values()) {
      for (DatabaseType type : family.types) {
        if (BY_TYPE.put(type, family) != null) {
          throw new IllegalStateException(type + " is listed by two families");
        }
      }
    }
  }

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

  DatabaseFamily(
      RoutineSql routines,
      LoadLockKind loadLock,
      PreparedTransactionList preparedTransactions,
      DatabaseType... types) {
    this.routines = routines;
    this.loadLock = loadLock;
    this.preparedTransactions = preparedTransactions;
    this.types = List.of(types);
  }

  /** The family of a configured type ({@link #OTHER} for null or a type no family lists). */
  public static DatabaseFamily of(DatabaseType type) {
    // on the request path (LockConflicts): a lookup, nothing allocated
    DatabaseFamily family = type == null ? null : BY_TYPE.get(type);
    return family != null ? family : OTHER;
  }

  /** The configured types of this family. */
  public List<DatabaseType> types() {
    return types;
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

  /** How a create or load of this family's databases is locked against a second one. */
  public LoadLockKind loadLock() {
    return loadLock;
  }

  /** Where this family's databases list distributed transactions left prepared. */
  public PreparedTransactionList preparedTransactions() {
    return preparedTransactions;
  }

  /**
   * Whether {@code ex} is a deadlock or lock wait timeout in the form this family's driver reports
   * it, besides the serialization failure (40001) and PostgreSQL's deadlock (40P01) that every
   * family reports alike: PostgreSQL's lock_not_available (55P03) and MySQL's 1213 and 1205 here,
   * SQLite's BUSY and LOCKED for SQLite, whose codes mean other things elsewhere.
   */
  public boolean isLockConflict(SQLException ex) {
    int code = ex.getErrorCode();
    return "55P03".equals(ex.getSQLState()) || code == 1213 || code == 1205;
  }

  /**
   * The storage engine the DDL of {@code type} names, which the server may lack or silently
   * replace, or null when the type's tables are not checked for it.
   */
  public String storageEngine(DatabaseType type) {
    return null;
  }

  /** How to get a server with {@link #storageEngine}'s engine, or null to say nothing. */
  public String storageEngineServer(DatabaseType type) {
    return null;
  }

  /** Whether each table names its storage engine ({@code information_schema.TABLES.ENGINE}). */
  public boolean namesTableEngines() {
    return false;
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

  /**
   * How many bytes of rows a loader thread writes before it commits (at least one INSERT each); 0:
   * every INSERT commits on its own.
   */
  public int loadCommitBytes() {
    return 0;
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
