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
import java.util.TreeMap;

/**
 * The row (table {@code graphmarker}) the loader removes when a load starts and writes when it has
 * finished: it says the graph is complete and which graph it is (maxid1, seed and the other keys
 * that decide the loaded rows), so that a run can refuse a half-loaded or different graph.
 */
public final class GraphMarker {

  static final String TABLE = "graphmarker";

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

  /** Records that the graph of {@code config} is loaded completely. */
  public static void write(Connection conn, LinkBenchConfig config) throws SQLException {
    try (Statement st = conn.createStatement()) {
      st.executeUpdate("DELETE FROM " + TABLE);
    }
    try (PreparedStatement ps =
        conn.prepareStatement("INSERT INTO " + TABLE + " (id, maxid1, graph) VALUES (1, ?, ?)")) {
      ps.setLong(1, config.maxId1());
      ps.setString(2, describe(config));
      ps.executeUpdate();
    }
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
  }

  /** The stored description, or null if no marker row exists. */
  static String read(Connection conn) throws SQLException {
    try (Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery("SELECT graph FROM " + TABLE + " WHERE id = 1")) {
      return rs.next() ? rs.getString(1) : null;
    }
  }
}
