package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.ScriptRun;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/myrocks-server.sh without starting a server: a bad command or port is one line with exit
 * 2, the shared server's port is refused, and status of a directory without a server says "down"
 * with exit 1. Starting it is exercised by every MyRocks test (and .ci/run).
 */
class MyRocksServerScriptTest {

  @TempDir Path dir;

  private static ScriptRun run(Map<String, String> env, String... args) throws Exception {
    ScriptRun r = ScriptRun.of("scripts/myrocks-server.sh", 30, env, args);
    return new ScriptRun(r.code(), r.out().strip());
  }

  @Test
  void unknownCommandPrintsUsage() throws Exception {
    ScriptRun r = run(Map.of(), "restart");
    assertEquals(2, r.code(), r.out());
    assertEquals("usage: scripts/myrocks-server.sh start|stop|status [dir]", r.out());
  }

  @Test
  void theSharedServersPortAndNonNumbersAreRefused() throws Exception {
    ScriptRun shared = run(Map.of("SG_MYROCKS_PORT", "3306"), "start", dir.toString());
    assertEquals(2, shared.code(), shared.out());
    assertTrue(shared.out().contains("port 3306 is the shared MariaDB"), shared.out());
    ScriptRun bad = run(Map.of("SG_MYROCKS_PORT", "33x"), "status", dir.toString());
    assertEquals(2, bad.code(), bad.out());
    assertTrue(bad.out().contains("SG_MYROCKS_PORT '33x' is not a port number"), bad.out());
  }

  @Test
  void statusOfADirectoryWithoutAServerIsDown() throws Exception {
    ScriptRun r = run(Map.of("SG_MYROCKS_PORT", "3311"), "status", dir.toString());
    assertEquals(1, r.code(), r.out());
    assertEquals("myrocks 127.0.0.1:3311 down (" + dir + ")", r.out());
  }
}
