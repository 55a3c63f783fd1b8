package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides, before a load touches anything, whether the tables can take a graph: a load without
 * {@code --create} over a loaded graph would remove its marker and then fail on duplicate keys,
 * leaving a graph that {@code --execute} refuses as half-loaded. Reads only.
 */
public final class LoadGuard {
  private static final Logger LOG = LoggerFactory.getLogger(LoadGuard.class);

  /** Rows counted per table at most: enough to say "there are rows" without a full scan. */
  static final long COUNT_CAP = 1_000_000;

  private LoadGuard() {}

  /** Why a load into these tables must not start, in one line, or null when they are empty. */
  public static String refusal(Connection conn) throws SQLException {
    String missing = Preflight.missingTable(conn);
    if (missing != null) {
      return "refusing to load: socialgraph table "
          + missing
          + " does not exist in this database; create the tables first (--create=true"
          + " --load=true)";
    }
    if (Preflight.tableExists(conn, GraphMarker.TABLE)) {
      String graph = GraphMarker.read(conn);
      if (graph != null) {
        return "refusing to load: the socialgraph tables already hold a complete graph ("
            + GraphMarker.identity(graph)
            + "); "
            + replaceHint(conn, "it");
      }
    }
    long rows = 0;
    boolean capped = false;
    for (String table : Preflight.TABLES) {
      long n = countUpTo(conn, table, COUNT_CAP);
      capped |= n >= COUNT_CAP;
      rows += n;
    }
    if (rows > 0) {
      return "refusing to load: the socialgraph tables already hold "
          + (capped ? "at least " : "")
          + rows
          + " rows and no load marker (a load that did not finish, or rows written by hand);"
          + " "
          + replaceHint(conn, "them");
    }
    return null;
  }

