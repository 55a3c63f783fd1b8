package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/myrocks-server.sh without starting a server: a bad command or port is one line with exit
 * 2, the shared server's port is refused, and status of a directory without a server says "down"
 * with exit 1. Starting it is exercised by every MyRocks test (and .ci/run).
 */
class MyRocksServerScriptTest {

  @TempDir Path dir;

  private record Result(int code, String out) {}

  private static Result run(Map<String, String> env, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("scripts/myrocks-server.sh"));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.directory(new File(System.getProperty("user.dir")));
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "script did not end");
    return new Result(p.exitValue(), out.strip());
  }

  @Test
  void unknownCommandPrintsUsage() throws Exception {
    Result r = run(Map.of(), "restart");
    assertEquals(2, r.code(), r.out());
    assertEquals("usage: scripts/myrocks-server.sh start|stop|status [dir]", r.out());
  }

  @Test
  void theSharedServersPortAndNonNumbersAreRefused() throws Exception {
    Result shared = run(Map.of("SG_MYROCKS_PORT", "3306"), "start", dir.toString());
    assertEquals(2, shared.code(), shared.out());
    assertTrue(shared.out().contains("port 3306 is the shared MariaDB"), shared.out());
    Result bad = run(Map.of("SG_MYROCKS_PORT", "33x"), "status", dir.toString());
    assertEquals(2, bad.code(), bad.out());
    assertTrue(bad.out().contains("SG_MYROCKS_PORT '33x' is not a port number"), bad.out());
  }

  @Test
  void statusOfADirectoryWithoutAServerIsDown() throws Exception {
    Result r = run(Map.of("SG_MYROCKS_PORT", "3311"), "status", dir.toString());
    assertEquals(1, r.code(), r.out());
    assertEquals("myrocks 127.0.0.1:3311 down (" + dir + ")", r.out());
  }
}
