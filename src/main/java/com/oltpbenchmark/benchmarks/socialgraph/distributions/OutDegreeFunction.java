package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import com.oltpbenchmark.benchmarks.socialgraph.config.DistributionSpec;
import java.util.function.LongUnaryOperator;

/**
 * Total out-degree (all link types) of an id1, a pure function of the id and the configuration
 * ({@code nlinks_func}). Shaped families ({@code fitted}, {@code real}) rank the id through the
 * correlated permutation and take the rank's {@link RankedCounts} value; LinkBench distribution
 * classes ({@code zipf}, {@code uniform}, {@code geometric}) give {@code
 * round(expectedCount(rank))}; the arithmetic modes use the id itself. RECIPROCAL no longer divides
 * by zero at startid1: the first id is treated like the second.
 */
public final class OutDegreeFunction implements LongUnaryOperator {
  private final DistributionSpec spec;
  private final long start;
  private final long end;
  private final InvertibleShuffler shuffler;
  private final RankedCounts ranked;
  private final ProbabilityDistribution rankPdf;

  OutDegreeFunction(
      DistributionSpec spec,
      long start,
      long end,
      InvertibleShuffler shuffler,
      RankedCounts ranked,
      ProbabilityDistribution rankPdf) {
    this.spec = spec;
    this.start = start;
    this.end = end;
    this.shuffler = shuffler;
    this.ranked = ranked;
    this.rankPdf = rankPdf;
  }

  /** The popularity rank of an id (0 = most links) for the shuffled families, else -1. */
  public long rankOf(long id1) {
    return shuffler == null ? -1 : shuffler.invertPermute(id1 - start);
  }

  /**
   * The out-degree of popularity rank {@code rank} in [0, n) for the shuffled families (never
   * increasing with the rank); {@code applyAsLong(id1) == degreeOfRank(rankOf(id1))}.
   */
  public long degreeOfRank(long rank) {
    if (ranked != null) {
      return ranked.count(rank);
    }
    if (rankPdf != null) {
      return Math.round(rankPdf.expectedCount(start + rank));
    }
    throw new IllegalStateException(spec.family() + " out-degrees are not ranked");
  }

  @Override
  public long applyAsLong(long id1) {
    if (id1 < start || id1 >= end) {
      return 0;
    }
    if (shuffler != null) {
      return degreeOfRank(rankOf(id1));
    }
    long dflt = (long) spec.param("default", 0);
    long cfg = (long) spec.param("config", 1);
    long n = end - start;
    switch (spec.family()) {
      case CONST:
        return dflt;
      case NLINKS_RECIPROCAL:
        return dflt + ceilDiv(n, Math.max(1, id1 - start));
      case MULTIPLES:
        return dflt + (id1 % cfg == 0 ? cfg : 0);
      case EXPONENTIAL:
        {
          // id1 == cfg^k (k >= 1): dflt + id1 - cfg^(k-1)
          long p = 1;
          while (p < id1 && p <= Long.MAX_VALUE / cfg) {
            p *= cfg;
          }
          return p == id1 && id1 > 1 ? dflt + id1 - id1 / cfg : dflt;
        }
      case PERFECT_SQUARES:
        {
          long r = Math.round(Math.pow(id1, 1.0 / cfg));
          for (long c = Math.max(1, r - 1); c <= r + 1; c++) {
            if (power(c, cfg) == id1) {
              return dflt + id1 - power(c - 1, cfg);
            }
          }
          return dflt;
        }
      default:
        throw new IllegalStateException("not an out-degree mode: " + spec.family());
    }
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  private static long power(long base, long exp) {
    long r = 1;
    for (long i = 0; i < exp; i++) {
      if (base != 0 && Math.abs(r) > Long.MAX_VALUE / Math.abs(base)) {
        return -1;
      }
      r *= base;
    }
    return r;
  }
}
