package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoLinkTypes;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The invariants of the socialgraph schema, each checked by set-oriented queries that the database
 * answers in one pass (only counts and at most {@link CheckResult#MAX_EXAMPLES} example rows come
 * back), in SQL that SQLite, PostgreSQL, CockroachDB and MySQL/MariaDB all accept.
 */
public final class InvariantChecks {

  /**
   * The visible links of count row c. A correlated count answered from the (id1, link_type,
   * visibility, ...) index: measured faster than grouping the whole link table on PostgreSQL and
   * much faster on MariaDB, whose grouped derived tables go through temporary tables.
   */
  private static final String VISIBLE_OF_C =
      "(SELECT COUNT(*) FROM linktable l WHERE l.id1 = c.id AND l.link_type = c.link_type"
          + " AND l.visibility = 1)";

  /**
   * Visible links whose list has no count row (an anti-join; queried only when the count rows do
   * not account for every visible link).
   */
  private static final String WITHOUT_COUNT_ROW =
      " FROM linktable l WHERE l.visibility = 1 AND NOT EXISTS (SELECT 1 FROM counttable c"
          + " WHERE c.id = l.id1 AND c.link_type = l.link_type)";

  private static final String UNIQUE_TYPES =
      TaoLinkTypes.UNIQUE + ", " + TaoLinkTypes.UNIQUE_AND_BIDIRECTIONAL;
  private static final String BIDIRECTIONAL_TYPES =
      TaoLinkTypes.BIDIRECTIONAL + ", " + TaoLinkTypes.UNIQUE_AND_BIDIRECTIONAL;

  private InvariantChecks() {}

  /** All invariant checks, in report order. */
  public static List<CheckResult> run(Connection conn) throws SQLException {
    // One scan counts the visible links, and the visible TAOBench associations each TAOBench
    // check examines; the queries that find violations run only where there can be some.
    long[] visible =
        longs(
            conn,
            "SELECT COUNT(*), SUM(CASE WHEN link_type IN ("
                + UNIQUE_TYPES
                + ") THEN 1 ELSE 0 END), SUM(CASE WHEN link_type = "
                + TaoLinkTypes.UNIQUE_AND_BIDIRECTIONAL
                + " THEN 1 ELSE 0 END), SUM(CASE WHEN link_type IN ("
                + BIDIRECTIONAL_TYPES
                + ") AND id1 <> id2 THEN 1 ELSE 0 END) FROM linktable WHERE visibility = 1");
    CheckResult[] counts = counts(conn, visible[0]);
    List<CheckResult> checks =
        List.of(
            counts[0],
            counts[1],
            unique(conn, visible[1]),
            uniqueInverse(conn, visible[2]),
            bidirectional(conn, visible[3]));
    for (CheckResult c : checks) {
      if (c.vacuous()) {
        c.notApplicable(nothingToExamine(c.name()));
      }
    }
    return checks;
  }

  /** Why a check that examined nothing had nothing to examine, for audit.json and the console. */
  static String nothingToExamine(String check) {
    switch (check) {
      case "countMatchesVisibleLinks":
        return "not applicable: the graph holds no count rows and no visible links";
      case "countNotNegative":
        return "not applicable: the graph holds no count rows";
      case "taoUniquePerId1":
        return "not applicable: no TAOBench association types in this graph (no visible link of"
            + " the unique types "
            + UNIQUE_TYPES
            + ")";
      case "taoUniquePerId2":
        return "not applicable: no TAOBench association types in this graph (no visible link of"
            + " the unique-and-bidirectional type "
            + TaoLinkTypes.UNIQUE_AND_BIDIRECTIONAL
            + ")";
      case "taoInverseVisible":
        return "not applicable: no TAOBench association types in this graph (no visible link of"
            + " the bidirectional types "
            + BIDIRECTIONAL_TYPES
            + " between two different ids)";
      default:
        return "not applicable: nothing to examine in this database";
    }
  }

  /**
   * count = visible links of (id, type), and no negative count.
   *
   * @param visibleLinks all visible links: more than the count rows account for means some list has
   *     visible links but no count row
   */
  static CheckResult[] counts(Connection conn, long visibleLinks) throws SQLException {
    CheckResult matches =
        new CheckResult(
            "countMatchesVisibleLinks",
            "counttable(id, link_type).count equals the number of visible links (id, link_type,"
                + " *), for every count row and every (id1, link_type) with visible links");
    CheckResult nonNegative =
        new CheckResult("countNotNegative", "no counttable row has a negative count");
    long[] r =
        longs(
            conn,
            "SELECT COUNT(*), SUM(CASE WHEN cnt <> vis THEN 1 ELSE 0 END),"
                + " SUM(CASE WHEN cnt < 0 THEN 1 ELSE 0 END), SUM(vis)"
                + " FROM (SELECT c.count AS cnt, "
                + VISIBLE_OF_C
                + " AS vis FROM counttable c) x");
    matches.addExamined(r[0]).addViolations(r[1]);
    nonNegative.addExamined(r[0]).addViolations(r[2]);
    if (r[1] > 0) {
      examples(
          conn,
          "SELECT c.id, c.link_type, "
              + VISIBLE_OF_C
              + ", c.count FROM counttable c WHERE c.count <> "
              + VISIBLE_OF_C
              + " ORDER BY c.id, c.link_type",
          rs ->
              matches.example(
                  "count (" + rs.getLong(1) + "," + rs.getLong(2) + ")",
                  rs.getLong(3),
                  rs.getLong(4)));
    }
    if (r[2] > 0) {
      examples(
          conn,
          "SELECT id, link_type, count FROM counttable WHERE count < 0 ORDER BY id, link_type",
          rs ->
              nonNegative.example(
                  "count (" + rs.getLong(1) + "," + rs.getLong(2) + ")", ">= 0", rs.getLong(3)));
    }
    if (visibleLinks <= r[3]) {
      return new CheckResult[] {matches, nonNegative};
    }
    long orphans =
        longs(
            conn,
            "SELECT COUNT(*) FROM (SELECT DISTINCT l.id1, l.link_type" + WITHOUT_COUNT_ROW + ") x")[
            0];
    matches.addViolations(orphans);
    if (orphans > 0) {
      examples(
          conn,
          "SELECT l.id1, l.link_type, COUNT(*)"
              + WITHOUT_COUNT_ROW
              + " GROUP BY l.id1, l.link_type ORDER BY l.id1, l.link_type",
          rs ->
              matches.example(
                  "count (" + rs.getLong(1) + "," + rs.getLong(2) + ")",
                  rs.getLong(3),
                  "no count row"));
    }
    return new CheckResult[] {matches, nonNegative};
  }

  /** TAOBench: at most one visible association of a unique type per id1. */
  static CheckResult unique(Connection conn, long examined) throws SQLException {
    return atMostOne(
        conn,
        examined,
        "taoUniquePerId1",
        "TAOBench: at most one visible association of a unique type (link types "
            + UNIQUE_TYPES
            + ") per (id1, type)",
        "id1",
        UNIQUE_TYPES);
  }

  /** TAOBench: at most one visible association of a unique-and-bidirectional type per id2. */
  static CheckResult uniqueInverse(Connection conn, long examined) throws SQLException {
    return atMostOne(
        conn,
        examined,
        "taoUniquePerId2",
        "TAOBench: at most one visible association of the unique-and-bidirectional type (link type "
            + TaoLinkTypes.UNIQUE_AND_BIDIRECTIONAL
            + ") per (id2, type)",
        "id2",
        Long.toString(TaoLinkTypes.UNIQUE_AND_BIDIRECTIONAL));
  }

  private static CheckResult atMostOne(
      Connection conn, long examined, String name, String description, String side, String types)
      throws SQLException {
    CheckResult c = new CheckResult(name, description).addExamined(examined);
    if (examined < 2) {
      return c;
    }
    String where = " FROM linktable WHERE visibility = 1 AND link_type IN (" + types + ")";
    String groups = where + " GROUP BY " + side + ", link_type HAVING COUNT(*) > 1";
    long v = longs(conn, "SELECT COUNT(*) FROM (SELECT " + side + groups + ") x")[0];
    c.addViolations(v);
    if (v > 0) {
      examples(
          conn,
          "SELECT " + side + ", link_type, COUNT(*)" + groups + " ORDER BY " + side + ", link_type",
          rs ->
              c.example(
                  side + "=" + rs.getLong(1) + " type " + rs.getLong(2),
                  "at most 1 visible",
                  rs.getLong(3) + " visible"));
    }
    return c;
  }

  /** TAOBench: a visible bidirectional association has its visible inverse, same payload/time. */
  static CheckResult bidirectional(Connection conn, long examined) throws SQLException {
    CheckResult c =
        new CheckResult(
            "taoInverseVisible",
            "TAOBench: each visible association (a, t, b) of a bidirectional type (link types "
                + BIDIRECTIONAL_TYPES
                + "), a <> b, has a visible inverse (b, t, a) with the same data and time");
    String where =
        " FROM linktable a WHERE a.visibility = 1 AND a.link_type IN ("
            + BIDIRECTIONAL_TYPES
            + ") AND a.id1 <> a.id2";
    String missing =
        where
            + " AND NOT EXISTS (SELECT 1 FROM linktable b WHERE b.id1 = a.id2"
            + " AND b.link_type = a.link_type AND b.id2 = a.id1 AND b.visibility = 1"
            + " AND b.data = a.data AND b.time = a.time)";
    c.addExamined(examined);
    if (examined == 0) {
      return c;
    }
    long v = longs(conn, "SELECT COUNT(*)" + missing)[0];
    c.addViolations(v);
    if (v > 0) {
      examples(
          conn,
          "SELECT a.id1, a.link_type, a.id2" + missing + " ORDER BY a.id1, a.link_type, a.id2",
          rs ->
              c.example(
                  "link (" + rs.getLong(3) + "," + rs.getLong(2) + "," + rs.getLong(1) + ")",
                  "visible, same data and time as ("
                      + rs.getLong(1)
                      + ","
                      + rs.getLong(2)
                      + ","
                      + rs.getLong(3)
                      + ")",
                  "missing, hidden or different"));
    }
    return c;
  }

  interface RowAction {
    void accept(ResultSet rs) throws SQLException;
  }

  /** The first row's columns as longs (SQL NULL, e.g. SUM over no rows, as 0). */
  static long[] longs(Connection conn, String sql) throws SQLException {
    try (Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      long[] out = new long[n];
      if (rs.next()) {
        for (int i = 0; i < n; i++) {
          out[i] = rs.getLong(i + 1);
        }
      }
      return out;
    }
  }

  /** Runs {@code sql} limited to {@link CheckResult#MAX_EXAMPLES} rows. */
  static void examples(Connection conn, String sql, RowAction action) throws SQLException {
    try (Statement st = conn.createStatement()) {
      st.setMaxRows(CheckResult.MAX_EXAMPLES);
      try (ResultSet rs = st.executeQuery(sql + " LIMIT " + CheckResult.MAX_EXAMPLES)) {
        while (rs.next()) {
          action.accept(rs);
        }
      }
    }
  }
}
