package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.config.DistributionSpec;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.config.PayloadSpec;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The row (table {@code graphmarker}) the loader removes when a load starts and writes when it has
 * finished: it says the graph is complete and which graph it is (maxid1, seed and the other keys
 * that decide the loaded rows), so that a run can refuse a half-loaded or different graph.
 */
public final class GraphMarker {

  static final String TABLE = "graphmarker";

  /** Row id of the complete graph's marker; slice k of a load in slices has SLICE_BASE + k. */
  static final int COMPLETE = 1;

  static final int SLICE_BASE = 1_000_000;

  private GraphMarker() {}

  /** The keys of {@code config} that decide the loaded graph, as one comparable line. */
  public static String describe(LinkBenchConfig config) {
    List<String> types = new ArrayList<>();
    for (int i = 0; i < config.linkTypeCount(); i++) {
      types.add(Long.toString(SocialGraph.FIRST_LINK_TYPE + i));
    }
    return "startid1="
        + config.startId1()
        + " maxid1="
        + config.maxId1()
        + " load_random_seed="
        + config.loadRandomSeed()
        + " link_types="
        + String.join(",", types)
        + " randomid2max="
        + config.randomId2Max()
        + " id2gen_config="
        + config.id2GenConfig()
        + " nlinks="
        + spec(config.nlinks())
        + (config.dataFile() == null ? "" : " data_file=" + config.dataFile().getFileName())
        + " link_datasize="
        + config.linkDataSize()
        + " node_datasize="
        + config.nodeDataSize()
        + " link_add_datagen="
        + payload(config.linkAddDatagen())
        + " node_add_datagen="
        + payload(config.nodeAddDatagen());
  }

  private static String spec(DistributionSpec s) {
    return s.family() + new TreeMap<>(s.params()).toString().replace(" ", "");
  }

  private static String payload(PayloadSpec p) {
    return p.toString().replace(" ", "");
  }

  /** Removes the marker: the graph is being (re)loaded. Missing table: nothing to remove. */
  public static void clear(Connection conn) throws SQLException {
    try (Statement st = conn.createStatement()) {
      st.executeUpdate("DELETE FROM " + TABLE);
    }
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
  }

  /**
   * Records that the graph of {@code config} is loaded completely. (A whole load's {@link #clear}
   * has removed any slice markers of an earlier load in slices.)
   */
  public static void write(Connection conn, LinkBenchConfig config) throws SQLException {
    try (Statement st = conn.createStatement()) {
      st.executeUpdate("DELETE FROM " + TABLE + " WHERE id = " + COMPLETE);
    }
    try (PreparedStatement ps =
        conn.prepareStatement(
            "INSERT INTO " + TABLE + " (id, maxid1, graph) VALUES (" + COMPLETE + ", ?, ?)")) {
      ps.setLong(1, config.maxId1());
      ps.setString(2, describe(config));
      ps.executeUpdate();
    }
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
  }

  /**
   * Removes what a load of slice {@code k} replaces: the complete marker (the graph is incomplete
   * until every slice is in) and this slice's own marker. The other slices' markers stay.
   */
  public static void clearForSlice(Connection conn, int k) throws SQLException {
    try (PreparedStatement ps =
        conn.prepareStatement("DELETE FROM " + TABLE + " WHERE id = ? OR id = ?")) {
      ps.setInt(1, COMPLETE);
      ps.setInt(2, SLICE_BASE + k);
      ps.executeUpdate();
    }
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
  }

  /**
   * Records that slice {@code k} of {@code n} of the graph of {@code config} is loaded.
   *
   * @return the slices still missing; empty when this slice completed the graph, and the caller
   *     then writes the complete marker ({@link #writeCompleted})
   */
  public static List<Integer> writeSlice(Connection conn, LinkBenchConfig config, int k, int n)
      throws SQLException {
    String description = describe(config);
    try (PreparedStatement ps =
        conn.prepareStatement("INSERT INTO " + TABLE + " (id, maxid1, graph) VALUES (?, ?, ?)")) {
      ps.setInt(1, SLICE_BASE + k);
      ps.setLong(2, config.maxId1());
      ps.setString(3, sliceDescription(description, k, n));
      ps.executeUpdate();
    }
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
    return missingSlices(conn, description, n);
  }

