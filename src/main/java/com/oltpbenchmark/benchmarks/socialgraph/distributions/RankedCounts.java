package com.oltpbenchmark.benchmarks.socialgraph.distributions;

/**
 * Gives each of n popularity ranks a count (links, reads, writes) so that the counts over all ranks
 * follow a value distribution: rank i (0 = most popular) gets the value's quantile at {@code 1 - (i
 * + 0.5) / n}, the midpoint of its share of the probability mass. Counts never increase with the
 * rank. LinkBench's {@code expectedCount} did the same with {@code 1 - i / n}, which gives rank 0
 * the file's maximum whatever n is; the midpoint keeps small graphs sane.
 */
public final class RankedCounts {
  private final ProbabilityDistribution values;
  private final long n;

  public RankedCounts(ProbabilityDistribution values, long n) {
    if (n <= 0) {
      throw new IllegalArgumentException("need at least one rank, got " + n);
    }
    this.values = values;
    this.n = n;
  }

  public long ranks() {
    return n;
  }

  /** The count of rank {@code i} in [0, n). */
  public long count(long i) {
    double u = 1 - (i + 0.5) / n;
    return values.quantile(Math.max(0, Math.min(1, u)));
  }

  /** The last rank in [from, n) whose count equals {@code count(from)} (counts are monotone). */
  public long endOfRun(long from) {
    long c = count(from);
    long lo = from;
    long hi = n - 1;
    while (lo < hi) {
      long mid = lo + (hi - lo + 1) / 2;
      if (count(mid) == c) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }
}
