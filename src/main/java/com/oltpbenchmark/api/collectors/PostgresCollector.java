package com.oltpbenchmark.api.collectors;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** PostgreSQL: SHOW ALL, version(), and the cumulative statistics views. */
public final class PostgresCollector extends QueryCollector {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresCollector.class);

  /** The views written to metrics.json, in this order. */
  static final List<String> METRIC_VIEWS =
      List.of(
          "pg_stat_archiver",
          "pg_stat_bgwriter",
          "pg_stat_database",
          "pg_stat_database_conflicts",
          "pg_stat_user_tables",
          "pg_statio_user_tables",
          "pg_stat_user_indexes",
          "pg_statio_user_indexes");

  public PostgresCollector() {
    super(
        new NameValueQuery("SHOW ALL", "name", "setting", false),
        "SELECT version()",
        PostgresCollector::statisticsViews);
  }

  /** Each of {@link #METRIC_VIEWS} that can be read, as rows. */
  private static Map<String, Object> statisticsViews(Connection conn) throws SQLException {
    Map<String, Object> m = new LinkedHashMap<>();
    for (String view : METRIC_VIEWS) {
      try {
        m.put(view, Queries.rows(conn, "SELECT * FROM " + view));
      } catch (SQLException e) {
        // A view can be missing or restricted on some versions; the others are still useful.
        LOG.warn("metrics.json: cannot read {} ({}); it is left out", view, e.getMessage());
        if (!conn.getAutoCommit()) {
          conn.rollback();
        }
      }
    }
    return m;
  }
}
