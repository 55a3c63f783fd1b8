package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.RunCollector.Change;
import com.oltpbenchmark.RunCollector.PhaseChange;
import com.oltpbenchmark.RunCollector.RunEnd;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.results.RunReport;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The side collectors' interface: events in the run's order with a window every {@code -s} from the
 * start of measurement, contributions applied in registration order, and every fault isolated (an
 * exception, a hook or a finish that does not return): the run goes on, the collector's section
 * says "not measured: why", the others are untouched.
 */
class RunCollectorsTest {
  private static final long S = 1_000_000_000L;

  /** Records what it is told; contributes a section under its name. */
  private static class Recording implements RunCollector {
    final String name;
    final List<String> seen = new CopyOnWriteArrayList<>();

    Recording(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String summaryKey() {
      return name;
    }

    @Override
    public void start() {
      seen.add("start");
    }

    @Override
    public void phaseChanged(PhaseChange c) throws Exception {
      seen.add(c.change() + (c.phase() > 0 ? " " + c.phase() : ""));
    }

    @Override
    public void window(Window w) throws Exception {
      seen.add("window " + w.index() + " " + (w.toNanos() - w.fromNanos()) / (S / 10));
    }

    @Override
    public Contribution finish(RunEnd end) throws Exception {
      seen.add("finish");
      return r ->
          r.withSection(
              new RunReport.Section(name, Map.of("Checked", 1), List.of(name + ": checked 1")));
    }
  }

  private static RunEnd end() {
    return new RunEnd(new ThreadBench.Outcome(), new MeasurementCollector(1, false), null);
  }

  private static RunReport report() {
    return RunReport.builder().benchmarkArgument("t").dbmsType("SQLITE").finalState("EXIT").build();
  }

  /** Posts a run: phase 1, measurement at m, phase 2 at m + 1.5 s, the end at m + 2.5 s. */
  private static void postRun(RunCollectors c, long m) {
    c.post(new PhaseChange(Change.PHASE_STARTED, m, "b", 1));
    c.post(new PhaseChange(Change.MEASUREMENT_STARTED, m, null, 0));
    c.post(new PhaseChange(Change.PHASE_STARTED, m + 3 * S / 2, "b", 2));
    c.post(new PhaseChange(Change.PHASES_ENDED, m + 5 * S / 2, null, 0));
  }

  @Test
  void eventsArriveInTheRunsOrderWithAWindowPerIntervalFromTheMeasurement() throws Exception {
    RunCollectors c = new RunCollectors(1);
    Recording r = new Recording("a");
    c.add(r);
    c.add(null); // a collector that does not apply is left out
    // the changes lie in the past, all queued before the thread starts: the windows they pass
    // are delivered before them, in order
    postRun(c, System.nanoTime() - 10 * S);
    c.start();
    RunReport out = c.finish(end(), report());
    c.close();
    assertEquals(
        List.of(
            "start",
            "PHASE_STARTED 1",
            "MEASUREMENT_STARTED",
            "window 0 10",
            "PHASE_STARTED 2",
            "window 1 10",
            "window 2 5",
            "PHASES_ENDED",
            "finish"),
        r.seen);
    assertEquals(1, out.sections().size());
    assertEquals(Map.of("Checked", 1), out.sections().get(0).summary());
  }

  @Test
  void aFailingCollectorIsDroppedAndSaysWhyWhileTheOthersGoOn() throws Exception {
    RunCollectors c = new RunCollectors(1);
    Recording before = new Recording("before");
    Recording failing =
        new Recording("failing") {
          @Override
          public void phaseChanged(PhaseChange change) throws Exception {
            super.phaseChanged(change);
            if (change.change() == Change.MEASUREMENT_STARTED) {
              throw new IllegalStateException("counter gone");
            }
          }
        };
    Recording after = new Recording("after");
    c.add(before);
    c.add(failing);
    c.add(after);
    postRun(c, System.nanoTime() - 10 * S);
    c.start();
    RunReport out = c.finish(end(), report());
    c.close();

    assertEquals(List.of("start", "PHASE_STARTED 1", "MEASUREMENT_STARTED"), failing.seen);
    assertEquals(before.seen, after.seen, "the others got every event");
    assertTrue(after.seen.contains("finish"), "" + after.seen);
    String why = c.failure(failing);
    assertNotNull(why);
    assertTrue(why.contains("phase change failed") && why.contains("counter gone"), why);
    assertNull(c.failure(after));

    assertEquals(List.of("before", "after", "failing"), keys(out));
    RunReport.Section s = out.sections().get(2);
    assertEquals("not measured: " + why, s.summary().get(RunCollectors.NOT_MEASURED));
    assertEquals(List.of("failing: not measured: " + why), s.consoleLines());
  }

  @Test
  void aHookOrFinishThatNeverReturnsCannotHoldTheRun() throws Exception {
    CountDownLatch never = new CountDownLatch(1);
    RunCollectors c = new RunCollectors(1, 300, 500);
    Recording stuckInEvent =
        new Recording("stuck-event") {
          @Override
          public void phaseChanged(PhaseChange change) throws Exception {
            if (change.change() == Change.PHASES_ENDED) {
              awaitUninterruptibly(never);
            }
          }
        };
    Recording stuckInFinish =
        new Recording("stuck-finish") {
          @Override
          public Contribution finish(RunEnd end) {
            awaitUninterruptibly(never);
            return Contribution.NONE;
          }
        };
    Recording throwsInFinish =
        new Recording("throws-finish") {
          @Override
          public Contribution finish(RunEnd end) {
            throw new IllegalStateException("no figures");
          }
        };
    Recording fine = new Recording("fine");
    c.add(stuckInEvent);
    c.add(stuckInFinish);
    c.add(throwsInFinish);
    c.add(fine);
    long t0 = System.nanoTime();
    postRun(c, t0 - 10 * S);
    c.start();
    RunReport out = c.finish(end(), report());
    long tookMs = (System.nanoTime() - t0) / 1_000_000;
    c.close();
    never.countDown();

    // 0.3 s for the event, 0.5 s for the finishes, with room for a busy machine
    assertTrue(tookMs < 5_000, "finish took " + tookMs + " ms");
    assertTrue(c.failure(stuckInEvent).contains("hook did not return within 0.3 s"));
    assertTrue(c.failure(stuckInFinish).contains("did not finish within 0.5 s"));
    assertTrue(c.failure(throwsInFinish).contains("its finish failed: no figures"));
    assertNull(c.failure(fine));
    assertEquals(List.of("fine", "stuck-event", "stuck-finish", "throws-finish"), keys(out));
  }

  private static List<String> keys(RunReport r) {
    return r.sections().stream().map(RunReport.Section::key).toList();
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    while (true) {
      try {
        latch.await();
        return;
      } catch (InterruptedException e) {
        // as a JDBC read does: an interrupt does not end the wait
      }
    }
  }
}
