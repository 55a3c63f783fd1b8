package com.oltpbenchmark.api.collectors.resources;

import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.OneLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The database server's process on this host, found from the server's own account of itself (its
 * pid file, read where the server says it is), or why there is none to measure.
 *
 * <p>A pid file alone could name a different server that happens to use the same paths here (a
 * remote server set up like the local one), so the process found must also agree with what the
 * connection reports: PostgreSQL's backend for this connection is a child of the postmaster found;
 * MariaDB's and MySQL's process started when the server's {@code Uptime} says it did. Either way
 * its working directory is the server's data directory.
 */
public final class ServerProcess {
  /** How far apart a process's start time and the server's reported start may be. */
  static final long START_TOLERANCE_MS = 5_000;

  private final long pid;
  private final boolean embedded;
  private final String account;

  private ServerProcess(long pid, boolean embedded, String account) {
    this.pid = pid;
    this.embedded = embedded;
    this.account = account;
  }

  /** A server process that was found; {@code how} says from where. */
  static ServerProcess found(long pid, String how) {
    return new ServerProcess(pid, false, how);
  }

  /** Nothing to measure, and why (shown after "not measured: "). */
  public static ServerProcess notMeasured(String reason) {
    return new ServerProcess(-1, false, reason);
  }

  /** An embedded database (SQLite): its work is done by this process, the driver's. */
  public static ServerProcess embedded() {
    return new ServerProcess(
        ProcessHandle.current().pid(),
        true,
        "embedded: the database runs inside the driver's process, so its CPU is the driver's");
  }

  /** Whether there is a process here to read. */
  public boolean measured() {
    return pid > 0;
  }

  /** The server's pid on this host (this process's when embedded); -1 when not measured. */
  public long pid() {
    return pid;
  }

  /** Whether the database runs inside the driver's own process. */
  public boolean isEmbedded() {
    return embedded;
  }

  /** Where the pid came from, or why there is none. */
  public String account() {
    return account;
  }

  /** One line: "pid 2203 (…)" or "not measured: …". */
  public String describe() {
    return measured() ? "pid " + pid + " (" + account + ")" : "not measured: " + account;
  }

  @Override
  public String toString() {
    return describe();
  }

  /** Reads a reading of the server's process tree now (live and exited backends). */
  public ProcessResources sample() throws ProcessResources.NoSuchProcess {
    if (!measured()) {
      throw new IllegalStateException("not measured: " + account);
    }
    return ProcessResources.sample(pid);
  }

  /**
   * The server behind {@code c} if it runs on this host. Never throws: a server that cannot be
   * found (another host, a privilege the user lacks, a family without a known pid file) is {@link
   * #notMeasured} with the reason.
   */
  public static ServerProcess find(Connection c, DatabaseType type) {
    try {
      switch (type) {
        case SQLITE:
          return embedded();
        case POSTGRES:
          return findPostgres(c);
        case MARIADB:
        case MYSQL:
        case MYROCKS:
          return findMysqlFamily(c);
        default:
          return notMeasured("no known way to find a " + type + " server's process");
      }
    } catch (SQLException e) {
      return notMeasured("the server would not say where it runs: " + OneLine.describe(e));
    }
  }

  private static ServerProcess findPostgres(Connection c) throws SQLException {
    String dataDir;
    long backend;
    try (Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SHOW data_directory")) {
        rs.next();
        dataDir = rs.getString(1);
      } catch (SQLException e) {
        return notMeasured(
            "SHOW data_directory was refused (the user needs pg_read_all_settings): "
                + OneLine.describe(e));
      }
      try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
        rs.next();
        backend = rs.getLong(1);
      }
    }
    Path dir = Paths.get(dataDir);
    ServerProcess p = fromPidFile(dir.resolve("postmaster.pid"), dir);
    if (!p.measured()) {
      return p;
    }
    String[] f = statOf(backend);
    if (f == null || Long.parseLong(f[1]) != p.pid) {
      return notMeasured(
          "server not on this host (this connection's backend, pid "
              + backend
              + ", is not a child of pid "
              + p.pid
              + " here)");
    }
    return found(p.pid, "postmaster of " + dataDir + ", parent of this connection's backend");
  }

  private static ServerProcess findMysqlFamily(Connection c) throws SQLException {
    String pidFile;
    String dataDir;
    long uptimeSeconds = -1;
    try (Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT @@pid_file, @@datadir")) {
        rs.next();
        pidFile = rs.getString(1);
        dataDir = rs.getString(2);
      }
      try (ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Uptime'")) {
        if (rs.next()) {
          uptimeSeconds = Long.parseLong(rs.getString(2).trim());
        }
      }
    }
    if (pidFile == null || dataDir == null) {
      return notMeasured("the server reports no pid file (@@pid_file)");
    }
    Path dir = Paths.get(dataDir);
    ServerProcess p = fromPidFile(dir.resolve(pidFile), dir);
    if (!p.measured()) {
      return p;
    }
    if (uptimeSeconds < 0) {
      return notMeasured("the server reports no Uptime to check pid " + p.pid + " against");
    }
    long startedMs = startEpochMillis(p.pid);
    long reportedMs = System.currentTimeMillis() - uptimeSeconds * 1000L;
    if (startedMs < 0 || Math.abs(startedMs - reportedMs) > START_TOLERANCE_MS) {
      return notMeasured(
          "server not on this host (pid "
              + p.pid
              + " from "
              + pidFile
              + " did not start when the server's Uptime says it did)");
    }
    return found(p.pid, "from " + pidFile + ", started when the server's Uptime says");
  }

  /**
   * The process named by a pid file (its first line), if that file is readable here, the process
   * lives, and its working directory is {@code dataDir}.
   */
  static ServerProcess fromPidFile(Path pidFile, Path dataDir) {
    String text;
    try {
      text = Files.readString(pidFile);
    } catch (IOException | SecurityException e) {
      return notMeasured("server not on this host (no readable " + pidFile + " here)");
    }
    String first = text.lines().findFirst().orElse("").trim();
    if (!first.matches("[1-9][0-9]*")) {
      return notMeasured("server not on this host (" + pidFile + " holds no pid)");
    }
    long pid = Long.parseLong(first);
    Path cwd;
    try {
      cwd = Files.readSymbolicLink(ProcFs.ROOT.resolve(first).resolve("cwd"));
    } catch (IOException | SecurityException e) {
      return notMeasured(
          "server not on this host (pid " + pid + " from " + pidFile + " is not running here)");
    }
    if (!sameDirectory(cwd, dataDir)) {
      return notMeasured(
          "server not on this host (pid "
              + pid
              + " from "
              + pidFile
              + " works in "
              + cwd
              + ", not in "
              + dataDir
              + ")");
    }
    return found(pid, "from " + pidFile);
  }

  private static boolean sameDirectory(Path a, Path b) {
    try {
      return a.toRealPath().equals(b.toRealPath());
    } catch (IOException e) {
      return false;
    }
  }

  private static String[] statOf(long pid) {
    String s = ProcFs.read(ProcFs.ROOT.resolve(Long.toString(pid)).resolve("stat"));
    return s == null ? null : ProcFs.statFields(s);
  }

  /** When the process started, epoch milliseconds; -1 when unknown. */
  static long startEpochMillis(long pid) {
    String[] f = statOf(pid);
    long boot = ProcFs.bootEpochMillis();
    if (f == null || boot < 0) {
      return -1;
    }
    return boot + Long.parseLong(f[19]) * 1000L / ProcFs.ticksPerSecond();
  }
}
