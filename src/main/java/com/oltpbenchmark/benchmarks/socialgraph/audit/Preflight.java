package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Checks, before a run, that the schema exists and that the loaded graph is complete and is the
 * graph the configuration describes (the {@link GraphMarker}). Reads a few rows, never writes.
 */
public final class Preflight {

  static final List<String> TABLES = List.of("nodetable", "linktable", "counttable");

  private Preflight() {}

  /**
   * The problem that makes a run on this database pointless, in one line, or null if none.
   *
   * @param checkGraph false to accept a graph that is incomplete or differs from {@code config}
   */
  public static String problem(Connection conn, LinkBenchConfig config, boolean checkGraph)
      throws SQLException {
    String missing = missingTable(conn);
    if (missing != null) {
      return "socialgraph table "
          + missing
          + " does not exist in this database; create and load it first (--create=true"
          + " --load=true)";
    }
    if (!checkGraph) {
      return null;
    }
    String how =
        "; reload it (--create=true --load=true) or pass --graph-check=false to run anyway";
    if (!tableExists(conn, GraphMarker.TABLE)) {
      return "the socialgraph graph has no load marker (table "
          + GraphMarker.TABLE
          + " is missing: created by an older version)"
          + how;
    }
    String stored = GraphMarker.read(conn);
    if (stored == null) {
      Map<Integer, String> slices = GraphMarker.slices(conn);
      if (!slices.isEmpty()) {
        return "the socialgraph graph is being loaded in slices and is not complete (loaded: "
            + GraphMarker.sliceList(slices)
            + "); "
            + missingSlices(slices);
      }
      return "the socialgraph graph is not loaded completely (no load marker: never loaded, or the"
          + " load did not finish)"
          + how;
    }
    String wanted = GraphMarker.describe(config);
    if (!stored.equals(wanted)) {
      return "the loaded socialgraph graph differs from this configuration ("
          + differences(stored, wanted)
          + ")"
          + how;
    }
    return null;
  }

  /** What to load to complete a graph loaded in slices, from the slice markers present. */
  static String missingSlices(Map<Integer, String> slices) {
    int n = GraphMarker.commonSliceCount(slices);
    if (n < 0) {
      return "slices of different counts N are loaded: they are two slicings of one id range and"
          + " never make one graph; --create=true without --driver empties the tables, then load"
          + " every slice of one N";
    }
    if (n == 0) {
      return "the slice markers were written by an older version and do not record N; load the"
          + " missing slices with --load --driver k/N";
    }
    List<String> loads = new ArrayList<>();
    for (int k = 1; k <= n; k++) {
      if (!slices.containsKey(k)) {
        loads.add(
            (loads.isEmpty() ? "load slice " : "slice ")
                + k
                + "/"
                + n
                + " with `--load --driver "
                + k
                + "/"
                + n
                + "`");
      }
    }
    return loads.isEmpty()
        ? "every slice of "
            + n
            + " is in, but none completed the graph; load one again after"
            + " --create=true without --driver"
        : String.join(", ", loads);
  }

  /** "key: loaded a, configured b" for each differing key of two marker descriptions. */
  static String differences(String stored, String wanted) {
    List<String> a = Arrays.asList(stored.split(" "));
    List<String> b = Arrays.asList(wanted.split(" "));
    List<String> out = new ArrayList<>();
    for (String w : b) {
      String key = w.substring(0, Math.max(0, w.indexOf('=')));
      String have = "(none)";
      for (String s : a) {
        if (s.startsWith(key + "=")) {
          have = s.substring(key.length() + 1);
        }
      }
      if (!a.contains(w)) {
        out.add(key + ": loaded " + have + ", configured " + w.substring(key.length() + 1));
      }
    }
    return out.isEmpty() ? "loaded " + stored : String.join("; ", out);
  }

  /** The first socialgraph table this database lacks, or null. */
  static String missingTable(Connection conn) throws SQLException {
    for (String table : TABLES) {
      if (!tableExists(conn, table)) {
        return table;
      }
    }
    return null;
  }

  /**
   * Whether {@code table} exists, by reading no rows from it. Only the server's own "no such table"
   * answer means missing: any other error (no privilege, a refused session, a connection lost) is
   * thrown with the server's message and SQLState, since telling the user to create the tables
   * again would drop a loaded graph for nothing.
   *
   * @throws SQLException "cannot read socialgraph table T: (the server's message)", the server's
   *     SQLState and error code
   */
  static boolean tableExists(Connection conn, String table) throws SQLException {
    boolean auto = conn.getAutoCommit();
    try (Statement st = conn.createStatement()) {
      st.executeQuery("SELECT 1 FROM " + table + " WHERE 1 = 0").close();
      return true;
    } catch (SQLException e) {
      // PostgreSQL aborts the transaction on any error: clear it for the next statement
      if (!auto) {
        rollbackQuietly(conn, e);
      }
      if (MissingTable.is(e)) {
        return false;
      }
      throw MissingTable.cannotRead(table, e);
    }
  }

  private static void rollbackQuietly(Connection conn, SQLException cause) {
    try {
      conn.rollback();
    } catch (SQLException e) {
      // a connection that is gone cannot roll back; the first error is the one to report
      cause.addSuppressed(e);
    }
  }
}
