package com.oltpbenchmark.testutil;

import java.io.IOException;
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
 * A fresh database on the PostgreSQL primary of {@code scripts/pg-replicas.sh} (127.0.0.1:5441, or
 * SG_PG_REPLICAS_PORT) and its streaming hot standbys (standby k on the port after it + k). Like
 * {@link GaleraCluster}: with CI=true a replica set that is not up with at least one streaming
 * standby fails the test, elsewhere the test is skipped with the command that starts it.
 */
public final class PgReplicaSet {
  public static final String SCRIPT = "scripts/pg-replicas.sh";

  public final String database;
  private final int primaryPort;
  private final List<Integer> standbyPorts;

  private PgReplicaSet(String database, int primaryPort, List<Integer> standbyPorts) {
    this.database = database;
    this.primaryPort = primaryPort;
    this.standbyPorts = standbyPorts;
  }

  /**
   * Drops and recreates {@code name} on the primary and waits until every streaming standby has
   * replayed it (at most 60 s).
   */
  public static PgReplicaSet database(String name) {
    String db = TestDatabase.scoped(name);
    String env = System.getenv("SG_PG_REPLICAS_PORT");
    int primary = env == null || env.isBlank() ? 5441 : Integer.parseInt(env.strip());
    List<Integer> standbys = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url(primary, "postgres"), "postgres", "");
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT application_name FROM pg_stat_replication WHERE state = 'streaming'"
                    + " AND application_name ~ '^standby[0-9]+$' ORDER BY application_name")) {
      while (rs.next()) {
        standbys.add(primary + Integer.parseInt(rs.getString(1).substring("standby".length())));
      }
    } catch (SQLException e) {
      unavailable(url(primary, ""), e.getMessage());
    }
    if (standbys.isEmpty()) {
      unavailable(url(primary, ""), "no standby is streaming from it");
    }
    PgReplicaSet set = new PgReplicaSet(db, primary, standbys);
    try (Connection c = DriverManager.getConnection(url(primary, "postgres"), "postgres", "");
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
      s.execute("CREATE DATABASE " + db);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create database " + db + " on the primary", e);
    }
    for (int k = 1; k <= standbys.size(); k++) {
      set.awaitReplayed(k, 60);
    }
    return set;
  }

  public int standbys() {
    return standbyPorts.size();
  }

  public String primaryUrl() {
    return url(primaryPort, database);
  }

  /** Standby {@code k} (1-based, in port order). */
  public String standbyUrl(int k) {
    return url(standbyPorts.get(k - 1), database);
  }

  public Connection connectPrimary() throws SQLException {
    return DriverManager.getConnection(primaryUrl(), "postgres", "");
  }

  public Connection connectStandby(int k) throws SQLException {
    return DriverManager.getConnection(standbyUrl(k), "postgres", "");
  }

  /**
   * Waits until standby {@code k} has replayed everything the primary wrote before this call (its
   * database then exists there too).
   */
  public void awaitReplayed(int k, int seconds) {
    String lsn;
    try (Connection c = DriverManager.getConnection(url(primaryPort, "postgres"), "postgres", "");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_current_wal_lsn()::text")) {
      rs.next();
      lsn = rs.getString(1);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the primary's WAL position", e);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    String standby = url(standbyPorts.get(k - 1), "postgres");
    while (true) {
      try (Connection c = DriverManager.getConnection(standby, "postgres", "");
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery("SELECT pg_last_wal_replay_lsn() >= '" + lsn + "'::pg_lsn")) {
        if (rs.next() && rs.getBoolean(1)) {
          return;
        }
      } catch (SQLException e) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("standby " + k + " at " + standby + " failed", e);
        }
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "standby " + k + " at " + standby + " has not replayed up to " + lsn);
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /** Runs {@code scripts/pg-replicas.sh args...}; returns its output, fails on a non-zero exit. */
  public static String script(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("timeout", "300", SCRIPT));
    cmd.addAll(List.of(args));
    Process p =
        new ProcessBuilder(cmd).directory(Path.of(".").toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(320, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
    }
    return out;
  }

  private static String url(int port, String db) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + db + "?sslmode=disable";
  }

  private static void unavailable(String url, String why) {
    TestDatabase.serverDown(
        "the PostgreSQL replica set is not up at "
            + url
            + " ("
            + why
            + "). Start it with: "
            + SCRIPT
            + " start 2",
        null);
  }
}
