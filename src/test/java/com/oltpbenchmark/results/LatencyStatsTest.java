package com.oltpbenchmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LatencyStatsTest {

  private static LatencyStats accumulate(List<Long> values) {
    LatencyAccumulator acc = new LatencyAccumulator(false);
    values.forEach(acc::record);
    return acc.stats();
  }

  @Test
  void emptySetIsMinusOneEverywhere() {
    LatencyStats s = new LatencyAccumulator(true).stats();
    assertEquals(0, s.count);
    assertEquals(-1, s.minimum);
    assertEquals(-1, s.maximum);
    assertEquals(-1.0, s.average);
    assertEquals(-1, s.p25());
    assertEquals(-1, s.median());
    assertEquals(-1, s.p99());
    assertEquals(-1, s.p9999());
  }

  @Test
  void smallValuesMatchNearestRankExactly() {
    // Below 2048 us HdrHistogram (3 digits) has unit buckets: results must be exact.
    Random rng = new Random(42);
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < 10_007; i++) {
      values.add((long) rng.nextInt(2000));
    }
    LatencyStats s = accumulate(values);
    long[] sorted = Fixtures.sorted(values);
    assertEquals(sorted.length, s.count);
    assertEquals(sorted[0], s.minimum);
    assertEquals(sorted[sorted.length - 1], s.maximum);
    assertEquals(Fixtures.nearestRank(sorted, 0.25), s.p25());
    assertEquals(Fixtures.nearestRank(sorted, 0.5), s.median());
    assertEquals(Fixtures.nearestRank(sorted, 0.75), s.p75());
    assertEquals(Fixtures.nearestRank(sorted, 0.9), s.p90());
    assertEquals(Fixtures.nearestRank(sorted, 0.95), s.p95());
    assertEquals(Fixtures.nearestRank(sorted, 0.99), s.p99());
    assertEquals(Fixtures.nearestRank(sorted, 0.999), s.p999());
    assertEquals(Fixtures.nearestRank(sorted, 0.9999), s.p9999());
    double mean = values.stream().mapToLong(Long::longValue).average().orElseThrow();
    assertEquals(mean, s.average, 1e-9);
    assertEquals((long) mean, s.averageTruncated());
  }

  @Test
  void largeValuesWithinHistogramPrecision() {
    // Log-normal latencies from ~100 us to seconds: percentiles within 0.1% of the exact ones.
    Random rng = new Random(7);
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) {
      values.add((long) Math.exp(8 + 2 * rng.nextGaussian()));
    }
    LatencyStats s = accumulate(values);
    long[] sorted = Fixtures.sorted(values);
    double[] ps = {0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 0.9999};
    long[] got = {s.p25(), s.median(), s.p75(), s.p90(), s.p95(), s.p99(), s.p999(), s.p9999()};
    for (int i = 0; i < ps.length; i++) {
      long exact = Fixtures.nearestRank(sorted, ps[i]);
      assertTrue(
          got[i] >= exact, "p" + ps[i] + " must not underestimate: " + got[i] + " < " + exact);
      assertTrue(got[i] <= exact * 1.001 + 1, "p" + ps[i] + ": " + got[i] + " vs " + exact);
    }
    assertEquals(sorted[0], s.minimum);
    assertEquals(sorted[sorted.length - 1], s.maximum);
  }

  @Test
  void singleSampleIsEveryStatistic() {
    LatencyStats s = accumulate(List.of(123_456L));
    assertEquals(1, s.count);
    assertEquals(123_456, s.minimum);
    assertEquals(123_456, s.median());
    assertEquals(123_456, s.p9999());
    assertEquals(123_456, s.maximum);
  }

  @Test
  void lateSampleUpdatesExactFieldsOnly() {
    LatencyStats s = accumulate(List.of(10L, 20L, 30L));
    LatencyStats t = s.plusLateSample(1000);
    assertEquals(4, t.count);
    assertEquals(1000, t.maximum);
    assertEquals(10, t.minimum);
    assertEquals(265.0, t.average, 1e-9);
    assertEquals(s.median(), t.median());
    LatencyStats e = LatencyStats.EMPTY.plusLateSample(77);
    assertEquals(1, e.count);
    assertEquals(77, e.p99());
    assertEquals(77.0, e.average);
  }
}
