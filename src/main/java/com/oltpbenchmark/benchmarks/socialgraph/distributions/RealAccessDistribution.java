package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Access by rank following a LinkBench "real" access-count section: each rank gets a count (reads
 * or writes per id, {@link RankedCounts}) and is chosen with probability proportional to it. Ranks
 * with equal counts form runs, so sampling is a binary search over the runs plus a uniform pick
 * inside one: exact, reproducible and thread-safe, unlike LinkBench's shared cursors.
 */
public final class RealAccessDistribution extends AbstractDistribution {
  private final long[] runStart;
  private final long[] runCount;
  private final double[] cumWeight; // weight of runs [0, i]
  private final double total;
  private final double mean;

  public RealAccessDistribution(long min, long max, ProbabilityDistribution accessCounts) {
    super(min, max, Double.NaN);
    RankedCounts ranked = new RankedCounts(accessCounts, n);
    List<long[]> runs = new ArrayList<>();
    for (long r = 0; r < n; ) {
      long end = ranked.endOfRun(r);
      long c = ranked.count(r);
      runs.add(new long[] {r, c});
      r = end + 1;
    }
    runStart = new long[runs.size()];
    runCount = new long[runs.size()];
    cumWeight = new double[runs.size()];
    double sum = 0;
    double m = 0;
    for (int i = 0; i < runs.size(); i++) {
      runStart[i] = runs.get(i)[0];
      runCount[i] = runs.get(i)[1];
      long end = i + 1 < runs.size() ? runs.get(i + 1)[0] : n;
      long len = end - runStart[i];
      sum += (double) len * runCount[i];
      cumWeight[i] = sum;
      m += runCount[i] * (len * (double) (runStart[i] + min) + len * (len - 1) / 2.0);
    }
    if (!(sum > 0)) {
      throw new IllegalArgumentException(
          "the access-count distribution gives every id a count of 0");
    }
    total = sum;
    mean = m / sum;
  }

  private int runOf(long rank) {
    int i = Arrays.binarySearch(runStart, rank);
    return i >= 0 ? i : -i - 2;
  }

  @Override
  public double pdf(long id) {
    if (id < min || id >= max) {
      return 0;
    }
    return runCount[runOf(id - min)] / total;
  }

  @Override
  protected double cdfInRange(long id) {
    long r = id - min;
    int i = runOf(r);
    double before = i == 0 ? 0 : cumWeight[i - 1];
    return (before + (r - runStart[i] + 1) * (double) runCount[i]) / total;
  }

  @Override
  public long quantile(double p) {
    checkProbability(p);
    double target = p * total;
    int lo = firstAtLeast(cumWeight, target);
    while (runCount[lo] == 0 && lo > 0) {
      lo--; // p == 0 lands before the first weighted run only through rounding
    }
    double before = lo == 0 ? 0 : cumWeight[lo - 1];
    long end = lo + 1 < runStart.length ? runStart[lo + 1] : n;
    long k = runCount[lo] == 0 ? 0 : (long) Math.ceil((target - before) / runCount[lo]) - 1;
    long id = min + runStart[lo] + Math.max(0, Math.min(end - runStart[lo] - 1, k));
    return settleQuantile(id, p);
  }

  @Override
  public double mean() {
    return mean;
  }
}
