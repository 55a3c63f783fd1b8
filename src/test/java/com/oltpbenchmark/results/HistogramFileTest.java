package com.oltpbenchmark.results;

import static com.oltpbenchmark.results.Fixtures.ADD_LINK;
import static com.oltpbenchmark.results.Fixtures.GET_NODE;
import static com.oltpbenchmark.results.Fixtures.SEC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramFileTest {
  @TempDir Path dir;

  /** Everything a writer reads of a LatencyStats, as one comparable string. */
  static String figures(LatencyStats s) {
    return s.count + " " + s.average + " " + s.toSummaryMap();
  }

  @Test
  void theFileRebuildsEveryAggregateExactly() throws Exception {
    SyntheticRun run = new SyntheticRun().with(SyntheticRun.random(7, 20_000, 20));
    MeasurementCollector original = run.collector();
    original.finish();
    run.write(dir, "part");

    HistogramSet set = HistogramFile.read(dir.resolve("part" + HistogramFile.SUFFIX));
    assertEquals("socialgraph", set.benchmark());
    assertEquals(5, set.windowSeconds());
    assertEquals(SyntheticRun.EPOCH_MS * 1000, set.measureStartEpochMicros());
    assertEquals(
        HistogramFile.digest(Files.readString(dir.resolve("part.config.xml"))), set.configDigest());
    assertEquals(2, set.workloads().get(0).phases().size());
    MeasurementCollector restored =
        MeasurementCollector.restored(
            set.windowSeconds(), set.measureStartEpochMicros(), set.measurements());

    assertEquals(20_000, restored.getMeasuredRequests());
    assertEquals(figures(original.overallStats()), figures(restored.overallStats()));
    assertEquals(figures(original.intendedStartStats()), figures(restored.intendedStartStats()));
    assertEquals(
        figures(original.rateLimitedServiceStats()), figures(restored.rateLimitedServiceStats()));
    for (int type : List.of(GET_NODE.getId(), ADD_LINK.getId())) {
      assertEquals(
          figures(original.statsByType().get(type)), figures(restored.statsByType().get(type)));
    }
    Map<Integer, PhaseStats> op = original.phaseStats();
    Map<Integer, PhaseStats> rp = restored.phaseStats();
    assertEquals(op.keySet(), rp.keySet());
    for (int id : op.keySet()) {
      assertEquals(figures(op.get(id).latency), figures(rp.get(id).latency));
      assertEquals(figures(op.get(id).fromIntendedStart), figures(rp.get(id).fromIntendedStart));
      assertEquals(op.get(id).countsByType, rp.get(id).countsByType);
      assertEquals(op.get(id).firstStartNanos, rp.get(id).firstStartNanos);
      assertEquals(op.get(id).lastEndNanos, rp.get(id).lastEndNanos);
    }
    assertEquals(original.secondWindowCount(), restored.secondWindowCount());
    for (int i = 0; i < original.secondWindowCount(); i++) {
      assertEquals(figures(original.secondWindow(i)), figures(restored.secondWindow(i)), "s " + i);
    }
    assertEquals(original.periodWindowCount(), restored.periodWindowCount());
    for (int i = 0; i < original.periodWindowCount(); i++) {
      assertEquals(figures(original.periodWindow(i)), figures(restored.periodWindow(i)));
      for (int type : List.of(GET_NODE.getId(), ADD_LINK.getId(), 3)) {
        assertEquals(
            figures(original.periodWindow(i, type)),
            figures(restored.periodWindow(i, type)),
            "window " + i + " type " + type);
      }
    }
  }

  @Test
  void theEncodedHistogramHoldsTheSameCountsAsOneFedEverySample() throws Exception {
    List<SyntheticRun.Sample> samples = SyntheticRun.random(11, 5_000, 10);
    new SyntheticRun().with(samples).write(dir, "part");
    HistogramSet set = HistogramFile.read(dir.resolve("part" + HistogramFile.SUFFIX));

    Histogram pooled = new Histogram(3);
    samples.forEach(s -> pooled.recordValue(s.latencyMicros()));
    Histogram decoded = EncodedLatency.decodeHistogram(set.measurements().all().histogram());
    assertEquals(pooled.getTotalCount(), decoded.getTotalCount());
    for (double p : new double[] {25, 50, 90, 99, 99.9, 99.99, 100}) {
      assertEquals(pooled.getValueAtPercentile(p), decoded.getValueAtPercentile(p), "p" + p);
    }
    long sum = samples.stream().mapToLong(SyntheticRun.Sample::latencyMicros).sum();
    assertEquals(sum, set.measurements().all().sum());
  }

  @Test
  void lateSamplesKeepTheirRowsThroughTheFile() throws Exception {
    long origin = 100 * SEC;
    MeasurementCollector c = new MeasurementCollector(5, false, 2 * SEC, 16);
    c.beginMeasurement(origin, SyntheticRun.EPOCH_MS);
    long none = MeasurementCollector.NOT_RATE_LIMITED;
    c.record(
        1, origin + 500 * Fixtures.MS, origin + 500 * Fixtures.MS + 100 * Fixtures.US, none, 0, 1);
    for (long t = 0; t <= 10 * SEC; t += 100 * Fixtures.MS) {
      if (t < 3 * SEC || t >= 4 * SEC) { // second 3 stays empty
        c.record(2, origin + t, origin + t + Fixtures.MS, none, 0, 1);
      }
    }
    // both folded after their windows closed: one into a window with samples, one into the empty
    // one
    c.record(1, origin + 200 * Fixtures.MS, origin + 10_500 * Fixtures.MS, none, 1, 1);
    c.record(1, origin + 3_500 * Fixtures.MS, origin + 12_500 * Fixtures.MS, none, 1, 1);
    c.finish();
    assertEquals(2, c.lateSamples());
    assertEquals(9_000_000, c.secondWindow(3).p99(), "the late sample is the window's only one");

    HistogramSet set =
        new HistogramSet(
            HistogramFile.VERSION,
            "x",
            "SQLITE",
            null,
            0,
            0,
            0,
            5,
            3,
            List.of(),
            List.of(),
            c.histograms());
    Path file =
        Files.writeString(dir.resolve("late" + HistogramFile.SUFFIX), HistogramFile.toJson(set));
    MeasurementCollector restored =
        MeasurementCollector.restored(5, 0, HistogramFile.read(file).measurements());
    assertEquals(2, restored.lateSamples());
    for (int i = 0; i < c.secondWindowCount(); i++) {
      assertEquals(figures(c.secondWindow(i)), figures(restored.secondWindow(i)), "second " + i);
    }
    for (int i = 0; i < c.periodWindowCount(); i++) {
      for (int type : List.of(1, 2)) {
        assertEquals(figures(c.periodWindow(i, type)), figures(restored.periodWindow(i, type)));
      }
    }
    c.close();
    restored.close();
  }

  /** The size the docs quote: 60 s at 1,000 requests/s over two types, 5 s windows. */
  @Test
  void aMinuteOfResultsStaysSmall() throws Exception {
    new SyntheticRun().with(SyntheticRun.random(3, 60_000, 60)).write(dir, "minute");
    long bytes = Files.size(dir.resolve("minute" + HistogramFile.SUFFIX));
    System.out.println("histograms.json of a 60 s run at 1,000 requests/s: " + bytes + " bytes");
    assertTrue(bytes < 400_000, bytes + " bytes");
    HistogramSet set = HistogramFile.read(dir.resolve("minute" + HistogramFile.SUFFIX));
    assertEquals(60, set.measurements().seconds().size());
    assertEquals(12, set.measurements().periods().size());
    assertNotNull(set.measurements().periods().get(11).byType().get(GET_NODE.getId()));
    assertEquals(60 * SEC / SEC, set.measurements().seconds().size());
  }
}
