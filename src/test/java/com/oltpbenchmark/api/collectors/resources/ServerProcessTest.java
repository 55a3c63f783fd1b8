package com.oltpbenchmark.api.collectors.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding the server's process: the shared local servers, SQLite, and servers elsewhere. */
class ServerProcessTest {

  @Test
  void thePostgresServerOnThisHostIsFoundAndItsBackendsCounted() throws Exception {
    TestDatabase db = TestDatabase.postgres("server_process");
    try (Connection c = db.connect()) {
      ServerProcess p = measuredLocalServer(db, c, DatabaseType.POSTGRES);
      assertFalse(p.isEmbedded());
      assertTrue(commandOf(p.pid()).endsWith("postgres"), "pid " + p.pid() + " is the postmaster");
      ProcessResources now = p.sample();
      assertTrue(now.processes() >= 3, "postmaster, its helpers and this backend: " + now);
      // this connection's backend, a child of the postmaster, does the work
      ProcessResources spent =
          spentRunning(p, c, "SELECT count(*) FROM generate_series(1, 3000000)");
      assertTrue(spent.cpuMicros() > 50_000, "the backend's query CPU: " + spent);
    }
  }

  @Test
  void theMariadbServerOnThisHostIsFound() throws Exception {
    TestDatabase db = TestDatabase.mariadb("server_process");
    try (Connection c = db.connect()) {
      ServerProcess p = measuredLocalServer(db, c, DatabaseType.MARIADB);
      String cmd = commandOf(p.pid());
      assertTrue(cmd.endsWith("mariadbd") || cmd.endsWith("mysqld"), "pid " + p.pid() + ": " + cmd);
      ProcessResources spent = spentRunning(p, c, "SELECT BENCHMARK(3000000, MD5('x'))");
      assertTrue(spent.cpuMicros() > 50_000, "the query's CPU in the server: " + spent);
    }
  }

  @Test
  void sqliteIsTheDriversOwnProcess(@TempDir Path dir) throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "embedded");
    try (Connection c = db.connect()) {
      ServerProcess p = ServerProcess.find(c, DatabaseType.SQLITE);
      assertTrue(p.isEmbedded());
      assertEquals(ProcessHandle.current().pid(), p.pid());
      assertTrue(p.describe().contains("embedded"), p.describe());
    }
  }

  @Test
  void aPidFileThatIsNotHereMeansTheServerIsElsewhere(@TempDir Path dir) {
    ServerProcess p = ServerProcess.fromPidFile(dir.resolve("mysqld.pid"), dir);
    assertFalse(p.measured());
    assertTrue(p.describe().startsWith("not measured: server not on this host"), p.describe());
  }

  @Test
  void aPidFileNamingAProcessInAnotherDirectoryIsNotTheServer(@TempDir Path dir) throws Exception {
    // a remote server with the same paths as a local process: the pid exists, it is not a server
    Path pidFile = dir.resolve("postmaster.pid");
    Files.writeString(pidFile, ProcessHandle.current().pid() + "\n/var/lib/elsewhere\n");
    ServerProcess p = ServerProcess.fromPidFile(pidFile, dir);
    assertFalse(p.measured());
    assertTrue(p.describe().contains("not in " + dir), p.describe());
  }

  @Test
  void aPidFileOfAProcessThatHasGoneIsNotTheServer(@TempDir Path dir) throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path pidFile = dir.resolve("mysqld.pid");
    Files.writeString(pidFile, gone.pid() + "\n");
    ServerProcess p = ServerProcess.fromPidFile(pidFile, dir);
    assertFalse(p.measured());
    assertTrue(p.describe().contains("is not running here"), p.describe());
  }

  @Test
  void aPidFileOfAProcessWorkingInTheDataDirectoryIsFound(@TempDir Path dir) throws Exception {
    Process server = new ProcessBuilder("sleep", "30").directory(dir.toFile()).start();
    try {
      Path pidFile = dir.resolve("server.pid");
      Files.writeString(pidFile, server.pid() + "\n");
      ServerProcess p = ServerProcess.fromPidFile(pidFile, dir);
      assertEquals(server.pid(), p.pid(), p.describe());
    } finally {
      server.destroyForcibly();
      server.waitFor();
    }
  }

  @Test
  void aFamilyWithoutAKnownPidFileIsNotMeasured() {
    ServerProcess p = ServerProcess.find(null, DatabaseType.ORACLE);
    assertFalse(p.measured());
    assertTrue(p.describe().contains("ORACLE"), p.describe());
  }

  /** The process of {@code db}'s server, found through {@code c}; skipped for a remote server. */
  private static ServerProcess measuredLocalServer(
      TestDatabase db, Connection c, DatabaseType type) {
    Assumptions.assumeTrue(
        db.url.contains("//127.0.0.1:") || db.url.contains("//localhost:"),
        "skipped: the test server is not on this host (" + db.url + ")");
    ServerProcess p = ServerProcess.find(c, type);
    assertTrue(p.measured(), p.describe());
    return p;
  }

  /** What the server spent while {@code c} ran {@code sql}. */
  private static ProcessResources spentRunning(ServerProcess p, Connection c, String sql)
      throws Exception {
    ProcessResources before = p.sample();
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
    return p.sample().minus(before);
  }

  private static String commandOf(long pid) {
    return ProcessHandle.of(pid).flatMap(h -> h.info().command()).orElse("?");
  }
}
