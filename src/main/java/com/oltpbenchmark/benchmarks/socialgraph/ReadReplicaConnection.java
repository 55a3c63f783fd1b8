package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.database.JdbcDriver;
import com.oltpbenchmark.types.DatabaseType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One worker's connection to its read replica ({@code <readReplicas>}), and the {@link Session}
 * that delivers reads on it. The runtime knows only the worker's own connection: it commits and
 * rolls back that one, so this class ends every read it runs itself, commits after success, rolls
 * back after a failure, and drops a connection that cannot roll back (the server ended the session,
 * as a standby does on some recovery conflicts), to open a new one for the next read.
 *
 * <p>Opened like the worker's own connection (autocommit off, the run's isolation, the config's
 * session setup file), with one exception: a PostgreSQL standby cannot run SERIALIZABLE
 * transactions at all, so there the reads run at REPEATABLE READ, which on PostgreSQL reads one
 * snapshot as well; a warning says so once.
 */
final class ReadReplicaConnection implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ReadReplicaConnection.class);

  /** What was already said about a URL, so that 100 terminals give one warning, not 100. */
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  /** How this worker reaches its replica: the configured URL and credentials. */
  record Target(
      String url,
      String username,
      String password,
      DatabaseType type,
      int isolation,
      String sessionSetupFile) {}

  private final Target target;
  private Connection conn;
  private Session session;

  ReadReplicaConnection(Target target) {
    this.target = target;
  }

  /** The replica's URL, as configured. */
  String url() {
    return target.url();
  }

  /**
   * Runs {@code body} on the replica connection, opening it first if there is none, and ends the
   * transaction the read left open, if any.
   */
  Outcome run(RequestConnections.OnConnection body) throws SQLException {
    Connection c = open();
    try {
      Outcome outcome = body.deliver(c, session);
      session.commit(c);
      return outcome;
    } catch (SQLException | RuntimeException e) {
      rollbackOrDrop(e);
      throw e;
    }
  }

  /** The open connection, or a new one (autocommit off, isolation and session setup applied). */
  Connection open() throws SQLException {
    if (conn != null) {
      return conn;
    }
    Connection c;
    try {
      c =
          target.username() == null || target.username().isEmpty()
              ? DriverManager.getConnection(target.url())
              : DriverManager.getConnection(target.url(), target.username(), target.password());
    } catch (SQLException e) {
      // the SQLState is kept: a runtime treats a lost connection by its class (08), as for its own
      throw new SQLException(
          "read replica " + target.url() + ": cannot connect: " + e.getMessage(),
          e.getSQLState(),
          e.getErrorCode(),
          e);
    }
    try {
      int isolation = target.isolation();
      if (JdbcDriver.of(c) == JdbcDriver.POSTGRESQL) {
        isolation = postgresIsolation(c, isolation);
      }
      c.setAutoCommit(false);
      c.setTransactionIsolation(isolation);
      runSessionSetup(c);
      session = new Session(target.type(), isolation, null);
      conn = c;
      return c;
    } catch (SQLException | RuntimeException e) {
      closeQuietly(c);
      throw e;
    }
  }

  /**
   * The isolation the reads can have on this PostgreSQL server; warns (once per URL) when it is not
   * a standby, since reads there are not a replica's.
   */
  private int postgresIsolation(Connection c, int wanted) throws SQLException {
    boolean standby;
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_is_in_recovery()")) {
      standby = rs.next() && rs.getBoolean(1);
    }
    if (!standby) {
      warnOnce(
          "not-standby",
          "socialgraph: read replica {} is not in recovery (pg_is_in_recovery() is false): it is"
              + " not a standby, and reads sent there are not a replica's");
      return wanted;
    }
    if (wanted == Connection.TRANSACTION_SERIALIZABLE) {
      warnOnce(
          "serializable",
          "socialgraph: read replica {} is a PostgreSQL standby, which cannot run SERIALIZABLE"
              + " transactions; reads there run at REPEATABLE READ (one snapshot per"
              + " transaction), writes on <url> at SERIALIZABLE");
      return Connection.TRANSACTION_REPEATABLE_READ;
    }
    return wanted;
  }

  private void warnOnce(String what, String message) {
    if (WARNED.add(what + " " + target.url())) {
      LOG.warn(message, target.url());
    }
  }

  private void runSessionSetup(Connection c) throws SQLException {
    String file = target.sessionSetupFile();
    if (file == null || file.isEmpty()) {
      return;
    }
    String sql;
    try {
      sql = Files.readString(Path.of(file));
    } catch (IOException e) {
      throw new SQLException("cannot read sessionsetupfile " + file + ": " + e, e);
    }
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  /** After a failed read: roll back, or forget a connection that cannot (reopened on next use). */
  private void rollbackOrDrop(Exception failure) {
    Connection c = conn;
    if (c == null) {
      return;
    }
    try {
      if (c.isClosed()) {
        conn = null;
      } else if (!c.getAutoCommit()) {
        c.rollback();
      }
    } catch (SQLException e) {
      failure.addSuppressed(e);
      closeQuietly(c);
      conn = null;
    }
  }

  /** Closes the connection (worker teardown). */
  @Override
  public void close() {
    Connection c = conn;
    conn = null;
    if (c != null) {
      closeQuietly(c);
    }
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      // already broken: nothing is left to release
    }
  }
}
