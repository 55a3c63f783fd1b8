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
            + String.join(", ", slices.values().stream().map(Preflight::sliceOf).toList())
            + "); load the missing slices with --load --driver k/N";
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

  /** "2/3" from a slice marker's description. */
  private static String sliceOf(String description) {
    int at = description.lastIndexOf(" slice=");
    return at < 0 ? description : description.substring(at + " slice=".length());
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

  static boolean tableExists(Connection conn, String table) throws SQLException {
    boolean auto = conn.getAutoCommit();
    try (Statement st = conn.createStatement()) {
      st.executeQuery("SELECT 1 FROM " + table + " WHERE 1 = 0").close();
      return true;
    } catch (SQLException e) {
      if (!conn.isValid(10)) {
        throw e;
      }
      // PostgreSQL aborts the transaction on any error: clear it for the next statement.
      if (!auto) {
        conn.rollback();
      }
      return false;
    }
  }
}
