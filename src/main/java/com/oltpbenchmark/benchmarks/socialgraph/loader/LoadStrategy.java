package com.oltpbenchmark.benchmarks.socialgraph.loader;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The load steps that depend on the database: how rows are written (and the session settings that
 * go with it), which indexes are built after the load instead of during it, how the node id
 * allocator is moved past the loaded ids, and how planner statistics are refreshed. What differs
 * per database is the family's ({@link DatabaseFamily}); the loader itself has no database switch.
 */
public final class LoadStrategy {

  private final DatabaseFamily family;

  private LoadStrategy(DatabaseFamily family) {
    this.family = family;
  }

  /** The strategy of {@code type}'s family. */
  public static LoadStrategy of(DatabaseType type) {
    return new LoadStrategy(DatabaseFamily.of(type));
  }

  /** The family whose steps these are. */
  public DatabaseFamily family() {
    return family;
  }

  /** Sets up one loader thread's session and returns its row writer. */
  public GraphRowWriter openWriter(Connection conn, int batchRows, LoadProgress progress)
      throws SQLException {
    List<String> settings = family.loadSessionSettings();
    if (!settings.isEmpty()) {
      try (Statement st = conn.createStatement()) {
        for (String setting : settings) {
          st.execute(setting);
        }
      }
    }
    if (family.copiesRowsInBulk() && PgCopyWriter.supports(conn)) {
      return new PgCopyWriter(conn, batchRows, progress);
    }
    return new MultiRowInsertWriter(conn, batchRows, family.loadCommitBytes(), progress);
  }

  /** How rows are written, for the log. */
  public String describeWriter(int batchRows) {
    return family.copiesRowsInBulk()
        ? "COPYs of at least "
            + batchRows
            + " rows and "
            + (PgCopyWriter.MIN_COPY_BYTES >> 20)
            + " MiB"
        : "INSERTs of "
            + batchRows
            + " rows"
            + (family.loadCommitBytes() > 0
                ? ", a commit per " + (family.loadCommitBytes() >> 20) + " MiB"
                : ", each committed");
  }

  /** Drops the indexes cheaper to build after the load than during it, and returns them. */
  public List<DeferredIndexes.Index> dropDeferredIndexes(Connection conn) throws SQLException {
    return family.buildsSecondaryIndexesAfterLoad() ? DeferredIndexes.drop(conn) : List.of();
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
    List<String> statements = family.nodeIdStatements(nextId);
    if (statements.isEmpty()) {
      return "node id allocation left to " + type + " (next id after the highest loaded id)";
    }
    NodeIdAllocation.run(conn, type, nextId, statements);
    return "node ids allocated from " + nextId;
  }

  /** Refreshes the planner statistics of the loaded tables, where the database needs it. */
  public void analyze(Connection conn) throws SQLException {
    String sql = family.analyzeSql();
    if (sql == null) {
      return;
    }
    conn.setAutoCommit(true);
    try (Statement st = conn.createStatement()) {
      st.execute(sql);
    }
  }
}