  /**
   * The complete marker after the last slice. Two slices that finish together may both find every
   * slice in; the second insert is then the one that fails, on a marker already there.
   */
  public static void writeCompleted(Connection conn, LinkBenchConfig config) throws SQLException {
    try {
      write(conn, config);
    } catch (SQLException e) {
      if (!conn.getAutoCommit()) {
        conn.rollback();
      }
      if (!describe(config).equals(read(conn))) {
        throw e;
      }
    }
  }

  /** The slices 1..n of {@code description} that have no marker yet. */
  static List<Integer> missingSlices(Connection conn, String description, int n)
      throws SQLException {
    Map<Integer, String> found = slices(conn);
    List<Integer> missing = new ArrayList<>();
    for (int k = 1; k <= n; k++) {
      if (!sliceDescription(description, k, n).equals(found.get(k))) {
        missing.add(k);
      }
    }
    return missing;
  }

  /** The slice markers present, by slice number. */
  static Map<Integer, String> slices(Connection conn) throws SQLException {
    Map<Integer, String> found = new TreeMap<>();
    try (PreparedStatement ps =
        conn.prepareStatement("SELECT id, graph FROM " + TABLE + " WHERE id > ?")) {
      ps.setInt(1, SLICE_BASE);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          found.put(rs.getInt(1) - SLICE_BASE, rs.getString(2));
        }
      }
    }
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
    return found;
  }

  static String sliceDescription(String description, int k, int n) {
    return description + SLICE_KEY + k + "/" + n;
  }

  private static final String SLICE_KEY = " slice=";

  /**
   * The slice count N a slice marker records ({@code slice=k/N}), or 0 for a marker that records
   * none.
   */
  static int sliceCount(String sliceDescription) {
    String slice = sliceOf(sliceDescription);
    int slash = slice == null ? -1 : slice.indexOf('/');
    if (slash < 0) {
      return 0;
    }
    try {
      return Integer.parseInt(slice.substring(slash + 1));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** "2/3" from a slice marker's description, or null when it records no slice. */
  static String sliceOf(String sliceDescription) {
    int at = sliceDescription == null ? -1 : sliceDescription.lastIndexOf(SLICE_KEY);
    return at < 0 ? null : sliceDescription.substring(at + SLICE_KEY.length());
  }

  /** The graph part of a slice marker's description (without {@code slice=k/N}). */
  static String graphOf(String sliceDescription) {
    int at = sliceDescription.lastIndexOf(SLICE_KEY);
    return at < 0 ? sliceDescription : sliceDescription.substring(0, at);
  }

  /**
   * The slices present as the user names them: "1/3, 3/3"; a marker that records no count shows its
   * number alone.
   */
  static String sliceList(Map<Integer, String> slices) {
    List<String> out = new ArrayList<>();
    slices.forEach((k, d) -> out.add(sliceOf(d) == null ? Integer.toString(k) : sliceOf(d)));
    return String.join(", ", out);
  }

  /**
   * The one slice count N all slice markers record, 0 when none does (markers of an older version),
   * or -1 when they record different counts.
   */
  static int commonSliceCount(Map<Integer, String> slices) {
    int common = 0;
    for (String d : slices.values()) {
      int n = sliceCount(d);
      if (n == 0) {
        continue;
      }
      if (common != 0 && common != n) {
        return -1;
      }
      common = n;
    }
    return common;
  }

  /**
   * The keys a user recognises a graph by, from a stored description: {@code maxid1=101
   * load_random_seed=7}.
   */
  public static String identity(String description) {
    StringBuilder sb = new StringBuilder();
    for (String part : description.split(" ")) {
      if (part.startsWith("maxid1=") || part.startsWith("load_random_seed=")) {
        sb.append(sb.length() == 0 ? "" : ", ").append(part);
      }
    }
    return sb.length() == 0 ? description : sb.toString();
  }

  /** The stored description, or null if no marker row exists. */
  public static String read(Connection conn) throws SQLException {
    try (Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery("SELECT graph FROM " + TABLE + " WHERE id = " + COMPLETE)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }
}