  /**
   * Why slice {@code k} of {@code n}, ids {@code [from, to)}, must not be loaded into these tables,
   * in one line, or null when it can: the tables exist, hold no complete graph, and neither this
   * slice's marker nor any node of its ids (the other slices' rows are expected).
   */
  public static String sliceRefusal(
      Connection conn, LinkBenchConfig config, int k, int n, long from, long to)
      throws SQLException {
    String missing = Preflight.missingTable(conn);
    if (missing != null) {
      return refusingSlice(k, n)
          + "socialgraph table "
          + missing
          + " does not exist in this database; create the tables first, once, with --create=true"
          + " and no --driver";
    }
    String graph = GraphMarker.read(conn);
    if (graph != null) {
      return refusingSlice(k, n)
          + "the socialgraph tables already hold a complete graph ("
          + GraphMarker.identity(graph)
          + "); --create=true without --driver empties them first"
          + remoteNote(conn);
    }
    Map<Integer, String> slices = GraphMarker.slices(conn);
    String mixed = otherSlicing(slices, k, n, GraphMarker.describe(config));
    if (mixed != null) {
      return mixed + remoteNote(conn);
    }
    if (slices.containsKey(k)) {
      return refusingSlice(k, n) + "it is loaded already";
    }
    try (PreparedStatement ps =
        conn.prepareStatement("SELECT 1 FROM nodetable WHERE id >= ? AND id < ? LIMIT 1")) {
      ps.setLong(1, from);
      ps.setLong(2, to);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          return refusingSlice(k, n)
              + "its ids ["
              + from
              + ", "
              + to
              + ") already have rows (a load of this slice that did not finish);"
              + " --create=true without --driver empties the tables"
              + remoteNote(conn);
        }
      }
    } finally {
      if (!conn.getAutoCommit()) {
        conn.commit();
      }
    }
    return null;
  }

  /**
   * Why slice {@code k/n} of the graph {@code graph} does not belong with the slices already
   * loaded, or null: they record another count N (their ids are other ranges, so the two slicings
   * would overlap and leave gaps) or are slices of another graph. Markers of an older version that
   * record no N are let through, as before (logged).
   */
  static String otherSlicing(Map<Integer, String> slices, int k, int n, String graph) {
    String self = "this is slice " + k + "/" + n;
    List<String> others = new ArrayList<>();
    List<Integer> unknown = new ArrayList<>();
    int theirs = 0;
    for (Map.Entry<Integer, String> e : slices.entrySet()) {
      int count = GraphMarker.sliceCount(e.getValue());
      if (count == 0) {
        unknown.add(e.getKey());
      } else if (count != n) {
        others.add(GraphMarker.sliceOf(e.getValue()));
        theirs = theirs == 0 ? count : theirs;
      }
    }
    if (!others.isEmpty()) {
      return refusingSlice(k, n)
          + "slices of "
          + theirs
          + " are loaded ("
          + String.join(", ", others)
          + "); "
          + self
          + ": slices of different N cover different ids and would mix two slicings of the graph;"
          + " load the slices k/"
          + theirs
          + " instead, or empty the tables with --create=true without --driver";
    }
    if (!unknown.isEmpty()) {
      LOG.warn(
          "socialgraph: slice marker(s) {} were written by an older version and do not record N;"
              + " they cannot be checked against slice {}/{}",
          unknown,
          k,
          n);
    }
    for (Map.Entry<Integer, String> e : slices.entrySet()) {
      String otherGraph = GraphMarker.graphOf(e.getValue());
      if (GraphMarker.sliceCount(e.getValue()) == n && !otherGraph.equals(graph)) {
        return refusingSlice(k, n)
            + "slice "
            + GraphMarker.sliceOf(e.getValue())
            + " of another graph is loaded ("
            + Preflight.differences(otherGraph, graph)
            + "); empty the tables with --create=true without --driver";
      }
    }
    return null;
  }

  /** The start every refusal of slice {@code k/n} shares. */
  private static String refusingSlice(int k, int n) {
    return "refusing to load slice " + k + "/" + n + ": ";
  }

  /** Engines whose tables keep their rows on other servers. */
  private static final Set<String> REMOTE_ENGINES = Set.of("SPIDER", "FEDERATED", "CONNECT");

  /**
   * How to replace the rows: --create drops and recreates the tables, which empties them unless the
   * rows live elsewhere (a Spider head's tables are definitions; a DDL that does not also reset the
   * backends leaves their rows, and this refusal would come back after --create).
   */
  private static String replaceHint(Connection conn, String what) throws SQLException {
    String engine = remoteEngine(conn);
    if (engine == null) {
      return "--create=true --load=true replaces " + what;
    }
    return "nodetable is a "
        + engine
        + " table whose rows live on other servers, so --create=true --load=true replaces "
        + what
        + " only when the DDL also empties the tables there (the DDL of"
        + " scripts/spider-cluster.sh ddl N, as config/spider/ddl-spider-3.sql, does; a DDL for"
        + " the head alone does not)";
  }

  /** For the slice refusals: the same caveat as {@link #replaceHint}, or nothing. */
  private static String remoteNote(Connection conn) throws SQLException {
    String engine = remoteEngine(conn);
    return engine == null
        ? ""
        : " (these are "
            + engine
            + " tables whose rows live on other servers: only when the DDL also empties the"
            + " tables there, as the DDL of scripts/spider-cluster.sh ddl N does)";
  }

  /**
   * The engine of nodetable when it stores rows remotely, else null; asked only where tables name
   * their engine ({@link DatabaseFamily#namesTableEngines}).
   */
  static String remoteEngine(Connection conn) throws SQLException {
    if (!DatabaseFamily.detect(conn).namesTableEngines()) {
      return null;
    }
    try (Statement st = conn.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT UPPER(ENGINE) FROM information_schema.TABLES WHERE TABLE_SCHEMA ="
                    + " DATABASE() AND TABLE_NAME = 'nodetable'")) {
      String engine = rs.next() ? rs.getString(1) : null;
      return engine != null && REMOTE_ENGINES.contains(engine) ? engine : null;
    } finally {
      if (!conn.getAutoCommit()) {
        conn.commit();
      }
    }
  }

  private static long countUpTo(Connection conn, String table, long cap) throws SQLException {
    try (Statement st = conn.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT COUNT(*) FROM (SELECT 1 AS one FROM " + table + " LIMIT " + cap + ") t")) {
      rs.next();
      return rs.getLong(1);
    } finally {
      if (!conn.getAutoCommit()) {
        conn.commit();
      }
    }
  }
}
