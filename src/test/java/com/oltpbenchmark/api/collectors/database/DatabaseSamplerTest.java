package com.oltpbenchmark.api.collectors.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The sampler's faults against the real PostgreSQL: a lost connection and a missing privilege. */
class DatabaseSamplerTest {
  private static final String APP = "sg-database-figures-test";

  private static DatabaseSampler.PhaseProbe phase(AtomicInteger p) {
    return new DatabaseSampler.PhaseProbe() {
      @Override
      public int phase() {
        return p.get();
      }

      @Override
      public boolean measuring() {
        return p.get() > 0;
      }
    };
  }

  @Test
  void aLostConnectionIsAMarkedGapAndSamplingGoesOn() throws Exception {
    TestDatabase db = TestDatabase.postgres("dbfig_gap");
    String app = APP + "-" + ProcessHandle.current().pid();
    List<String> lines = new ArrayList<>();
    AtomicInteger p = new AtomicInteger(0);
    List<DatabaseSampler.Sample> samples;
    DatabaseSampler sampler =
        new DatabaseSampler(
            () -> {
              Connection c = db.connect();
              try (Statement s = c.createStatement()) {
                s.execute("SET application_name = '" + app + "'");
              }
              return c;
            },
            CounterReader.of(DatabaseType.POSTGRES),
            1,
            phase(p),
            lines::add);
    try {
      sampler.start();
      p.set(1);
      Thread.sleep(1500);
      try (Connection c = db.connect();
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                      + " WHERE application_name = '"
                      + app
                      + "'")) {
        assertTrue(rs.next(), "the sampling session was found");
      }
      Thread.sleep(3000);
      sampler.finish(5000);
      samples = sampler.samples();
    } finally {
      sampler.close();
    }
    int gap = -1;
    for (int i = 0; i < samples.size(); i++) {
      if (samples.get(i).gap()) {
        gap = i;
        break;
      }
    }
    assertTrue(gap > 0, "a gap after the connection was lost: " + samples);
    assertTrue(
        samples.subList(gap + 1, samples.size()).stream().anyMatch(s -> !s.gap()),
        "readings resume on a new connection: " + samples);
    assertEquals(1, samples.stream().filter(DatabaseSampler.Sample::gap).count(), "one gap");
    assertEquals(
        1, lines.stream().filter(l -> l.contains("a gap in the series")).count(), "" + lines);
    String csv = DatabaseFigures.csv(samples, samples.get(0).nanos());
    assertTrue(csv.lines().anyMatch(l -> l.split(",", -1)[3].equals("1")), csv);
  }

  @Test
  void aMissingPrivilegeIsOneLineAndTheOtherCountersStay() throws Exception {
    TestDatabase db = TestDatabase.postgres("dbfig_priv");
    String role = db.url.replaceAll(".*/([^/?]+)\\?.*", "$1") + "_reader";
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP ROLE IF EXISTS " + role);
      s.execute("CREATE ROLE " + role + " LOGIN");
    }
    try {
      List<String> lines = new ArrayList<>();
      CounterReader reader = CounterReader.of(DatabaseType.POSTGRES);
      Map<String, Long> first;
      try (Connection c = DriverManager.getConnection(db.url, role, "")) {
        first = reader.read(c, lines::add);
        reader.read(c, lines::add);
        reader.read(c, lines::add);
      }
      assertEquals(1, lines.size(), "one line, however many readings: " + lines);
      String line = lines.get(0);
      assertTrue(line.contains("pg_ls_waldir") && line.contains("pg_monitor"), line);
      assertTrue(line.contains("the run goes on"), line);
      assertFalse(first.containsKey(DatabaseCounters.WAL_DIR_BYTES), "absent, not zero");
      assertNotNull(first.get(DatabaseCounters.COMMITS), "the readable counters stay: " + first);
      assertNotNull(first.get(DatabaseCounters.WAL_BYTES), "" + first);
      assertEquals(List.of("pg_ls_waldir: the pg_monitor role"), reader.droppedForPrivileges());
    } finally {
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        s.execute("DROP ROLE IF EXISTS " + role);
      } catch (SQLException e) {
        // the role is left behind; the next run drops it first
      }
    }
  }
}
