package com.oltpbenchmark.testutil;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary directory, a port in 5450-5459),
 * for faults the shared server must never see: paused with SIGSTOP, resumed, stopped. Runs the
 * server as the postgres user when the tests run as root. Without the server binaries the test is
 * skipped, and with {@code CI=true} it fails instead. {@link #close} resumes and stops the cluster
 * and removes its files.
 */
public final class PrivatePostgres implements AutoCloseable {
  private static final int FIRST_PORT = 5450;
  private static final int LAST_PORT = 5459;

  public final int port;
  private final Path work;
  private final Path data;
  private final Path bin;
  private final boolean root;

  private PrivatePostgres(Path work, Path bin, int port, boolean root) {
    this.work = work;
    this.data = work.resolve("data");
    this.bin = bin;
    this.port = port;
    this.root = root;
  }

  /** A new cluster, started and accepting connections. */
  public static PrivatePostgres start() throws Exception {
    Path bin = serverBinaries();
    if (bin == null) {
      TestDatabase.serverDown("no PostgreSQL server binaries (initdb) on this machine", null);
    }
    boolean root = "0".equals(run(List.of("id", "-u"), false).trim());
    Path work =
        Files.createTempDirectory(
            "sg-private-pg",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    if (root) {
      run(List.of("chown", "postgres", work.toString()), false);
    }
    PrivatePostgres pg = new PrivatePostgres(work, bin, freePort(), root);
    try {
      pg.as(
          List.of(
              bin.resolve("initdb").toString(),
              "-D",
              pg.data.toString(),
              "-U",
              "postgres",
              "--auth=trust",
              "-E",
              "UTF8"));
      pg.as(
          List.of(
              bin.resolve("pg_ctl").toString(),
              "-D",
              pg.data.toString(),
              "-l",
              work.resolve("server.log").toString(),
              "-w",
              "-t",
              "120",
              "start",
              "-o",
              "-p "
                  + pg.port
                  + " -k "
                  + work
                  + " -c listen_addresses=127.0.0.1 -c max_connections=60"
                  + " -c shared_buffers=32MB -c fsync=off"));
    } catch (Exception e) {
      pg.close();
      throw e;
    }
    return pg;
  }

  /** Creates database {@code name} and returns it as the tests use one. */
  public TestDatabase database(String name) throws Exception {
    String base = "jdbc:postgresql://127.0.0.1:" + port + "/";
    try (Connection c = DriverManager.getConnection(base + "postgres", "postgres", "");
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
    return TestDatabase.of(
        "POSTGRES",
        "org.postgresql.Driver",
        base + name + "?sslmode=disable&reWriteBatchedInserts=true",
        "postgres",
        "");
  }

  /** SIGSTOP to the postmaster and every process it started: the server answers nothing. */
  public void pause() throws IOException {
    signal("-STOP");
  }

  /** SIGCONT to the same processes. */
  public void resume() throws IOException {
    signal("-CONT");
  }

  private void signal(String sig) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("kill", sig));
    cmd.addAll(processes());
    run(cmd, false);
  }

  /** The postmaster's pid and its children's. */
  private List<String> processes() throws IOException {
    String pid = Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim();
    List<String> all = new ArrayList<>(List.of(pid));
    Process p = new ProcessBuilder("pgrep", "-P", pid).redirectErrorStream(true).start();
    for (String line : new String(p.getInputStream().readAllBytes()).split("\n")) {
      if (!line.isBlank()) {
        all.add(line.trim());
      }
    }
    return all;
  }

  @Override
  public void close() throws IOException {
    try {
      if (Files.exists(data.resolve("postmaster.pid"))) {
        resume();
        as(
            List.of(
                bin.resolve("pg_ctl").toString(),
                "-D",
                data.toString(),
                "-m",
                "immediate",
                "-w",
                "stop"));
      }
    } finally {
      try (Stream<Path> files = Files.walk(work)) {
        for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  /** Runs {@code cmd} as the postgres user when root (the server refuses to run as root). */
  private void as(List<String> cmd) throws IOException {
    List<String> full = new ArrayList<>();
    if (root) {
      full.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    full.addAll(cmd);
    run(full, true);
  }

  private static String run(List<String> cmd, boolean quietOutput) throws IOException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    try {
      if (!p.waitFor(180, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out.trim());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for " + String.join(" ", cmd), e);
    }
    return quietOutput ? "" : out;
  }

  /** The newest installed server's bin directory, or null. */
  private static Path serverBinaries() throws IOException {
    Path lib = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(lib)) {
      return null;
    }
    try (Stream<Path> versions = Files.list(lib)) {
      return versions
          .map(v -> v.resolve("bin"))
          .filter(b -> Files.isExecutable(b.resolve("initdb")))
          .max(Comparator.comparing(b -> versionOf(b.getParent())))
          .orElse(null);
    }
  }

  private static int versionOf(Path dir) {
    try {
      return Integer.parseInt(dir.getFileName().toString());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static int freePort() throws IOException {
    for (int p = FIRST_PORT; p <= LAST_PORT; p++) {
      try (ServerSocket s = new ServerSocket(p, 1, InetAddress.getLoopbackAddress())) {
        return s.getLocalPort();
      } catch (IOException taken) {
        // the next one
      }
    }
    throw new IOException("no free port in " + FIRST_PORT + "-" + LAST_PORT);
  }
}
