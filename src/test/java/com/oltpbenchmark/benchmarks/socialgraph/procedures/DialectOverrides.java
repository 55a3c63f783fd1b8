package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoSql;
import com.oltpbenchmark.types.DatabaseType;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one place the per-database SQL of the module is written. The procedures' SQLStmt fields hold
 * the MySQL form (LinkSql, NodeSql, TaoSql); each entry here gives another database's text for the
 * statement of that field name and default SQL. Upstream matches dialect overrides by procedure and
 * field, so {@link DialectFilesTest} expands this table into {@code dialect-<db>.xml} with one
 * {@code <procedure>} element per procedure that declares the statement, and fails when the shipped
 * files differ from that expansion.
 */
final class DialectOverrides {

  /** The SQL of one statement on some databases. */
  record Entry(String statement, String defaultSql, Map<DatabaseType, String> sql) {}

  /** A database with a dialect file, and the comment that opens that file. */
  record DialectFile(DatabaseType type, String header) {
    String fileName() {
      return "dialect-" + type.name().toLowerCase(java.util.Locale.ROOT) + ".xml";
    }
  }

  private static final String ON_CONFLICT =
      "INSERT ... ON CONFLICT instead of INSERT IGNORE / ON DUPLICATE KEY UPDATE.";

  private static final String MYSQL_HEADER =
      "socialgraph SQL for MariaDB, MySQL and MyRocks where it differs from the procedures' portable"
          + " MySQL-form SQL:\nthe range scan names its index, as LinkBench's MySQL store does,"
          + " which spares the optimizer\nweighing the primary key for every scan (a sixth of"
          + " the scan's server CPU on MariaDB 10.11).";

  static final List<DialectFile> FILES =
      List.of(
          new DialectFile(
              DatabaseType.POSTGRES,
              "socialgraph SQL for PostgreSQL where it differs from the procedures' MySQL-form SQL:\n"
                  + ON_CONFLICT),
          new DialectFile(
              DatabaseType.COCKROACHDB,
              "socialgraph SQL for CockroachDB (written from its documentation, not tested here)"
                  + " where it differs from the procedures' MySQL-form SQL:\n"
                  + ON_CONFLICT),
          new DialectFile(
              DatabaseType.SQLITE,
              "socialgraph SQL for SQLite where it differs from the procedures' MySQL-form SQL:\n"
                  + ON_CONFLICT
                  + "\nNo FOR UPDATE: SQLite has no row locks. The locking reads are no-op"
                  + " UPDATE ... RETURNING\ninstead, so a write starts by taking the database"
                  + " write lock (waiting up to the busy\ntimeout) rather than reading first and"
                  + " failing with SQLITE_BUSY when it upgrades the lock."),
          new DialectFile(DatabaseType.MARIADB, MYSQL_HEADER),
          new DialectFile(DatabaseType.MYSQL, MYSQL_HEADER),
          new DialectFile(DatabaseType.MYROCKS, MYSQL_HEADER));

  private static final Set<DatabaseType> ON_CONFLICT_DATABASES =
      Set.of(DatabaseType.POSTGRES, DatabaseType.COCKROACHDB, DatabaseType.SQLITE);

  private static final Set<DatabaseType> SQLITE = Set.of(DatabaseType.SQLITE);

  private static final Set<DatabaseType> MYSQL_FAMILY =
      Set.of(DatabaseType.MARIADB, DatabaseType.MYSQL, DatabaseType.MYROCKS);

  static final List<Entry> TABLE =
      List.of(
          entry(
              "selectLinkRange",
              LinkSql.SELECT_LINK_RANGE,
              MYSQL_FAMILY,
              LinkSql.SELECT_LINK_RANGE.replace(
                  " FROM linktable ", " FROM linktable " + DatabaseFamily.RANGE_INDEX_HINT + " ")),
          entry(
              "selectLinkForUpdate",
              LinkSql.SELECT_LINK_FOR_UPDATE,
              SQLITE,
              "UPDATE linktable SET visibility = visibility"
                  + " WHERE id1 = ? AND link_type = ? AND id2 = ?"
                  + " RETURNING visibility, data, time, version"),
          entry(
              "insertLinkIfAbsent",
              LinkSql.INSERT_LINK_IF_ABSENT,
              ON_CONFLICT_DATABASES,
              "INSERT INTO linktable ("
                  + LinkSql.LINK_COLUMNS
                  + ") VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"),
          entry(
              "addToCount",
              LinkSql.ADD_TO_COUNT,
              ON_CONFLICT_DATABASES,
              "INSERT INTO counttable (id, link_type, count, time, version) VALUES (?, ?, ?, ?, 0)"
                  + " ON CONFLICT (id, link_type) DO UPDATE SET count = counttable.count"
                  + " + excluded.count, time = excluded.time, version = counttable.version + 1"),
          entry(
              "insertCountIfAbsent",
              TaoSql.INSERT_COUNT_IF_ABSENT,
              ON_CONFLICT_DATABASES,
              "INSERT INTO counttable (id, link_type, count, time, version) VALUES (?, ?, 0, ?, 0)"
                  + " ON CONFLICT (id, link_type) DO NOTHING"),
          entry(
              "selectCountForUpdate",
              LinkSql.SELECT_COUNT_FOR_UPDATE,
              SQLITE,
              "UPDATE counttable SET count = count WHERE id = ? AND link_type = ? RETURNING count"),
          entry(
              "observeNodeVersion",
              TaoSql.OBSERVE_NODE_VERSION,
              SQLITE,
              "UPDATE nodetable SET version = version WHERE id = ? RETURNING version"),
          entry(
              "observeLinkVersion",
              TaoSql.OBSERVE_LINK_VERSION,
              SQLITE,
              "UPDATE linktable SET version = version"
                  + " WHERE id1 = ? AND link_type = ? AND id2 = ? RETURNING version"),
          entry(
              "selectNodeVersionForUpdate",
              TaoSql.SELECT_NODE_VERSION_FOR_UPDATE,
              SQLITE,
              "UPDATE nodetable SET version = version WHERE id = ? RETURNING version"),
          entry(
              "insertNodeWithId",
              TaoSql.INSERT_NODE_WITH_ID,
              ON_CONFLICT_DATABASES,
              "INSERT INTO nodetable (id, type, version, time, data) VALUES (?, ?, 1, ?, ?)"
                  + " ON CONFLICT (id) DO NOTHING"));

  private static Entry entry(
      String statement, String defaultSql, Set<DatabaseType> databases, String sql) {
    Map<DatabaseType, String> byDatabase = new EnumMap<>(DatabaseType.class);
    for (DatabaseType type : databases) {
      byDatabase.put(type, sql);
    }
    return new Entry(statement, defaultSql, Map.copyOf(byDatabase));
  }

  private DialectOverrides() {}
}
