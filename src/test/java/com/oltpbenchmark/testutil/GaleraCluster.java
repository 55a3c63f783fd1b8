package com.oltpbenchmark.testutil;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A fresh database on the three-node Galera cluster of {@code scripts/galera-cluster.sh} (SQL ports
 * 3307-3309, or SG_GALERA_PORTS). Like {@link TestDatabase}: with CI=true a cluster that is not up
 * with three Synced nodes fails the test, elsewhere the test is skipped with the command that
 * starts it.
 */
public final class GaleraCluster {
  public static final String SCRIPT = "scripts/galera-cluster.sh";
  public static final List<String> TABLES = List.of("nodetable", "linktable", "counttable");

  public final String database;
  private final List<String> ports;

  private GaleraCluster(String database, List<String> ports) {
    this.database = database;
    this.ports = ports;
  }

  /** Drops and recreates {@code name} (DDL replicates to every node). */
  public static GaleraCluster database(String name) {
    String db = TestDatabase.scoped(name);
    String env = System.getenv("SG_GALERA_PORTS");
    List<String> ports =
        List.of((env == null || env.isBlank() ? "3307,3308,3309" : env).split(","));
    GaleraCluster c = new GaleraCluster(db, ports);
    for (int node = 1; node <= ports.size(); node++) {
      try (Connection conn = c.connectNode(node, null)) {
        String state = status(conn, "wsrep_local_state_comment");
        String size = status(conn, "wsrep_cluster_size");
        if (!"Synced".equals(state) || !String.valueOf(ports.size()).equals(size)) {
          unavailable(c.nodeUrl(node, ""), "node is " + state + " in a cluster of " + size);
        }
      } catch (SQLException e) {
        unavailable(c.nodeUrl(node, ""), e.getMessage());
      }
    }
    TestDatabase.recreateOrFail(() -> c.connectNode(1, null), db, "the cluster");
    return c;
  }

  public int nodes() {
    return ports.size();
  }

  /** Every node, for {@code spreadTerminalsOverHosts}. */
  public String multiHostUrl() {
    List<String> hosts = new ArrayList<>();
    ports.forEach(p -> hosts.add("127.0.0.1:" + p));
    return "jdbc:mariadb://"
        + String.join(",", hosts)
        + "/"
        + database
        + "?rewriteBatchedStatements=true";
  }

  public String nodeUrl(int node) {
    return nodeUrl(node, database);
  }

  private String nodeUrl(int node, String db) {
    return "jdbc:mariadb://127.0.0.1:" + ports.get(node - 1) + "/" + (db == null ? "" : db);
  }

  /**
   * A connection to node {@code node} (1-based) whose reads first wait until the node has applied
   * everything the cluster committed before them (wsrep_sync_wait).
   */
  public Connection connect(int node) throws SQLException {
    return connectNode(node, database);
  }

  private Connection connectNode(int node, String db) throws SQLException {
    Connection conn = DriverManager.getConnection(nodeUrl(node, db), "root", "");
    try (Statement s = conn.createStatement()) {
      s.execute("SET SESSION wsrep_sync_wait = 1");
    }
    return conn;
  }

  public static String status(Connection conn, String variable) throws SQLException {
    try (Statement s = conn.createStatement();
        ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE '" + variable + "'")) {
      return rs.next() ? rs.getString(2) : null;
    }
  }

  /** CHECKSUM TABLE of the socialgraph tables on {@code node}, after it caught up. */
  public Map<String, Long> checksums(int node) throws SQLException {
    Map<String, Long> sums = new LinkedHashMap<>();
    try (Connection conn = connect(node);
        Statement s = conn.createStatement()) {
      s.executeQuery("SELECT COUNT(*) FROM counttable").close(); // waits for the node to catch up
      try (ResultSet rs = s.executeQuery("CHECKSUM TABLE " + String.join(", ", TABLES))) {
        while (rs.next()) {
          sums.put(rs.getString(1).replaceFirst("^.*\\.", ""), rs.getLong(2));
        }
      }
    }
    assertEquals(TABLES.size(), sums.size(), "a checksum per table on node " + node);
    return sums;
  }

  /**
   * Connections per node that have this database selected, in node order; 0 for a node whose
   * monitor connection is gone (a node that was killed serves nobody).
   */
  public List<Integer> sessionsPerNode(List<Connection> monitors) {
    List<Integer> counts = new ArrayList<>();
    for (Connection m : monitors) {
      try (Statement s = m.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB = '"
                      + database
                      + "'")) {
        rs.next();
        counts.add(rs.getInt(1));
      } catch (SQLException e) {
        counts.add(0);
      }
    }
    return counts;
  }

  /** One connection per node without a database selected, for {@link #sessionsPerNode}. */
  public List<Connection> monitors() throws SQLException {
    List<Connection> list = new ArrayList<>();
    for (int node = 1; node <= nodes(); node++) {
      list.add(connectNode(node, null));
    }
    return list;
  }

  /**
   * Runs {@code scripts/galera-cluster.sh args...}; returns its output, fails on a non-zero exit.
   */
  public static String script(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("timeout", "180", SCRIPT));
    cmd.addAll(List.of(args));
    Process p =
        new ProcessBuilder(cmd).directory(Path.of(".").toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(200, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
    }
    return out;
  }

  /**
   * Lines of node {@code node}'s error log (in the script's directory, SG_GALERA_DIR or
   * /tmp/socialgraph-galera) that contain {@code text}.
   */
  public static long logLines(int node, String text) throws IOException {
    String env = System.getenv("SG_GALERA_DIR");
    Path dir = Path.of(env == null || env.isBlank() ? "/tmp/socialgraph-galera" : env);
    try (Stream<String> lines =
        Files.lines(dir.resolve("node" + node).resolve("error.log"), StandardCharsets.ISO_8859_1)) {
      return lines.filter(l -> l.contains(text)).count();
    }
  }

  private static void unavailable(String url, String why) {
    TestDatabase.notUpAt("the Galera cluster", url, why, SCRIPT);
  }
}
