package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import java.util.Random;
import org.apache.commons.math3.distribution.ExponentialDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junitpioneer.jupiter.RetryingTest;

/** Rate-limited phases hold their target rate; arrivals follow the configured process. */
class RateLimitingTest {
  @TempDir Path dir;

  private EngineHarness.Run runAtRate(
      String rate, int seconds, int terminals, String type, String extra) throws Exception {
    return runAtRate(rate, seconds, terminals, type, extra, "regular");
  }

  private EngineHarness.Run runAtRate(
      String rate, int seconds, int terminals, String type, String extra, String arrival)
      throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_rate");
    String body =
        "<terminals>"
            + terminals
            + "</terminals><loaderThreads>1</loaderThreads>"
            + extra
            + "<works><work arrival=\""
            + arrival
            + "\"><time>"
            + seconds
            + "</time>"
            + "<rate>"
            + rate
            + "</rate>"
            + "<weights>100</weights></work></works>"
            + EngineHarness.types(type);
    return EngineHarness.run(EngineHarness.write(dir, "rate.xml", EngineHarness.xml(db, body)));
  }

  private static void assertRate(EngineHarness.Run run, double rate, int seconds) {
    long expected = Math.round(rate * seconds);
    long served = run.events.size();
    double error = Math.abs(served - expected) / (double) expected;
    System.out.printf(
        "rate %.0f/s over %d s: %d served, expected %d (error %.3f%%)%n",
        rate, seconds, served, expected, 100 * error);
    assertTrue(error < 0.02, "served " + served + " of " + expected + " requests");
    // what a busy machine could not serve in time is counted, never lost
    long unserved = run.outcome.unservedRequests.getOrDefault(1, 0L);
    assertTrue(unserved <= expected * 0.02, unserved + " requests unserved");
    assertEquals(expected, served + unserved, "served + unserved = rate x time");
    // the achieved rate holds in every second, not only on average
    long start = run.outcome.runStartNanos;
    long[] perSecond = new long[seconds + 1];
    for (long[] e : run.events) {
      int s = (int) ((e[2] - start) / 1_000_000_000L);
      perSecond[Math.min(Math.max(s, 0), seconds)]++;
    }
    for (int s = 1; s < seconds - 1; s++) {
      assertTrue(
          Math.abs(perSecond[s] - rate) <= rate * 0.05,
          "second " + s + " ran " + perSecond[s] + " requests at rate " + rate);
    }
  }

  @RetryingTest(3)
  void holdsOneThousandPerSecondWithFourTerminals() throws Exception {
    EngineHarness.Run run = runAtRate("1000", 10, 4, "Noop", "");
    assertRate(run, 1000, 10);
  }

  @RetryingTest(3)
  void holdsTenThousandPerSecondWithFourTerminals() throws Exception {
    EngineHarness.Run run = runAtRate("10000", 10, 4, "Noop", "");
    assertRate(run, 10000, 10);
  }

  @RetryingTest(3)
  void poissonPhaseHoldsTheMeanRate() throws Exception {
    EngineHarness.Run run =
        runAtRate("1000", 3, 4, "Noop", "<randomSeed>7</randomSeed>", "poisson");
    // a Poisson count over 3 s at 1000/s has a standard deviation of ~1.8%
    long served = run.events.size();
    assertTrue(Math.abs(served - 3000) < 150, "served " + served + " of ~3000");
    assertEquals(0L, run.outcome.unservedRequests.get(1));
  }

  @Test
  void countsWorkTheWorkersCannotServe() throws Exception {
    // one terminal, 10 ms per transaction: at most ~100/s of the 1000/s offered
    EngineHarness.Run run =
        runAtRate("1000", 2, 1, "Slow", "<testbench><sleepMs>10</sleepMs></testbench>");
    long unserved = run.outcome.unservedRequests.get(1);
    long served = run.events.size();
    assertTrue(served < 400, "served " + served);
    assertTrue(unserved > 1000, "unserved " + unserved);
    // every scheduled request is either served or counted as unserved
    assertEquals(2000, served + unserved);
  }

  @Test
  void regularArrivalsAreEvenlySpaced() {
    RequestSchedule s =
        new RequestSchedule(0, 1_000_000_000L, 1000, Phase.Arrival.REGULAR, new Random(1));
    long prev = s.claim(0);
    assertEquals(0, prev);
    int n = 1;
    long due;
    while ((due = s.claim(0)) >= 0) {
      assertEquals(1_000_000, due - prev, 1);
      prev = due;
      n++;
    }
    assertEquals(1000, n);
  }

  @Test
  void poissonGapsAreExponential() {
    double rate = 5000;
    RequestSchedule s =
        new RequestSchedule(0, 10_000_000_000L, rate, Phase.Arrival.POISSON, new Random(42));
    double[] gaps = new double[20000];
    long prev = 0;
    SummaryStatistics stats = new SummaryStatistics();
    for (int i = 0; i < gaps.length; i++) {
      long due = s.claim(0);
      gaps[i] = (due - prev) / 1e9;
      prev = due;
      stats.addValue(gaps[i]);
    }
    ExponentialDistribution expected = new ExponentialDistribution(null, 1 / rate);
    double p = new KolmogorovSmirnovTest().kolmogorovSmirnovTest(expected, gaps);
    assertTrue(p > 0.01, "KS p-value " + p);
    assertEquals(1 / rate, stats.getMean(), 0.03 / rate);
    // coefficient of variation of an exponential distribution is 1
    assertEquals(1.0, stats.getStandardDeviation() / stats.getMean(), 0.03);
    // the same test rejects regular spacing, so it can tell the two apart
    double[] regular = new double[gaps.length];
    java.util.Arrays.fill(regular, 1 / rate);
    assertTrue(new KolmogorovSmirnovTest().kolmogorovSmirnovTest(expected, regular) < 1e-6);
  }

  @Test
  void backlogBeyondTheLimitIsGivenUpAndCounted() {
    RequestSchedule s =
        new RequestSchedule(0, 100_000_000_000L, 1000, Phase.Arrival.REGULAR, new Random(1));
    // the workers show up 20 s late: 20,000 requests are due, only the newest 10,000 are kept
    long now = 20_000_000_000L;
    long due = s.claim(now);
    assertEquals(RequestSchedule.BACKLOG_LIMIT, (now - due) / 1_000_000L, 1);
    long unservedSoFar = s.getUnserved();
    assertEquals(20_000 - RequestSchedule.BACKLOG_LIMIT, unservedSoFar, 1);
    // stopping early at 30 s counts what was due until then and never claimed
    long total = s.close(30_000_000_000L);
    assertEquals(30_000 - 1 - unservedSoFar, total - unservedSoFar, 1);
  }
}
