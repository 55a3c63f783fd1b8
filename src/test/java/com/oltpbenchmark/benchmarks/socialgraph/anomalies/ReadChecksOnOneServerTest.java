package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * On one PostgreSQL or MariaDB server at REPEATABLE READ and at SERIALIZABLE every class is
 * forbidden: hot keys, write transactions and read transactions together show none of them over at
 * least {@value #CHECKED_READS} checked reads, and every audit passes.
 */
class ReadChecksOnOneServerTest {

  static final long CHECKED_READS = 100_000;

  private static final String[] LEVELS = {
    "TRANSACTION_REPEATABLE_READ", "TRANSACTION_SERIALIZABLE"
  };

  /** Runs alternate between the levels until enough reads were checked; at most this many. */
  private static final int MAX_RUNS = 12;

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"postgres", "mariadb"})
  void noAnomalyOnOneServer(String sample) throws Exception {
    String name = "sg_reads_" + sample;
    TestDatabase db =
        sample.equals("postgres") ? TestDatabase.postgres(name) : TestDatabase.mariadb(name);
    long reads = 0;
    Map<Anomaly, Long> checked = new EnumMap<>(Anomaly.class);
    for (int run = 0; run < MAX_RUNS && (run < LEVELS.length || reads < CHECKED_READS); run++) {
      String level = LEVELS[run % LEVELS.length];
      Path config = ReadCheckRuns.config(dir, sample, db.url, db.username, level, 20);
      // reads above all, and fewer conflicting writers: more checked reads per second
      Files.writeString(
          config, Files.readString(config).replace(ReadCheckRuns.HOT_WEIGHTS, "60, 15, 20, 5"));
      Path results = dir.resolve("run" + run);
      String[] actions =
          run == 0
              ? new String[] {"--create=true", "--load=true", "--execute=true"}
              : new String[] {"--execute=true"};
      assertEquals(0, ReadCheckRuns.run(config, results, actions), "exit code of run " + run);
      JsonNode anomalies = ReadCheckRuns.anomalies(results);
      for (Anomaly a : Anomaly.values()) {
        JsonNode c = anomalies.get(a.key());
        assertEquals("forbidden", c.get("promise").asText(), a.key() + " at " + level);
        assertEquals(0, c.get("seen").asLong(), a.key() + " at " + level + ": " + c);
        checked.merge(a, c.get("checked").asLong(), Long::sum);
      }
      reads += anomalies.get("reads checked").asLong();
    }
    assertTrue(reads >= CHECKED_READS, "reads checked: " + reads);
    for (Anomaly a : Anomaly.values()) {
      assertTrue(checked.get(a) > 0, a.key() + " checked: " + checked);
    }
  }
}
