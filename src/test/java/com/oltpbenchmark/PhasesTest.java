package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.State;
import com.oltpbenchmark.types.TransactionStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junitpioneer.jupiter.RetryingTest;

/** Phases switch on time, warm-up is not measured, serial and partial-terminal phases work. */
class PhasesTest {
  private static final long MS = 1_000_000L;
  private static final long SWITCH_TOLERANCE_NS = 50 * MS;

  @TempDir Path dir;

  private EngineHarness.Run run(int terminals, String works, String... types) throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_phases");
    String body =
        "<terminals>"
            + terminals
            + "</terminals><loaderThreads>1</loaderThreads>"
            + "<works>"
            + works
            + "</works>"
            + EngineHarness.types(types);
    return EngineHarness.run(EngineHarness.write(dir, "phases.xml", EngineHarness.xml(db, body)));
  }

  @RetryingTest(3)
  void unlimitedPhaseSwitchTakesEffectWithin50ms() throws Exception {
    EngineHarness.Run r =
        run(
            2,
            "<work><time>1</time><rate>unlimited</rate><weights>100,0</weights></work>"
                + "<work><time>1</time><rate>unlimited</rate><weights>0,100</weights></work>",
            "Noop",
            "NoopB");
    long boundary = r.outcome.runStartNanos + 1000 * MS;
    List<long[]> a = r.eventsOf(1);
    List<long[]> b = r.eventsOf(2);
    assertFalse(a.isEmpty());
    assertFalse(b.isEmpty());
    long lastA = a.get(a.size() - 1)[2];
    long firstB = b.get(0)[2];
    assertTrue(
        Math.abs(firstB - boundary) < SWITCH_TOLERANCE_NS,
        "first phase-2 transaction " + (firstB - boundary) / MS + " ms from the boundary");
    assertTrue(
        lastA < boundary + SWITCH_TOLERANCE_NS,
        "last phase-1 transaction " + (lastA - boundary) / MS + " ms after the boundary");
    assertEquals(State.EXIT, r.outcome.finalState);
  }

  @RetryingTest(3)
  void switchFromRateLimitedAndDisabledPhasesIsPrompt() throws Exception {
    EngineHarness.Run r =
        run(
            2,
            "<work><time>1</time><rate>disabled</rate></work>"
                + "<work><time>1</time><rate>20</rate><weights>100,0</weights></work>"
                + "<work><time>1</time><rate>unlimited</rate><weights>0,100</weights></work>",
            "Noop",
            "NoopB");
    long start = r.outcome.runStartNanos;
    List<long[]> a = r.eventsOf(1);
    List<long[]> b = r.eventsOf(2);
    // nothing runs in the disabled phase; phase 2 starts on time and runs 20/s for 1 s
    long firstA = a.get(0)[2];
    assertTrue(firstA >= start + 1000 * MS - MS, "ran during the disabled phase");
    assertTrue(firstA - (start + 1000 * MS) < SWITCH_TOLERANCE_NS);
    assertEquals(20, a.size(), 1);
    long firstB = b.get(0)[2];
    assertTrue(
        Math.abs(firstB - (start + 2000 * MS)) < SWITCH_TOLERANCE_NS,
        "unlimited phase started " + (firstB - start - 2000 * MS) / MS + " ms late");
  }

  @RetryingTest(3)
  void warmupIsRunButNotMeasured() throws Exception {
    EngineHarness.Run r =
        run(
            1,
            "<work><warmup>1</warmup><time>1</time><rate>200</rate><weights>100</weights></work>",
            "Noop");
    // 2 s of work at 200/s, of which the second is measured
    assertEquals(400, r.events.size(), 2);
    long measured = r.collector.getMeasuredRequests();
    long afterWarmup = 0;
    for (long[] e : r.events) {
      if (e[2] >= r.outcome.measureStartNanos) {
        afterWarmup++;
      }
    }
    assertEquals(afterWarmup, measured, 2);
    assertEquals(200, measured, 3);
    assertEquals(1.0, r.outcome.elapsedNanos() / 1e9, 0.05);
    // outcomes of warm-up transactions are still counted, as upstream
    assertEquals(r.events.size(), r.count(TransactionStatus.SUCCESS));
  }

  @Test
  void serialLatencyRunExecutesEachTypeColdThenMeasured() throws Exception {
    EngineHarness.Run r =
        run(
            3,
            "<work><serial>true</serial><rate>unlimited</rate><weights>1,0,1</weights></work>",
            "Noop",
            "NoopB",
            "ReadRow");
    List<Long> order = new ArrayList<>();
    for (long[] e : r.events) {
      order.add(e[0]);
    }
    assertEquals(List.of(1L, 1L, 3L, 3L), order);
    assertEquals(2, r.collector.getMeasuredRequests());
    for (long[] e : r.events) {
      assertEquals(0, e[1], "a serial phase uses one terminal");
    }
  }

  @RetryingTest(3)
  void timedSerialPhaseWalksTheListInOrder() throws Exception {
    EngineHarness.Run r =
        run(
            2,
            "<work><time>1</time><serial>true</serial><rate>50</rate><weights>1,1,0</weights></work>",
            "Noop",
            "NoopB",
            "ReadRow");
    assertEquals(50, r.events.size(), 1);
    for (int i = 0; i < r.events.size(); i++) {
      assertEquals(i % 2 == 0 ? 1 : 2, r.events.get(i)[0], "position " + i);
    }
  }

  @RetryingTest(3)
  void onlyActiveTerminalsWork() throws Exception {
    EngineHarness.Run r =
        run(
            3,
            "<work><time>1</time><rate>300</rate><active_terminals>1</active_terminals>"
                + "<weights>100</weights></work>"
                + "<work><time>1</time><rate>300</rate><weights>100</weights></work>",
            "Slow");
    long boundary = r.outcome.runStartNanos + 1000 * MS;
    boolean others = false;
    for (long[] e : r.events) {
      if (e[2] < boundary - MS) {
        assertEquals(0, e[1], "worker " + e[1] + " ran while inactive");
      } else if (e[1] != 0) {
        others = true;
      }
    }
    assertTrue(others, "all terminals work once every terminal is active again");
  }
}
