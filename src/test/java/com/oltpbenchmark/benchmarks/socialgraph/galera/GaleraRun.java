package com.oltpbenchmark.benchmarks.socialgraph.galera;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.ModuleFixture;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoLinkTypes;
import com.oltpbenchmark.results.ResultKeys;
import com.oltpbenchmark.testutil.ConfigXml;
import com.oltpbenchmark.testutil.GaleraCluster;
import com.oltpbenchmark.testutil.RunArgs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** A shipped Galera sample config, shortened, run through DBWorkload against the test cluster. */
final class GaleraRun {
  static final String UNIQUE_TYPES =
      TaoLinkTypes.UNIQUE + ", " + TaoLinkTypes.UNIQUE_AND_BIDIRECTIONAL;
  static final String BIDIRECTIONAL_TYPES =
      TaoLinkTypes.BIDIRECTIONAL + ", " + TaoLinkTypes.UNIQUE_AND_BIDIRECTIONAL;

  private GaleraRun() {}

  /** Writes config/galera/{@code name} with another database, graph size and phase length. */
  static Path config(Path dir, GaleraCluster cluster, String name, String scale, int seconds)
      throws Exception {
    String xml = Files.readString(Path.of("config", "galera", name));
    xml = ConfigXml.set(xml, "url", cluster.multiHostUrl().replace("&", "&amp;"));
    xml = ConfigXml.set(xml, "scalefactor", scale);
    xml = ConfigXml.set(xml, "warmup", "0");
    xml = ConfigXml.set(xml, "time", String.valueOf(seconds));
    Path config = dir.resolve(name);
    Files.writeString(config, xml, StandardCharsets.UTF_8);
    return config;
  }

  /** create + load + execute; returns the exit code. */
  /**
   * A whole run. The database figures are off: their sampling connection to node 1 would count as a
   * terminal there when the tests count each node's sessions (GaleraCountersTest covers them).
   */
  static int run(Path config, Path results) {
    return DBWorkload.run(
        RunArgs.createLoadExecute("socialgraph", config, results, "--database-figures=false"));
  }

  static JsonNode summary(Path results) throws Exception {
    return ConfigXml.summary(results);
  }

  /** Sum of one status over all transaction types. */
  static long statusCount(JsonNode summary, String status) {
    long n = 0;
    for (JsonNode type : summary.get("Transaction Status Counts")) {
      n += type.path(status).asLong();
    }
    return n;
  }

  /** Sum of one Error SQLStates label over all transaction types. */
  static long errorLabelCount(JsonNode summary, String label) {
    long n = 0;
    for (Iterator<JsonNode> it = summary.get("Error SQLStates").elements(); it.hasNext(); ) {
      n += it.next().path(label).asLong();
    }
    return n;
  }

  /** State EXIT, requests measured and no attempt ended in an SQL error. */
  static void assertCleanRun(JsonNode summary) {
    assertEquals("EXIT", summary.get("Final State").asText());
    assertTrue(summary.get("Measured Requests").asLong() > 0, "measured requests");
    assertEquals(
        0,
        statusCount(summary, "ERROR"),
        "SQL errors: "
            + summary.get("Error SQLStates")
            + ", first messages: "
            + summary.get(ResultKeys.ERROR_MESSAGES));
  }

  /** The count invariant on {@code node}, after it applied everything committed before. */
  static void assertCountInvariant(GaleraCluster cluster, int node) throws SQLException {
    try (Connection conn = cluster.connect(node)) {
      assertTrue(ModuleFixture.assertCountsMatchVisibleLinks(conn) > 0, "count rows on " + node);
    }
  }

  /**
   * TAOBench's invariants on {@code node}: a unique association type has at most one visible
   * association per id1, and every visible bidirectional association has its visible inverse.
   */
  static void assertTaoInvariants(GaleraCluster cluster, int node) throws SQLException {
    try (Connection conn = cluster.connect(node);
        Statement s = conn.createStatement()) {
      assertEquals(
          0,
          single(
              s,
              "SELECT COUNT(*) FROM (SELECT id1 FROM linktable WHERE visibility = 1 AND link_type IN ("
                  + UNIQUE_TYPES
                  + ") GROUP BY id1, link_type HAVING COUNT(*) > 1) t"),
          "ids with two visible unique associations on node " + node);
      assertEquals(
          0,
          single(
              s,
              "SELECT COUNT(*) FROM linktable l WHERE l.visibility = 1 AND l.link_type IN ("
                  + BIDIRECTIONAL_TYPES
                  + ") AND NOT EXISTS (SELECT 1 FROM linktable r WHERE r.id1 = l.id2"
                  + " AND r.link_type = l.link_type AND r.id2 = l.id1 AND r.visibility = 1)"),
          "visible bidirectional associations without their inverse on node " + node);
    }
  }

  /** Visible associations of TAOBench's dedicated types on {@code node} (so the checks bite). */
  static long taoAssociations(GaleraCluster cluster, int node) throws SQLException {
    try (Connection conn = cluster.connect(node);
        Statement s = conn.createStatement()) {
      return single(
          s,
          "SELECT COUNT(*) FROM linktable WHERE visibility = 1 AND link_type IN ("
              + UNIQUE_TYPES
              + ", "
              + TaoLinkTypes.BIDIRECTIONAL
              + ")");
    }
  }

  /** The same checksum per table on every listed node. */
  static void assertIdenticalTables(GaleraCluster cluster, int... nodes) throws SQLException {
    Map<String, Long> first = cluster.checksums(nodes[0]);
    for (int i = 1; i < nodes.length; i++) {
      assertEquals(
          first,
          cluster.checksums(nodes[i]),
          "CHECKSUM TABLE on node " + nodes[0] + " and node " + nodes[i]);
    }
  }

  /** Samples the sessions per node every 200 ms while a run goes on. */
  static final class SessionSampler implements AutoCloseable {
    private final GaleraCluster cluster;
    private final List<Connection> monitors;
    private final Thread thread;
    private final List<List<Integer>> samples = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean stop;

    SessionSampler(GaleraCluster cluster) throws SQLException {
      this.cluster = cluster;
      this.monitors = cluster.monitors();
      this.thread = new Thread(this::loop, "galera-session-sampler");
      thread.setDaemon(true);
      thread.start();
    }

    private void loop() {
      while (!stop) {
        try {
          samples.add(cluster.sessionsPerNode(monitors));
          Thread.sleep(200);
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    /** The most frequent non-empty sample: the terminals' steady spread. */
    List<Integer> steadySpread() {
      Map<List<Integer>, Integer> freq = new HashMap<>();
      synchronized (samples) {
        for (List<Integer> s : samples) {
          if (s.stream().mapToInt(Integer::intValue).sum() > 0) {
            freq.merge(s, 1, Integer::sum);
          }
        }
      }
      return freq.entrySet().stream()
          .max(Map.Entry.comparingByValue())
          .map(Map.Entry::getKey)
          .orElse(List.of());
    }

    boolean seen(List<Integer> sample) {
      return samples.contains(sample);
    }

    @Override
    public void close() throws Exception {
      stop = true;
      thread.join(5_000);
      for (Connection c : monitors) {
        c.close();
      }
    }
  }

  private static long single(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
