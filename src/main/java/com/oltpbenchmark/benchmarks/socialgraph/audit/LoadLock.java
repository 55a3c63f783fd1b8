package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.config.DriverShare;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.types.DatabaseType;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Held from the first DROP of {@code --create} to the last row of {@code --load}, so that a second
 * create or load of the same database is refused up front instead of dropping the tables under the
 * first one: a session-level advisory lock on PostgreSQL ({@code pg_try_advisory_lock}, scoped to
 * the database), a named lock on MariaDB and MySQL ({@code GET_LOCK}, named after the database, as
 * those names are server-wide), and an OS file lock on a file beside the database file on SQLite.
 * The lock lives as long as its connection (or file handle), so a killed load releases it.
 */
public final class LoadLock implements AutoCloseable {

  /** The advisory lock key on PostgreSQL: "sgload" in ASCII, so it is recognisable in pg_locks. */
  static final long PG_KEY = 0x7367_6c6f_6164L;

  static final String MYSQL_PREFIX = "socialgraph-load:";

  /** Releases every lock of this session on PostgreSQL at once. */
  static final String PG_RELEASE = "SELECT pg_advisory_unlock_all()";

  /** Releases every named lock of this session on MariaDB (10.5 on) and MySQL (5.7 on). */
  static final String MYSQL_RELEASE = "SELECT RELEASE_ALL_LOCKS()";

  private final Connection conn;
  private final List<FileChannel> files;
  private final String releaseSql;

  /**
   * @param files the file locks held (SQLite)
   * @param releaseSql the statement that releases the server's lock, or null for none
   */
  private LoadLock(Connection conn, List<FileChannel> files, String releaseSql) {
    this.conn = conn;
    this.files = files;
    this.releaseSql = releaseSql;
  }

  /** A lock the server holds for the session, released by {@code releaseSql}. */
  private LoadLock(Connection conn, String releaseSql) {
    this(conn, List.of(), releaseSql);
  }

  /**
   * Takes the load lock of the database {@code conn} is connected to, whose family is detected from
   * the connection. The lock keeps {@code conn} (closed by {@link #close}); SQLite's lock needs the
   * database file, from {@code url}.
   *
   * @throws IllegalStateException with one line naming the other load when it is held
   */
  public static LoadLock acquire(Connection conn, String url) throws SQLException {
    return acquire(conn, url, null, DriverShare.ALONE);
  }

  /** As {@link #acquire(Connection, String, DatabaseType, DriverShare)}, the family detected. */
  public static LoadLock acquire(Connection conn, String url, DriverShare share)
      throws SQLException {
    return acquire(conn, url, null, share);
  }

  /**
   * As {@link #acquire(Connection, String)}, with the lock of the configured type's family ({@link
   * DatabaseFamily#loadLock}; detected from the connection when {@code configured} is null); for
   * one slice of a load in slices ({@code share} of several processes) the lock of that slice
   * instead, with the whole-database lock held shared (an advisory lock) or found free (a named
   * lock, which has no shared mode; a file lock), so that the slices load side by side while a
   * second load of one slice, or a create or load of the whole graph already running, is refused;
   * with an advisory lock also one that starts during them.
   */
  public static LoadLock acquire(
      Connection conn, String url, DatabaseType configured, DriverShare share) throws SQLException {
    try {
      // no transaction left open for the length of a load: the locks are the session's
      conn.setAutoCommit(true);
      switch (DatabaseFamily.resolve(configured, conn).loadLock()) {
        case ADVISORY:
          return share.shared() ? advisorySlice(conn, share) : advisory(conn);
        case NAMED:
          return share.shared() ? namedSlice(conn, share) : named(conn);
        case FILE:
          return fileLock(conn, url, share);
        default:
          break;
      }
    } catch (SQLException | RuntimeException e) {
      conn.close();
      throw e;
    }
    // no lock this module knows how to take on this database: loads are not guarded
    return new LoadLock(conn, List.of(), null);
  }

  private static LoadLock advisorySlice(Connection conn, DriverShare share) throws SQLException {
    if (!queryBoolean(conn, "SELECT pg_try_advisory_lock_shared(?)", PG_KEY)) {
      throw busy("a create or load of the whole graph");
    }
    if (!queryBoolean(conn, "SELECT pg_try_advisory_lock(?)", PG_KEY + share.k())) {
      throw busy("another load of slice " + share.k() + "/" + share.n());
    }
    return new LoadLock(conn, PG_RELEASE);
  }

