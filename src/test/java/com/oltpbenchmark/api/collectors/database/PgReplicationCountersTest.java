package com.oltpbenchmark.api.collectors.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.PgReplicaSet;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL reader on the primary of {@code scripts/pg-replicas.sh}: after writes it counts
 * the streaming standbys and reads their largest lag; a user who may not see the standbys'
 * positions gets one notice naming pg_read_all_stats instead of a lag that reads as none.
 */
class PgReplicationCountersTest {

  @Test
  void thePrimaryReportsItsStandbysAndTheirLagAfterWrites() throws Exception {
    PgReplicaSet set = PgReplicaSet.database("dbfig_replication");
    try (Connection c = set.connectPrimary();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t AS SELECT g AS v FROM generate_series(1, 20000) g");
      s.execute("UPDATE t SET v = v + 1");
      List<String> notices = new ArrayList<>();
      Map<String, Long> m = CounterReader.of(DatabaseType.POSTGRES).read(c, notices::add);
      assertEquals(List.of(), notices);
      assertEquals(set.standbys(), m.get(DatabaseCounters.STANDBYS).intValue(), m.toString());
      for (String lag :
          List.of(
              DatabaseCounters.WRITE_LAG_US,
              DatabaseCounters.FLUSH_LAG_US,
              DatabaseCounters.REPLAY_LAG_US,
              DatabaseCounters.REPLAY_BEHIND_BYTES)) {
        assertTrue(m.get(lag) >= 0, lag + " in " + m);
      }
    }
  }

  @Test
  void withoutThePrivilegeOneNoticeAndNoLag() throws Exception {
    PgReplicaSet set = PgReplicaSet.database("dbfig_replication_priv");
    String role = "sg_no_stats_" + ProcessHandle.current().pid();
    try (Connection admin = set.connectPrimary();
        Statement s = admin.createStatement()) {
      s.execute("DROP ROLE IF EXISTS " + role);
      s.execute("CREATE ROLE " + role + " LOGIN");
    }
    try (Connection c = DriverManager.getConnection(set.primaryUrl(), role, "")) {
      CounterReader reader = CounterReader.of(DatabaseType.POSTGRES);
      List<String> notices = new ArrayList<>();
      Map<String, Long> m = reader.read(c, notices::add);
      assertFalse(m.containsKey(DatabaseCounters.REPLAY_LAG_US), m.toString());
      assertTrue(
          notices.stream()
              .anyMatch(
                  n ->
                      n.startsWith("database figures: pg_stat_replication not read,")
                          && n.contains("pg_read_all_stats")),
          notices.toString());
      assertTrue(
          reader.droppedForPrivileges().stream()
              .anyMatch(d -> d.startsWith("pg_stat_replication")));
    } finally {
      try (Connection admin = set.connectPrimary();
          Statement s = admin.createStatement()) {
        s.execute("DROP ROLE IF EXISTS " + role);
      }
    }
  }
}
