package com.oltpbenchmark.api.collectors.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.GaleraCluster;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** On the Galera cluster the reader adds the wsrep counters, and writes move them. */
class GaleraCountersTest {
  @Test
  void writesOnOneNodeAreReplicatedBytes() throws Exception {
    GaleraCluster cluster = GaleraCluster.database("dbfig_galera");
    CounterReader reader = CounterReader.of(DatabaseType.MARIADB);
    List<String> lines = new ArrayList<>();
    try (Connection c = cluster.connect(1)) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(200)) ENGINE=InnoDB");
      }
      Map<String, Long> before = reader.read(c, lines::add);
      try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
        for (int i = 0; i < 200; i++) {
          p.setInt(1, i);
          p.setString(2, "x".repeat(150));
          p.executeUpdate();
        }
      }
      Map<String, Long> after = reader.read(c, lines::add);
      for (String k :
          List.of(
              DatabaseCounters.REPLICATED_BYTES,
              DatabaseCounters.RECEIVED_BYTES,
              DatabaseCounters.CERT_FAILURES,
              DatabaseCounters.FLOW_CONTROL_PAUSED_NS)) {
        assertNotNull(after.get(k), k + " in " + after);
      }
      long replicated =
          after.get(DatabaseCounters.REPLICATED_BYTES)
              - before.get(DatabaseCounters.REPLICATED_BYTES);
      // 200 write sets of at least the 150-byte value each (other databases may add to it)
      assertTrue(replicated >= 200 * 150, "replicated bytes " + replicated);
      assertTrue(
          after.get(DatabaseCounters.WAL_BYTES) > before.get(DatabaseCounters.WAL_BYTES),
          "redo written");
      assertEquals(List.of(), lines, "root reads everything");
    }
  }
}
