package com.oltpbenchmark.testutil;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A fresh database on the Spider cluster of {@code scripts/spider-cluster.sh} (head on
 * 127.0.0.1:3320, backends from the head's {@code sg_backend*} servers). Like {@link
 * GaleraCluster}: with CI=true a cluster that is not up fails the test, elsewhere the test is
 * skipped with the command that starts it.
 */
public final class SpiderCluster {
  public static final String SCRIPT = "scripts/spider-cluster.sh";
  public static final int HEAD_PORT = 3320;

  public final String database;
  private final List<Integer> backendPorts;

  private SpiderCluster(String database, List<Integer> backendPorts) {
    this.database = database;
    this.backendPorts = backendPorts;
  }

  /** Drops and recreates {@code name} on the head and every backend. */
  public static SpiderCluster database(String name) {
    String db = TestDatabase.scoped(name);
    List<Integer> ports = new ArrayList<>();
    try (Connection head = connect(HEAD_PORT, "");
        Statement s = head.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT Port FROM mysql.servers WHERE Server_name LIKE 'sg_backend%'"
                    + " ORDER BY Server_name")) {
      while (rs.next()) {
        ports.add(rs.getInt(1));
      }
      try (ResultSet e =
          s.executeQuery("SELECT 1 FROM information_schema.ENGINES WHERE ENGINE = 'SPIDER'")) {
        if (!e.next()) {
          unavailable("the server on 127.0.0.1:" + HEAD_PORT + " has no Spider engine");
        }
      }
    } catch (SQLException e) {
      unavailable("no Spider head at 127.0.0.1:" + HEAD_PORT + " (" + e.getMessage() + ")");
    }
    if (ports.isEmpty()) {
      unavailable("the head on 127.0.0.1:" + HEAD_PORT + " names no sg_backend servers");
    }
    SpiderCluster c = new SpiderCluster(db, ports);
    for (int b = 1; b <= ports.size(); b++) {
      try (Connection conn = connect(ports.get(b - 1), "");
          Statement s = conn.createStatement()) {
        TestDatabase.recreate(s, db);
      } catch (SQLException e) {
        unavailable("backend " + b + " at " + c.backendUrl(b) + " (" + e.getMessage() + ")");
      }
    }
    TestDatabase.recreateOrFail(() -> connect(HEAD_PORT, ""), db, "the head");
    return c;
  }

  public int backends() {
    return backendPorts.size();
  }

  public String headUrl() {
    return "jdbc:mariadb://127.0.0.1:"
        + HEAD_PORT
        + "/"
        + database
        + "?rewriteBatchedStatements=true&useServerPrepStmts=true&allowMultiQueries=true";
  }

  /** Backend {@code b} (1-based), this database. */
  public String backendUrl(int b) {
    return "jdbc:mariadb://127.0.0.1:" + backendPorts.get(b - 1) + "/" + database;
  }

  public Connection head() throws SQLException {
    return connect(HEAD_PORT, database);
  }

  public Connection backend(int b) throws SQLException {
    return connect(backendPorts.get(b - 1), database);
  }

  private static Connection connect(int port, String db) throws SQLException {
    return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/" + db, "root", "");
  }

  /** {@code scripts/spider-cluster.sh ddl args...}: the head DDL it prints. */
  public static String ddl(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(SCRIPT, "ddl"));
    cmd.addAll(List.of(args));
    Process p =
        new ProcessBuilder(cmd).directory(Path.of(".").toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
    }
    return out;
  }

  private static void unavailable(String why) {
    String msg = "the Spider cluster is not up: " + why + ". Start it with: " + SCRIPT + " start 2";
    TestDatabase.serverDown(msg, null);
  }
}
