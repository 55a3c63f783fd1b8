package com.oltpbenchmark.results;

import static com.oltpbenchmark.results.Fixtures.MS;
import static com.oltpbenchmark.results.Fixtures.SEC;
import static com.oltpbenchmark.results.Fixtures.US;
import static com.oltpbenchmark.results.MeasurementCollector.NOT_RATE_LIMITED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

class MeasurementCollectorTest {
  private static final long ORIGIN = 1_000 * SEC;
  private static final long EPOCH_MS = 1_700_000_000_123L;

  private static MeasurementCollector started(int windowSeconds, boolean raw, long grace, int run) {
    MeasurementCollector c = new MeasurementCollector(windowSeconds, raw, grace, run);
    c.beginMeasurement(ORIGIN, EPOCH_MS);
    return c;
  }

  private static void rec(MeasurementCollector c, int type, long startOffset, long latency) {
    c.record(type, ORIGIN + startOffset, ORIGIN + startOffset + latency, NOT_RATE_LIMITED, 0, 1);
  }

  @Test
  void samplesGoToTheWindowTheyStartedIn() {
    MeasurementCollector c = started(5, false, MeasurementCollector.DEFAULT_GRACE_NANOS, 16);
    rec(c, 1, 0, 1 * MS);
    rec(c, 1, SEC - 1, 2 * MS); // last nanosecond of second 0
    rec(c, 2, SEC, 3 * MS); // first nanosecond of second 1
    rec(c, 1, 5 * SEC - 1, 4 * MS); // last nanosecond of the first 5 s window
    rec(c, 2, 5 * SEC, 5 * MS);
    rec(c, 2, 12 * SEC + SEC / 2, 9 * SEC); // long transaction: counted where it started
    c.finish();

    assertEquals(13, c.secondWindowCount(), "no trailing empty windows after second 12");
    assertEquals(2, c.secondWindow(0).count);
    assertEquals(1000, c.secondWindow(0).minimum);
    assertEquals(2000, c.secondWindow(0).maximum);
    assertEquals(1, c.secondWindow(1).count);
    assertEquals(LatencyStats.EMPTY, c.secondWindow(2), "empty window inside the run");
    assertEquals(1, c.secondWindow(4).count);
    assertEquals(1, c.secondWindow(5).count);
    assertEquals(LatencyStats.EMPTY, c.secondWindow(11));
    assertEquals(9_000_000, c.secondWindow(12).maximum);

    assertEquals(3, c.periodWindowCount());
    assertEquals(4, c.periodWindow(0).count);
    assertEquals(2500.0, c.periodWindow(0).average, 1e-9);
    assertEquals(1, c.periodWindow(1).count);
    assertEquals(1, c.periodWindow(2).count);
    // Per-type rows share the all-types windows; a type absent from a window is empty there.
    assertEquals(3, c.periodWindow(0, 1).count);
    assertEquals(1, c.periodWindow(0, 2).count);
    assertEquals(LatencyStats.EMPTY, c.periodWindow(1, 1));
    assertEquals(1, c.periodWindow(1, 2).count);
    assertEquals(LatencyStats.EMPTY, c.periodWindow(2, 3), "type never seen");
    assertEquals(0, c.lateSamples());
  }

  @Test
  void windowsAreCountedFromTheMeasurementStart() {
    MeasurementCollector c = started(5, false, MeasurementCollector.DEFAULT_GRACE_NANOS, 16);
    rec(c, 1, 2 * SEC + 100 * MS, MS);
    c.finish();
    assertEquals(3, c.secondWindowCount());
    assertEquals(LatencyStats.EMPTY, c.secondWindow(0));
    assertEquals(1, c.secondWindow(2).count);
  }

  @Test
  void windowsGoOnToTheMeasurementEndWhenNothingFinishedAtTheEnd() {
    // a database that stalled at second 2 of a 7 s measurement: empty rows up to the end
    MeasurementCollector c = started(5, false, MeasurementCollector.DEFAULT_GRACE_NANOS, 16);
    rec(c, 1, 100 * MS, MS);
    rec(c, 1, 2 * SEC, MS);
    c.endMeasurement(ORIGIN + 7 * SEC);
    c.finish();
    assertEquals(7, c.secondWindowCount(), "a row per second up to the end, not one more");
    assertEquals(1, c.secondWindow(2).count);
    for (int i = 3; i < 7; i++) {
      assertEquals(LatencyStats.EMPTY, c.secondWindow(i), "second " + i);
    }
    assertEquals(2, c.periodWindowCount(), "the partial last -s window is a row too");
    assertEquals(LatencyStats.EMPTY, c.periodWindow(1));
    assertEquals(LatencyStats.EMPTY, c.periodWindow(1, 1));
  }

  @Test
  void sampleStartingBeforeTheOriginCountsInWindowZero() {
    MeasurementCollector c = started(5, false, MeasurementCollector.DEFAULT_GRACE_NANOS, 16);
    c.record(1, ORIGIN - 3 * MS, ORIGIN + MS, NOT_RATE_LIMITED, 0, 1);
    c.finish();
    assertEquals(1, c.secondWindowCount());
    assertEquals(4000, c.secondWindow(0).maximum);
  }