  private static LoadLock namedSlice(Connection conn, DriverShare share) throws SQLException {
    try (PreparedStatement ps =
        conn.prepareStatement("SELECT IS_FREE_LOCK(CONCAT(?, DATABASE()))")) {
      ps.setString(1, MYSQL_PREFIX);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        if (rs.getLong(1) != 1) {
          throw busy("a create or load of the whole graph");
        }
      }
    }
    try (PreparedStatement ps =
        conn.prepareStatement("SELECT GET_LOCK(CONCAT(?, DATABASE(), ':slice:', ?), 0)")) {
      ps.setString(1, MYSQL_PREFIX);
      ps.setInt(2, share.k());
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        if (rs.getLong(1) != 1) {
          throw busy("another load of slice " + share.k() + "/" + share.n());
        }
      }
    }
    return new LoadLock(conn, MYSQL_RELEASE);
  }

  private static LoadLock advisory(Connection conn) throws SQLException {
    if (queryBoolean(conn, "SELECT pg_try_advisory_lock(?)", PG_KEY)) {
      return new LoadLock(conn, PG_RELEASE);
    }
    String holder = null;
    try (PreparedStatement ps =
        conn.prepareStatement(
            "SELECT a.pid, COALESCE(host(a.client_addr), 'a local socket'),"
                + " to_char(a.backend_start, 'YYYY-MM-DD HH24:MI:SS')"
                + " FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                + " WHERE l.locktype = 'advisory' AND l.granted AND l.database ="
                + " (SELECT oid FROM pg_database WHERE datname = current_database())"
                + " AND ((l.classid::bigint << 32) | l.objid::bigint) = ?")) {
      ps.setLong(1, PG_KEY);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          holder =
              "PostgreSQL backend "
                  + rs.getLong(1)
                  + ", connected from "
                  + rs.getString(2)
                  + " since "
                  + rs.getString(3);
        }
      }
    }
    throw busy(holder);
  }

  private static LoadLock named(Connection conn) throws SQLException {
    Long got;
    try (PreparedStatement ps =
        conn.prepareStatement("SELECT GET_LOCK(CONCAT(?, DATABASE()), 0)")) {
      ps.setString(1, MYSQL_PREFIX);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        got = rs.getObject(1) == null ? null : rs.getLong(1);
      }
    }
    if (got != null && got == 1) {
      return new LoadLock(conn, MYSQL_RELEASE);
    }
    String holder = null;
    try (PreparedStatement ps =
        conn.prepareStatement("SELECT IS_USED_LOCK(CONCAT(?, DATABASE()))")) {
      ps.setString(1, MYSQL_PREFIX);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next() && rs.getObject(1) != null) {
          holder = "server connection " + rs.getLong(1);
        }
      }
    }
    throw busy(holder);
  }

  private static LoadLock fileLock(Connection conn, String url, DriverShare share)
      throws SQLException {
    Path db = sqliteFile(url);
    if (db == null) {
      return new LoadLock(conn, List.of(), null); // in memory: no other process can see it
    }
    Path whole = db.resolveSibling(db.getFileName() + ".sg-load.lock");
    if (!share.shared()) {
      return new LoadLock(conn, List.of(lockFile(whole, null)), null);
    }
    // a JVM cannot hold two shared locks on one file (and tests run slices in one JVM), so, as on
    // MariaDB, the whole-graph lock is only found free
    closeQuietly(lockFile(whole, "a create or load of the whole graph"));
    Path slice = db.resolveSibling(db.getFileName() + ".sg-load." + share.k() + ".lock");
    return new LoadLock(
        conn,
        List.of(lockFile(slice, "another load of slice " + share.k() + "/" + share.n())),
        null);
  }

  /**
   * An open channel on {@code lockFile} holding its exclusive lock; busy naming {@code holder} (or
   * the file) when another holds it.
   */
  private static FileChannel lockFile(Path lockFile, String holder) throws SQLException {
    FileChannel channel = null;
    try {
      channel =
          FileChannel.open(
              lockFile,
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.READ);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null; // held by another load in this JVM
      }
      if (lock == null) {
        channel.close();
        throw busy(holder == null ? "the process holding " + lockFile : holder);
      }
      return channel;
    } catch (IOException e) {
      closeQuietly(channel);
      throw new SQLException(
          "cannot take the load lock " + lockFile + ": " + e.getMessage(), "58030", e);
    }
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException ignored) {
        // the lock is what failed; that is the error reported
      }
    }
  }

  /** The database file of a {@code jdbc:sqlite:} URL, or null for an in-memory database. */
  public static Path sqliteFile(String url) {
    String rest = url.substring(url.indexOf("sqlite:") + "sqlite:".length());
    int query = rest.indexOf('?');
    if (query >= 0) {
      rest = rest.substring(0, query);
    }
    if (rest.startsWith("file:")) {
      rest = rest.substring("file:".length());
    }
    if (rest.isEmpty() || rest.startsWith(":memory:") || rest.contains("mode=memory")) {
      return null;
    }
    return Path.of(rest).toAbsolutePath();
  }

  private static IllegalStateException busy(String holder) {
    return new IllegalStateException(
        "refusing to create or load: another socialgraph create/load is running on this database"
            + (holder == null ? "" : " (" + holder + ")")
            + "; wait for it to finish, or stop it");
  }

  private static boolean queryBoolean(Connection conn, String sql, long param) throws SQLException {
    try (PreparedStatement ps = conn.prepareStatement(sql)) {
      ps.setLong(1, param);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  /**
   * Releases the lock. The server's lock is released by a statement first: closing the session
   * would release it too, but only once the server has noticed the disconnect (a PostgreSQL backend
   * exits a moment after its client left), so a load or create that follows at once could find it
   * still held.
   */
  @Override
  public void close() throws SQLException {
    if (releaseSql != null && !conn.isClosed()) {
      try (Statement st = conn.createStatement()) {
        st.execute(releaseSql);
      } catch (SQLException e) {
        // the session's end releases it anyway (e.g. a server without RELEASE_ALL_LOCKS)
      }
    }
    try {
      // closing a channel releases its file lock
      files.forEach(LoadLock::closeQuietly);
    } finally {
      conn.close();
    }
  }
}
