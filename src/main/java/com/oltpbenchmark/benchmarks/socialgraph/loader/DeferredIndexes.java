package com.oltpbenchmark.benchmarks.socialgraph.loader;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL only: drops the secondary indexes of the loaded tables (not primary keys, not unique
 * indexes, not indexes behind constraints) before the load and recreates them from their own
 * definitions afterwards. Building an index once over the loaded rows is several times cheaper than
 * maintaining it row by row, the load-then-index practice the LinkBench README recommends. The
 * schema after the load is exactly the one the DDL created.
 */
public final class DeferredIndexes {

  private static final Logger LOG = LoggerFactory.getLogger(DeferredIndexes.class);

  private static final String FIND =
      "SELECT ci.relname, pg_get_indexdef(ci.oid)"
          + " FROM pg_index x"
          + " JOIN pg_class ci ON ci.oid = x.indexrelid"
          + " JOIN pg_class ct ON ct.oid = x.indrelid"
          + " JOIN pg_namespace n ON n.oid = ct.relnamespace"
          + " WHERE n.nspname = current_schema()"
          + " AND ct.relname IN ('nodetable', 'linktable', 'counttable')"
          + " AND NOT x.indisprimary AND NOT x.indisunique"
          + " AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)"
          + " ORDER BY ci.relname";

  /** An index that was dropped: its name and the statement that recreates it. */
  public record Index(String name, String definition) {}

  private DeferredIndexes() {}

  /** Drops the secondary indexes (only when every loaded table is empty) and returns them. */
  public static List<Index> drop(Connection conn) throws SQLException {
    List<Index> found = new ArrayList<>();
    boolean autoCommit = conn.getAutoCommit();
    conn.setAutoCommit(true);
    try (Statement st = conn.createStatement()) {
      if (!tablesEmpty(st)) {
        LOG.info("socialgraph: tables already hold rows; loading with the indexes in place");
        return found;
      }
      try (ResultSet rs = st.executeQuery(FIND)) {
        while (rs.next()) {
          found.add(new Index(rs.getString(1), rs.getString(2)));
        }
      }
      for (Index index : found) {
        st.execute("DROP INDEX " + quote(index.name()));
        LOG.info(
            "socialgraph: index {} dropped for the load; it is rebuilt afterwards: {}",
            index.name(),
            index.definition());
      }
    } finally {
      conn.setAutoCommit(autoCommit);
    }
    return found;
  }

  /** Recreates the dropped indexes. */
  public static void recreate(Connection conn, List<Index> indexes) throws SQLException {
    if (indexes.isEmpty()) {
      return;
    }
    boolean autoCommit = conn.getAutoCommit();
    conn.setAutoCommit(true);
    try (Statement st = conn.createStatement()) {
      for (Index index : indexes) {
        long start = System.nanoTime();
        try {
          st.execute(index.definition());
        } catch (SQLException e) {
          throw new SQLException(
              "cannot rebuild index "
                  + index.name()
                  + " after the load ("
                  + index.definition()
                  + "): "
                  + e.getMessage(),
              e.getSQLState(),
              e.getErrorCode(),
              e);
        }
        LOG.info(
            "socialgraph: index {} rebuilt in {} ms",
            index.name(),
            (System.nanoTime() - start) / 1_000_000);
      }
    } finally {
      conn.setAutoCommit(autoCommit);
    }
  }

  private static boolean tablesEmpty(Statement st) throws SQLException {
    try (ResultSet rs =
        st.executeQuery(
            "SELECT EXISTS (SELECT 1 FROM nodetable)"
                + " OR EXISTS (SELECT 1 FROM linktable) OR EXISTS (SELECT 1 FROM counttable)")) {
      rs.next();
      return !rs.getBoolean(1);
    }
  }

  private static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }
}