  @Test
  void noSamplesMeansNoWindows() {
    MeasurementCollector c = started(5, true, MeasurementCollector.DEFAULT_GRACE_NANOS, 16);
    c.finish();
    assertEquals(0, c.secondWindowCount());
    assertEquals(0, c.periodWindowCount());
    assertEquals(LatencyStats.EMPTY, c.overallStats());
  }

  @Test
  void sampleArrivingAfterItsWindowClosedStillCounts() {
    MeasurementCollector c = started(5, false, 2 * SEC, 16);
    rec(c, 1, 500 * MS, 100 * US);
    for (long t = 0; t <= 10 * SEC; t += 100 * MS) {
      rec(c, 2, t, MS);
    }
    Map<String, Long> before = c.retainedCounts();
    assertTrue(before.get("openSecondWindows") <= 4, "old windows were closed: " + before);
    // Started in second 0, ran 10.3 s: its windows are long closed when it is folded.
    rec(c, 1, 200 * MS, 10_300 * MS);
    c.finish();
    LatencyStats w0 = c.secondWindow(0);
    assertEquals(12, w0.count, "10 regular + first sample + late one");
    assertEquals(10_300_000, w0.maximum);
    assertEquals(100, w0.minimum);
    assertEquals(1000, w0.median(), "percentiles were computed before the late sample");
    assertEquals(50, c.periodWindow(0, 2).count);
    assertEquals(2, c.periodWindow(0, 1).count);
    assertEquals(1, c.lateSamples());
    assertEquals(103, c.overallStats().count);
    assertEquals(10_300_000, c.overallStats().maximum);
  }

  @Test
  void memoryStaysFlatWithRunLengthWhenRawIsOff() {
    MeasurementCollector c = started(5, false, 3 * SEC, 16);
    Random rng = new Random(1);
    List<Map<String, Long>> snapshots = new ArrayList<>();
    long step = MS; // 1000 samples per simulated second
    for (long t = 0; t < 300 * SEC; t += step) {
      rec(c, 1 + rng.nextInt(3), t, 200 * US + rng.nextInt(5000) * US);
      if (t % (50 * SEC) == 0 && t > 0) {
        snapshots.add(c.retainedCounts());
      }
    }
    for (Map<String, Long> s : snapshots) {
      assertTrue(s.get("openSecondWindows") <= 6, "1 s windows held: " + s);
      assertTrue(s.get("openPeriodWindows") <= 3, "5 s windows held: " + s);
      assertTrue(s.get("openHistograms") <= 6 + 3 * 4, "histograms held: " + s);
      assertTrue(s.get("bufferedSamples") <= MeasurementCollector.BUFFER_CAPACITY, s.toString());
      assertEquals(0L, s.get("rawSamplesInMemory"), s.toString());
      // closed rows live in the spool file: one heap entry per block of 1,024 rows and series
      assertTrue(s.get("closedRowBlocks") <= 1 + 4, "closed row blocks held: " + s);
    }
    // The same bound after 50 s and after 250 s: nothing grows with the number of samples.
    assertEquals(
        snapshots.get(0).get("openSecondWindows"),
        snapshots.get(snapshots.size() - 1).get("openSecondWindows"));
    assertEquals(
        snapshots.get(0).get("openHistograms"),
        snapshots.get(snapshots.size() - 1).get("openHistograms"));
    assertEquals(
        snapshots.get(0).get("closedRowBlocks"),
        snapshots.get(snapshots.size() - 1).get("closedRowBlocks"));
    c.finish();
    assertEquals(300_000, c.overallStats().count);
    assertEquals(300, c.secondWindowCount());
    assertEquals(0, c.lateSamples());
  }

