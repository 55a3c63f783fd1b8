package com.oltpbenchmark.api.collectors.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.collectors.database.DatabaseSampler.Sample;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end of the database figures: a database that stops answering cannot hold the sampler's
 * finish, its missing reading after the run is a gap that the summary counts, and every phase
 * without figures says why, in the summary and on the console alike.
 */
class DatabaseFiguresEndTest {
  private static final long S = 1_000_000_000L;

  @TempDir Path dir;

  private static Sample reading(long at, String event, int phase, boolean measuring, long n) {
    return new Sample(at, event, phase, measuring, Map.of(DatabaseCounters.COMMITS, n));
  }

  private static Sample gap(long at, String event, int phase) {
    return new Sample(at, event, phase, false, null);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> phase(DatabaseFigures f, int index) {
    return ((List<Map<String, Object>>) f.summary().get("Phases")).get(index);
  }

  @Test
  void aPhaseWithoutFiguresSaysWhyInTheSummaryAndOnTheConsole() {
    CounterReader reader = CounterReader.of(DatabaseType.POSTGRES);
    // phase 1 ends at the reading after the run, which is a gap; phase 2 was never seen starting
    List<Sample> samples =
        List.of(
            reading(0, "start", 0, false, 10),
            reading(S, "phase", 1, true, 20),
            reading(5 * S, "window", 1, true, 30),
            gap(9 * S, "end", 1));
    DatabaseFigures f =
        DatabaseFigures.of(
            reader, samples, List.of(), new TreeMap<>(Map.of(1, 100L, 2, 50L)), 0, "this process");
    assertEquals(1L, f.summary().get("Gaps"));
    String end = "a gap in the readings at its end (the reading after the run)";
    assertEquals(end, phase(f, 0).get(DatabaseFigures.NOT_MEASURED));
    assertEquals("no reading at its start", phase(f, 1).get(DatabaseFigures.NOT_MEASURED));
    List<String> lines = DatabaseFigures.consoleLines(f.summary());
    assertEquals(
        "Database (PostgreSQL), phase 1, per request: not measured (" + end + ")", lines.get(0));
    assertEquals(
        "Database (PostgreSQL), phase 2, per request: not measured (no reading at its start)",
        lines.get(1));
  }

  @Test
  void aSamplerWhoseDatabaseStopsAnsweringFinishesOnTimeWithTheEndAsAGap() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "figures_end");
    AtomicBoolean stalled = new AtomicBoolean();
    AtomicInteger phase = new AtomicInteger();
    CountDownLatch never = new CountDownLatch(1);
    List<String> notices = new ArrayList<>();
    DatabaseSampler sampler =
        new DatabaseSampler(
            () -> stallable(db.connect(), stalled, never),
            CounterReader.of(DatabaseType.SQLITE),
            1,
            probe(phase),
            line -> {
              synchronized (notices) {
                notices.add(line);
              }
            });
    try {
      sampler.start();
      phase.set(1);
      Thread.sleep(600);
      stalled.set(true);
      // the next window's reading waits for ever
      Thread.sleep(1_500);
      long t0 = System.nanoTime();
      boolean answered = sampler.finish(500);
      long tookMs = (System.nanoTime() - t0) / 1_000_000;
      assertFalse(answered);
      assertTrue(tookMs < 3_000, "finish took " + tookMs + " ms");
      List<Sample> samples = sampler.samples();
      Sample last = samples.get(samples.size() - 1);
      assertEquals("end", last.event());
      assertTrue(last.gap(), "the reading after the run is a gap: " + samples);
      synchronized (notices) {
        assertEquals(
            1,
            notices.stream()
                .filter(l -> l.contains("did not answer within 1 s after the run"))
                .count(),
            "" + notices);
      }
    } finally {
      sampler.close();
      never.countDown();
    }
  }

  private static DatabaseSampler.PhaseProbe probe(AtomicInteger p) {
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

  /** {@code real}, except that every statement waits for ever once {@code stalled} is set. */
  private static Connection stallable(
      Connection real, AtomicBoolean stalled, CountDownLatch never) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, m, args) -> {
              if (m.getName().equals("abort")) {
                throw new SQLFeatureNotSupportedException("no abort here");
              }
              if (m.getName().equals("createStatement") && stalled.get()) {
                while (true) {
                  try {
                    never.await();
                    break;
                  } catch (InterruptedException e) {
                    // as a blocked socket read
                  }
                }
              }
              return m.invoke(real, args);
            });
  }
}
