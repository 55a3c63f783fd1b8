package com.oltpbenchmark.api.collectors.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.collectors.database.DatabaseSampler.Sample;
import com.oltpbenchmark.types.DatabaseType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The replication lag among the database figures: per phase (and the whole run) the largest lag of
 * the readings from the phase's first to the one that closes it, in milliseconds; absent where no
 * reading had standbys; one console line per phase that has it.
 */
class ReplicationLagFiguresTest {

  private static Sample reading(long nanos, String event, int phase, long... lag) {
    Map<String, Long> v = new LinkedHashMap<>();
    v.put(DatabaseCounters.COMMITS, nanos);
    if (lag.length > 0) {
      v.put(DatabaseCounters.STANDBYS, lag[0]);
      v.put(DatabaseCounters.WRITE_LAG_US, lag[1]);
      v.put(DatabaseCounters.FLUSH_LAG_US, lag[2]);
      v.put(DatabaseCounters.REPLAY_LAG_US, lag[3]);
      v.put(DatabaseCounters.REPLAY_BEHIND_BYTES, lag[4]);
    }
    return new Sample(nanos, event, phase, phase > 0, v);
  }

  @Test
  void eachPhaseHasTheLargestLagOfItsReadings() {
    List<Sample> samples = new ArrayList<>();
    samples.add(reading(0, "start", 0, 2, 900_000, 900_000, 900_000, 1 << 20)); // the load's
    samples.add(reading(1, "phase", 1, 2, 100, 200, 300, 0));
    samples.add(reading(2, "window", 1, 2, 1_500, 2_500, 4_500, 8192));
    samples.add(reading(3, "phase", 2, 1, 50, 60, 70, 0)); // closes phase 1, opens phase 2
    samples.add(new Sample(4, "window", 2, true, null)); // a gap
    samples.add(reading(5, "end", 0, 2, 10, 20, 30, 0));
    DatabaseFigures f =
        DatabaseFigures.of(
            CounterReader.of(DatabaseType.POSTGRES),
            samples,
            List.of(),
            new TreeMap<>(Map.of(1, 10L, 2, 10L)),
            0,
            "this process");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> phases = (List<Map<String, Object>>) f.summary().get("Phases");
    assertEquals(
        Map.of(
            "Standbys", 2L,
            "Write Lag (ms)", 1.5,
            "Flush Lag (ms)", 2.5,
            "Replay Lag (ms)", 4.5,
            "Replay Behind (bytes)", 8192L),
        phases.get(0).get("Replication Lag"));
    assertEquals(
        Map.of(
            "Standbys", 2L,
            "Write Lag (ms)", 0.05,
            "Flush Lag (ms)", 0.06,
            "Replay Lag (ms)", 0.07,
            "Replay Behind (bytes)", 0L),
        phases.get(1).get("Replication Lag"));
    @SuppressWarnings("unchecked")
    Map<String, Object> run = (Map<String, Object>) f.summary().get("Whole Run");
    assertEquals(900.0, ((Map<?, ?>) run.get("Replication Lag")).get("Replay Lag (ms)"));
    List<String> console = DatabaseFigures.consoleLines(f.summary());
    assertTrue(
        console.contains(
            "Database (PostgreSQL), phase 1, replication lag (the largest over the standbys and"
                + " the phase's readings): Standbys 2, Write Lag (ms) 1.5, Flush Lag (ms) 2.5,"
                + " Replay Lag (ms) 4.5, Replay Behind (bytes) 8192"),
        console.toString());
    assertTrue(f.csv().lines().findFirst().orElseThrow().contains("replication_replay_lag_us"));
  }

  @Test
  void withoutStandbysThereIsNoLag() {
    List<Sample> samples =
        List.of(reading(0, "start", 0), reading(1, "phase", 1), reading(2, "end", 0));
    DatabaseFigures f =
        DatabaseFigures.of(
            CounterReader.of(DatabaseType.POSTGRES),
            samples,
            List.of(),
            Map.of(1, 10L),
            0,
            "this process");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> phases = (List<Map<String, Object>>) f.summary().get("Phases");
    assertFalse(phases.get(0).containsKey("Replication Lag"), phases.toString());
    assertTrue(
        DatabaseFigures.consoleLines(f.summary()).stream()
            .noneMatch(l -> l.contains("replication lag")));
  }

  @Test
  void theLagLevelsAreNotDifferencedAsTotals() {
    for (String counter : DatabaseCounters.REPLICATION_LAG.keySet()) {
      assertTrue(CounterReader.isLevel(counter), counter);
    }
  }
}