  @Test
  void rawSamplesAreSpooledNotHeld() {
    MeasurementCollector c = started(5, true, 3 * SEC, 128);
    for (long t = 0; t < 20 * SEC; t += MS) {
      rec(c, 1, t, MS);
      assertTrue(c.retainedCounts().get("rawSamplesInMemory") < 128);
    }
    c.finish();
    List<Long> starts = new ArrayList<>();
    try {
      c.forEachRawSample((type, start, lat, worker, phase) -> starts.add(start));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    assertEquals(20_000, starts.size());
    c.close();
  }

  @Test
  void concurrentRecordingLosesNothing() throws Exception {
    MeasurementCollector c = started(1, false, 2 * SEC, 16);
    int threads = 4;
    int perThread = 50_000;
    inThreads(
        threads,
        worker -> {
          for (int i = 0; i < perThread; i++) {
            long start = ORIGIN + i * 200 * US + worker;
            c.record(1 + (i % 3), start, start + 150 * US, NOT_RATE_LIMITED, worker, 1);
          }
        });
    assertEquals((long) threads * perThread, c.getMeasuredRequests());
    c.finish();
    assertEquals((long) threads * perThread, c.overallStats().count);
    long inWindows = 0;
    long typeOne = 0;
    for (int i = 0; i < c.secondWindowCount(); i++) {
      inWindows += c.secondWindow(i).count;
    }
    for (int i = 0; i < c.periodWindowCount(); i++) {
      typeOne += c.periodWindow(i, 1).count;
    }
    assertEquals((long) threads * perThread, inWindows);
    assertEquals(threads * ((perThread + 2) / 3), typeOne);
    assertEquals(150, c.overallStats().median());
  }

  @Test
  void intendedStartGivesTheQueueInclusiveLatency() {
    MeasurementCollector c = started(5, false, MeasurementCollector.DEFAULT_GRACE_NANOS, 16);
    for (int i = 0; i < 100; i++) {
      long start = ORIGIN + i * 10 * MS;
      c.record(1, start, start + MS, start - 5 * MS, 0, 1); // waited 5 ms in the queue
      // unlimited: not in the added distributions
      c.record(2, start, start + 2 * MS, NOT_RATE_LIMITED, 1, 1);
    }
    c.finish();
    LatencyStats intended = c.intendedStartStats();
    LatencyStats service = c.rateLimitedServiceStats();
    assertEquals(100, intended.count);
    assertEquals(6000, intended.median());
    assertEquals(6000, intended.p9999());
    assertEquals(100, service.count);
    assertEquals(1000, service.median());
    assertEquals(200, c.overallStats().count);
    assertEquals(2000, c.overallStats().maximum);
  }

  @Test
  void intendedStartAfterTheActualStartIsClampedToServiceTime() {
    MeasurementCollector c = started(5, false, MeasurementCollector.DEFAULT_GRACE_NANOS, 16);
    c.record(1, ORIGIN, ORIGIN + MS, ORIGIN + 500 * US, 0, 1);
    c.finish();
    assertEquals(1000, c.intendedStartStats().minimum);
  }

  @Test
  void rawSamplesComeOutSortedByStartTime() throws Exception {
    MeasurementCollector c = started(5, true, SEC, 64);
    int threads = 3;
    int perThread = 1000;
    List<long[]> expected = Collections.synchronizedList(new ArrayList<>());
    inThreads(
        threads,
        worker -> {
          Random rng = new Random(100 + worker);
          for (int i = 0; i < perThread; i++) {
            long offset = rng.nextInt(30_000) * MS + rng.nextInt(1000) * US;
            int type = 1 + rng.nextInt(3);
            c.record(
                type,
                ORIGIN + offset,
                ORIGIN + offset + 2 * MS,
                NOT_RATE_LIMITED,
                worker,
                1 + type % 2);
            expected.add(new long[] {EPOCH_MS * 1000 + offset / 1000, type, worker});
          }
        });
    c.finish();
    List<long[]> got = new ArrayList<>();
    c.forEachRawSample(
        (type, start, lat, worker, phase) -> {
          assertEquals(2000, lat);
          assertEquals(1 + type % 2, phase);
          got.add(new long[] {start, type, worker});
        });
    assertEquals(threads * perThread, got.size());
    for (int i = 1; i < got.size(); i++) {
      assertTrue(got.get(i - 1)[0] <= got.get(i)[0], "row " + i + " out of start-time order");
    }
    java.util.Comparator<long[]> byAll =
        java.util.Comparator.<long[]>comparingLong(a -> a[0])
            .thenComparingLong(a -> a[1])
            .thenComparingLong(a -> a[2]);
    List<long[]> e = new ArrayList<>(expected);
    e.sort(byAll);
    got.sort(byAll);
    for (int i = 0; i < e.size(); i++) {
      assertTrue(java.util.Arrays.equals(e.get(i), got.get(i)), "sample " + i + " differs");
    }
    assertTrue(c.rawRunCount() > 10, "the test must exercise the k-way merge");
    c.close();
  }

  @Test
  void recordsAfterFinishAreIgnoredAndCounted() {
    MeasurementCollector c = started(5, false, MeasurementCollector.DEFAULT_GRACE_NANOS, 16);
    rec(c, 1, 0, MS);
    c.finish();
    rec(c, 1, SEC, MS);
    c.finish();
    assertEquals(1, c.overallStats().count);
    assertEquals(1, c.getRecordedAfterFinish());
  }

  /**
   * Runs {@code body} for workers 0 to {@code threads - 1}, each in its own thread, released
   * together so that they record at the same time; rethrows the first failure.
   */
  private static void inThreads(int threads, IntConsumer body) throws Exception {
    CountDownLatch go = new CountDownLatch(1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> ts = new ArrayList<>();
    for (int w = 0; w < threads; w++) {
      int worker = w;
      Thread t =
          new Thread(
              () -> {
                try {
                  go.await();
                  body.accept(worker);
                } catch (Throwable e) {
                  failure.compareAndSet(null, e);
                }
              });
      ts.add(t);
      t.start();
    }
    go.countDown();
    for (Thread t : ts) {
      t.join();
    }
    if (failure.get() != null) {
      throw new AssertionError("a recording thread failed", failure.get());
    }
  }
}
