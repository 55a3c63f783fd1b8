package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.PgReplicaSet;
import com.oltpbenchmark.testutil.ScriptRun;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/pg-replicas.sh: bad commands and settings are one line with exit 2, status of a directory
 * without servers says "down" with exit 1; on the running replica set (.ci/run starts it), status
 * names every standby streaming, and with {@code sync remote_apply} a row committed on the primary
 * is on every standby the moment the commit returns, until {@code sync off}.
 */
class PgReplicasScriptTest {

  private static final String USAGE =
      "usage: scripts/pg-replicas.sh start N [dir] | stop [dir] | status [dir] | sync"
          + " remote_apply|off [dir]  (N = 1..8)";

  @TempDir Path dir;

  private static ScriptRun run(Map<String, String> env, String... args) throws Exception {
    ScriptRun r = ScriptRun.of("scripts/pg-replicas.sh", 120, env, args);
    return new ScriptRun(r.code(), r.out().strip());
  }

  @Test
  void badCommandsPrintTheUsage() throws Exception {
    for (String[] args :
        List.of(
            new String[] {"restart"},
            new String[] {"start"},
            new String[] {"start", "0"},
            new String[] {"start", "9"},
            new String[] {"sync", "remote_write"})) {
      ScriptRun r = run(Map.of(), args);
      assertEquals(2, r.code(), String.join(" ", args) + ": " + r.out());
      assertEquals(USAGE, r.out(), String.join(" ", args));
    }
  }

  @Test
  void badSettingsAreRefused() throws Exception {
    ScriptRun port = run(Map.of("SG_PG_REPLICAS_PORT", "54x1"), "status", dir.toString());
    assertEquals(2, port.code(), port.out());
    assertEquals("pg-replicas: SG_PG_REPLICAS_PORT '54x1' is not a port number", port.out());
    ScriptRun sync = run(Map.of("SG_PG_REPLICAS_SYNC", "on"), "status", dir.toString());
    assertEquals(2, sync.code(), sync.out());
    assertEquals(
        "pg-replicas: SG_PG_REPLICAS_SYNC must be remote_apply or off, got 'on'", sync.out());
  }

  @Test
  void statusOfADirectoryWithoutServersIsDown() throws Exception {
    ScriptRun r = run(Map.of("SG_PG_REPLICAS_PORT", "5461"), "status", dir.toString());
    assertEquals(1, r.code(), r.out());
    assertEquals("primary 127.0.0.1:5461 down (" + dir + ")", r.out());
  }

  @Test
  void withRemoteApplyEveryCommitIsOnEveryStandbyWhenItReturns() throws Exception {
    PgReplicaSet set = PgReplicaSet.database("sg_replicas_sync");
    String status = PgReplicaSet.script("status");
    for (int k = 1; k <= set.standbys(); k++) {
      assertTrue(status.contains("standby" + k + " 127.0.0.1:"), status);
    }
    try (Connection primary = set.connectPrimary();
        Statement s = primary.createStatement()) {
      s.execute("CREATE TABLE t (v INTEGER)");
      PgReplicaSet.script("sync", "remote_apply");
      String synced = PgReplicaSet.script("status");
      assertTrue(synced.contains("synchronous_commit=remote_apply"), synced);
      assertEquals(
          set.standbys(), synced.lines().filter(l -> l.contains("sync=quorum")).count(), synced);
      List<Connection> standbys = new ArrayList<>();
      try {
        for (int k = 1; k <= set.standbys(); k++) {
          set.awaitReplayed(k, 60); // the table, created before the switch
          standbys.add(set.connectStandby(k));
        }
        int missing = 0;
        for (int i = 0; i < 100; i++) {
          s.execute("INSERT INTO t VALUES (" + i + ")");
          for (Connection standby : standbys) {
            try (PreparedStatement q = standby.prepareStatement("SELECT 1 FROM t WHERE v = ?")) {
              q.setInt(1, i);
              try (ResultSet rs = q.executeQuery()) {
                missing += rs.next() ? 0 : 1;
              }
            }
          }
        }
        assertEquals(0, missing, "rows not yet on a standby right after their commit returned");
      } finally {
        for (Connection c : standbys) {
          c.close();
        }
        PgReplicaSet.script("sync", "off");
      }
    }
    String async = PgReplicaSet.script("status");
    assertTrue(async.contains("synchronous_standby_names=''"), async);
    assertEquals(
        set.standbys(), async.lines().filter(l -> l.contains("sync=async")).count(), async);
  }
}
