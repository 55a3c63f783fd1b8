package com.oltpbenchmark.benchmarks.socialgraph.graph;

import java.util.Arrays;
import java.util.function.LongUnaryOperator;

/**
 * The out-degree of every popularity rank, stored as runs of equal degree. Shaped out-degree
 * functions give rank r the quantile of {@code 1 - (r + 0.5) / n}, which costs a numeric inversion
 * per call; the degrees never increase with the rank, so a graph of n ids has only a few hundred to
 * a few thousand distinct runs (about 400 for 100,000 ids, 4,400 for 10 million). They are found
 * once by exponential and binary search over the ranks; a lookup is then a binary search over the
 * run starts.
 */
final class RankedDegreeTable {

  private final long[] runStart;
  private final long[] runDegree;

  /**
   * @param ranks number of ranks n
   * @param degreeOfRank the out-degree of a rank; must never increase with the rank
   */
  RankedDegreeTable(long ranks, LongUnaryOperator degreeOfRank) {
    long[] starts = new long[64];
    long[] degrees = new long[64];
    int runs = 0;
    long r = 0;
    while (r < ranks) {
      long d = degreeOfRank.applyAsLong(r);
      // exponential search for the first rank with another degree, then binary search
      long same = r;
      long other = ranks;
      for (long step = 1; r + step < ranks; step *= 2) {
        if (degreeOfRank.applyAsLong(r + step) != d) {
          other = r + step;
          break;
        }
        same = r + step;
      }
      while (other - same > 1) {
        long mid = (same + other) >>> 1;
        if (degreeOfRank.applyAsLong(mid) == d) {
          same = mid;
        } else {
          other = mid;
        }
      }
      if (runs == starts.length) {
        starts = Arrays.copyOf(starts, runs * 2);
        degrees = Arrays.copyOf(degrees, runs * 2);
      }
      starts[runs] = r;
      degrees[runs] = d;
      runs++;
      r = other;
    }
    this.runStart = Arrays.copyOf(starts, runs);
    this.runDegree = Arrays.copyOf(degrees, runs);
  }

  int runs() {
    return runStart.length;
  }

  long degree(long rank) {
    int i = Arrays.binarySearch(runStart, rank);
    return runDegree[i >= 0 ? i : -i - 2];
  }
}
