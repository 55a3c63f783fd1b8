package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.testutil.ResultFiles;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stale read made on purpose: while the driver runs, the test puts objects' older payloads back
 * behind its back (as a replica that lost its newest changes would serve them). The driver's reads
 * then see rows its own acknowledged writes had overwritten: staleReads counts them, forbidden on
 * one PostgreSQL server, the audit fails with exit 4, and both files carry the examples.
 */
class AnomalyMadeOnPurposeTest {

  @TempDir Path dir;

  @Test
  void rowsPutBackBehindTheDriversBackAreStaleReads() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_reads_made_stale");
    Path config =
        ReadCheckRuns.config(
            dir, "postgres", db.url, db.username, "TRANSACTION_REPEATABLE_READ", 12);
    Path results = dir.resolve("results");
    assertEquals(0, ReadCheckRuns.run(config, results, "--create=true", "--load=true"));
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong putBack = new AtomicLong();
    Thread rewinder = new Thread(() -> rewind(db, stop, putBack), "rewinder");
    rewinder.start();
    int exit;
    try {
      exit = ReadCheckRuns.run(config, results, "--execute=true");
    } finally {
      stop.set(true);
      rewinder.join();
    }
    assertTrue(putBack.get() > 0, "rows put back");
    assertEquals(4, exit, "the audit fails");
    JsonNode stale = ReadCheckRuns.anomalies(results).get("staleReads");
    assertTrue(stale.get("seen").asLong() > 0, stale.toString());
    assertEquals("forbidden", stale.get("promise").asText());
    JsonNode example = stale.get("examples").get(0);
    assertTrue(example.get("key").asText().startsWith("node "), example.toString());
    assertTrue(example.get("saw").asText().contains("acknowledged at tick"), example.toString());
    assertTrue(
        example.get("expectedAtLeast").asText().contains("begun at tick"), example.toString());
    assertFalse(example.get("server").asText().isEmpty());

    JsonNode audit = new ObjectMapper().readTree(ResultFiles.only(results, ".audit.json").toFile());
    JsonNode check = null;
    for (JsonNode c : audit.get("checks")) {
      if (c.get("name").asText().equals("staleReads")) {
        check = c;
      }
    }
    assertEquals("failed", check.get("status").asText(), check.toString());
    assertEquals(stale.get("seen").asLong(), check.get("violations").asLong());
    assertTrue(check.get("examples").size() > 0);
  }

  /** Every 300 ms, puts back the payloads the objects had 300 ms before. */
  private static void rewind(TestDatabase db, AtomicBoolean stop, AtomicLong putBack) {
    try (Connection conn = db.connect()) {
      Map<Long, byte[]> before = snapshot(conn);
      while (!stop.get()) {
        Thread.sleep(300);
        Map<Long, byte[]> now = snapshot(conn);
        try (PreparedStatement ps =
            conn.prepareStatement("UPDATE nodetable SET data = ? WHERE id = ?")) {
          for (Map.Entry<Long, byte[]> e : before.entrySet()) {
            if (!java.util.Arrays.equals(e.getValue(), now.get(e.getKey()))) {
              ps.setBytes(1, e.getValue());
              ps.setLong(2, e.getKey());
              putBack.addAndGet(ps.executeUpdate());
            }
          }
        }
        before = now;
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<Long, byte[]> snapshot(Connection conn) throws Exception {
    Map<Long, byte[]> m = new HashMap<>();
    try (Statement s = conn.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, data FROM nodetable WHERE id < 101")) {
      while (rs.next()) {
        m.put(rs.getLong(1), rs.getBytes(2));
      }
    }
    return m;
  }
}
