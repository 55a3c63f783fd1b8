package com.oltpbenchmark.benchmarks.socialgraph.loader;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Every load step that depends on the database, per database family: how rows are written (and the
 * session settings that go with it), which indexes are built after the load instead of during it,
 * how the node id allocator is moved past the loaded ids, and how planner statistics are refreshed.
 * The loader itself has no database switch.
 */
public enum LoadStrategy {
  /** COPY into the tables, secondary indexes rebuilt after the load, ANALYZE at the end. */
  POSTGRES {
    @Override
    public GraphRowWriter openWriter(Connection conn, int batchRows, LoadProgress progress)
        throws SQLException {
      if (!PgCopyWriter.supports(conn)) {
        return super.openWriter(conn, batchRows, progress);
      }
      try (Statement st = conn.createStatement()) {
        // Only this session's commits stop waiting for the WAL flush; a crash mid-load loses
        // nothing that a reload would not rewrite.
        st.execute("SET synchronous_commit TO OFF");
      }
      return new PgCopyWriter(conn, batchRows, progress);
    }

    @Override
    public String describeWriter(int batchRows) {
      return "COPY batches of " + batchRows + " rows";
    }

    @Override
    public List<DeferredIndexes.Index> dropDeferredIndexes(Connection conn) throws SQLException {
      return DeferredIndexes.drop(conn);
    }

    @Override
    List<String> nodeIdStatements(long nextId) {
      return List.of(
          "SELECT setval(pg_get_serial_sequence('nodetable', 'id'), GREATEST("
              + nextId
              + ", (SELECT COALESCE(MAX(id), 0) + 1 FROM nodetable)), false)");
    }

    @Override
    public void analyze(Connection conn) throws SQLException {
      conn.setAutoCommit(true);
      try (Statement st = conn.createStatement()) {
        st.execute("ANALYZE nodetable, linktable, counttable");
      }
    }
  },

  COCKROACHDB {
    @Override
    List<String> nodeIdStatements(long nextId) {
      return List.of(
          "SELECT setval('nodetable_id_seq', GREATEST("
              + nextId
              + ", (SELECT COALESCE(MAX(id), 0) + 1 FROM nodetable)), false)");
    }
  },

  /** MySQL and MariaDB. */
  MYSQL {
    @Override
    List<String> nodeIdStatements(long nextId) {
      return List.of("ALTER TABLE nodetable AUTO_INCREMENT = " + nextId);
    }
  },

  SQLITE {
    @Override
    public GraphRowWriter openWriter(Connection conn, int batchRows, LoadProgress progress)
        throws SQLException {
      try (Statement st = conn.createStatement()) {
        // SQLite has one writer at a time: loader threads queue for the lock instead of failing
        // with SQLITE_BUSY after the driver's default 3 s.
        st.execute("PRAGMA busy_timeout = 600000");
      }
      return super.openWriter(conn, batchRows, progress);
    }

    @Override
    List<String> nodeIdStatements(long nextId) {
      // AUTOINCREMENT keeps its high-water mark in sqlite_sequence; the next id is seq + 1.
      return List.of(
          "DELETE FROM sqlite_sequence WHERE name = 'nodetable'",
          "INSERT INTO sqlite_sequence (name, seq) VALUES ('nodetable', (SELECT MAX("
              + (nextId - 1)
              + ", COALESCE(MAX(id), 0)) FROM nodetable))");
    }
  },

  /** Any other database: multi-row INSERTs, its own id allocation, no extra steps. */
  OTHER;

  /** The strategy of {@code type}'s family. */
  public static LoadStrategy of(DatabaseType type) {
    return switch (DatabaseFamily.of(type)) {
      case POSTGRES -> POSTGRES;
      case COCKROACHDB -> COCKROACHDB;
      case MYSQL -> MYSQL;
      case SQLITE -> SQLITE;
      case OTHER -> OTHER;
    };
  }

  /** Sets up one loader thread's session and returns its row writer. */
  public GraphRowWriter openWriter(Connection conn, int batchRows, LoadProgress progress)
      throws SQLException {
    return new MultiRowInsertWriter(conn, batchRows, progress);
  }

  /** How rows are written, for the log. */
  public String describeWriter(int batchRows) {
    return "INSERTs of " + batchRows + " rows";
  }

  /** Drops the indexes cheaper to build after the load than during it, and returns them. */
  public List<DeferredIndexes.Index> dropDeferredIndexes(Connection conn) throws SQLException {
    return List.of();
  }

  /** Rebuilds what {@link #dropDeferredIndexes} dropped. */
  public void recreateDeferredIndexes(Connection conn, List<DeferredIndexes.Index> dropped)
      throws SQLException {
    DeferredIndexes.recreate(conn, dropped);
  }

  /**
   * Moves the node id allocator so that AddNode's first id is {@code nextId}.
   *
   * @param type the configured database, named in the log line and errors
   * @return a description of what was done, for the log
   */
  public String continueNodeIdsAt(Connection conn, DatabaseType type, long nextId)
      throws SQLException {
    List<String> statements = nodeIdStatements(nextId);
    if (statements.isEmpty()) {
      return "node id allocation left to " + type + " (next id after the highest loaded id)";
    }
    NodeIdAllocation.run(conn, type, nextId, statements);
    return "node ids allocated from " + nextId;
  }

  /** The statements that move the id allocator to {@code nextId}; empty: left to the database. */
  List<String> nodeIdStatements(long nextId) {
    return List.of();
  }

  /** Refreshes the planner statistics of the loaded tables, where the database needs it. */
  public void analyze(Connection conn) throws SQLException {}
}
