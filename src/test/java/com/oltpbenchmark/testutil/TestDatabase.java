package com.oltpbenchmark.testutil;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Assumptions;

/**
 * A freshly created, empty database for one test class, on SQLite, the local PostgreSQL or the
 * local MariaDB.
 *
 * <p>Server tests must run in CI: when {@code CI=true} (or {@code SG_REQUIRE_SERVERS=true}) an
 * unreachable server fails the test. Elsewhere the test is skipped with a message that says how to
 * start the server. Host, port and user can be moved with SG_PG_HOST, SG_PG_PORT, SG_PG_USER,
 * SG_MYSQL_HOST, SG_MYSQL_PORT, SG_MYSQL_USER, SG_MYSQL_PASSWORD. SG_DB_PREFIX is put in front of
 * every server database name, so that two checkouts can run their suites against the same servers
 * at once.
 */
public final class TestDatabase {

  /** Upper-case {@code DatabaseType} name: SQLITE, POSTGRES or MARIADB. */
  public final String type;

  public final String driver;
  public final String url;
  public final String username;
  public final String password;

  private TestDatabase(String type, String driver, String url, String username, String password) {
    this.type = type;
    this.driver = driver;
    this.url = url;
    this.username = username;
    this.password = password;
  }

  public Connection connect() throws SQLException {
    return username == null
        ? DriverManager.getConnection(url)
        : DriverManager.getConnection(url, username, password);
  }

  /** The first column of the first row of {@code sql}, read on a connection of its own. */
  public long firstLong(String sql) throws SQLException {
    try (Connection c = connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      if (!rs.next()) {
        throw new SQLException("no row from " + sql);
      }
      return rs.getLong(1);
    }
  }

  /** A new SQLite file inside {@code dir} (a JUnit {@code @TempDir}). */
  public static TestDatabase sqlite(Path dir, String name) {
    Path file = dir.resolve(name + ".db");
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new IllegalStateException("cannot remove old SQLite file " + file, e);
    }
    return new TestDatabase("SQLITE", "org.sqlite.JDBC", "jdbc:sqlite:" + file, null, null);
  }

  /** Drops and recreates database {@code name} on the local PostgreSQL. */
  public static TestDatabase postgres(String name) {
    name = scoped(name);
    String host = env("SG_PG_HOST", "127.0.0.1");
    String port = env("SG_PG_PORT", "5432");
    String user = env("SG_PG_USER", "postgres");
    String base = "jdbc:postgresql://" + host + ":" + port + "/";
    String admin = base + "postgres";
    try (Connection c = DriverManager.getConnection(admin, user, "");
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      s.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      unavailable(
          "PostgreSQL",
          admin,
          e,
          "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start");
    }
    return new TestDatabase(
        "POSTGRES",
        "org.postgresql.Driver",
        base + name + "?sslmode=disable&reWriteBatchedInserts=true",
        user,
        "");
  }

  /** Drops and recreates database {@code name} on the local MariaDB. */
  public static TestDatabase mariadb(String name) {
    name = scoped(name);
    String host = env("SG_MYSQL_HOST", "127.0.0.1");
    String port = env("SG_MYSQL_PORT", "3306");
    String user = env("SG_MYSQL_USER", "root");
    String pass = env("SG_MYSQL_PASSWORD", "");
    String base = "jdbc:mariadb://" + host + ":" + port + "/";
    try (Connection c = DriverManager.getConnection(base, user, pass);
        Statement s = c.createStatement()) {
      recreate(s, name);
    } catch (SQLException e) {
      unavailable(
          "MariaDB",
          base,
          e,
          "start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd");
    }
    return new TestDatabase(
        "MARIADB",
        "org.mariadb.jdbc.Driver",
        base
            + name
            + "?rewriteBatchedStatements=true&useServerPrepStmts=true&allowMultiQueries=true",
        user,
        pass);
  }

  /**
   * The database a sample config directory stands for ({@code sqlite}, {@code postgres} or {@code
   * mariadb}), new and called {@code name}; SQLite's file goes into {@code dir}.
   */
  public static TestDatabase forSample(String sample, Path dir, String name) {
    return switch (sample) {
      case "sqlite" -> sqlite(dir, name);
      case "postgres" -> postgres(name);
      case "mariadb" -> mariadb(name);
      default -> throw new IllegalArgumentException("no test database for sample " + sample);
    };
  }

  /** Drops and recreates database {@code name} on the private MyRocks server. */
  public static TestDatabase myrocks(String name) {
    return MyRocksServer.database(scoped(name));
  }

  /** Package access for the other server helpers of this package. */
  static TestDatabase of(String type, String driver, String url, String username, String pass) {
    return new TestDatabase(type, driver, url, username, pass);
  }

  /** True where a server that cannot be reached must fail the test instead of skipping it. */
  public static boolean serversRequired() {
    return "true".equalsIgnoreCase(System.getenv("CI"))
        || "true".equalsIgnoreCase(System.getenv("SG_REQUIRE_SERVERS"));
  }

  private static void unavailable(String server, String url, SQLException e, String howToStart) {
    String msg =
        server
            + " is not reachable at "
            + url
            + " ("
            + e.getMessage()
            + "). Start it with: "
            + howToStart;
    serverDown(msg, e);
  }

  /**
   * Fails the test where servers are required (CI=true), else skips it; {@code msg} names the
   * server that is down and how to start it.
   */
  static void serverDown(String msg, Throwable cause) {
    if (serversRequired()) {
      throw new IllegalStateException(msg + " [CI=true: server tests must run]", cause);
    }
    Assumptions.abort("skipped: " + msg);
  }

  /** As {@link #serverDown}: {@code server} is not up at {@code url}; {@code script} starts it. */
  static void notUpAt(String server, String url, String why, String script) {
    serverDown(
        server + " is not up at " + url + " (" + why + "). Start it with: " + script + " start",
        null);
  }

  /** How a cluster helper opens a session on one of its servers. */
  @FunctionalInterface
  interface Opener {
    Connection open() throws SQLException;
  }

  /**
   * Recreates {@code name} on the server {@code opener} reaches; that server was found up a moment
   * before, so failing now is an error naming {@code where}, not a reason to skip.
   */
  static void recreateOrFail(Opener opener, String name, String where) {
    try (Connection conn = opener.open();
        Statement s = conn.createStatement()) {
      recreate(s, name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create database " + name + " on " + where, e);
    }
  }

  /** Drops database {@code name} if it is there and creates it empty. */
  static void recreate(Statement s, String name) throws SQLException {
    s.execute("DROP DATABASE IF EXISTS " + name);
    s.execute("CREATE DATABASE " + name);
  }

  private static String env(String key, String dflt) {
    String v = System.getenv(key);
    return v == null || v.isEmpty() ? dflt : v;
  }

  /** {@code name} with SG_DB_PREFIX before it, so parallel test runs do not collide. */
  static String scoped(String name) {
    String prefix = System.getenv("SG_DB_PREFIX");
    return prefix == null || prefix.isBlank() ? name : prefix + name;
  }
}
