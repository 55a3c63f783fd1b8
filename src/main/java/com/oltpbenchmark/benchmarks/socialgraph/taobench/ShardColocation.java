package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.Random;

/**
 * How the ops of one transaction pick their shards. The first op's shard (the transaction's home)
 * is drawn from primary_shards; each further op stays on the home shard with probability {@code
 * stay}, else draws its own shard from primary_shards, so every op's shard still follows
 * primary_shards. {@code stay = 0} is the C++ tool's independent choice; the paper's colocation
 * (objects and the associations they own live together, and a transaction mostly touches one
 * owner's data) is a {@code stay} solved so that the share of write transactions touching more than
 * one shard equals a target (the paper: 28.7 % of TAO's write transactions).
 */
public final class ShardColocation {

  private final WeightedChoice primary;
  private final double stay;

  ShardColocation(WeightedChoice primary, double stay) {
    if (!(stay >= 0 && stay <= 1)) {
      throw new IllegalArgumentException("stay probability must be in [0, 1], got " + stay);
    }
    this.primary = primary;
    this.stay = stay;
  }

  /** The C++ tool's choice: every op draws its shard on its own. */
  public static ShardColocation independent(WeightedChoice primary) {
    return new ShardColocation(primary, 0);
  }

  /**
   * Colocation giving {@code crossShare} of the transactions whose sizes follow {@code sizes} more
   * than one shard.
   *
   * @throws IllegalArgumentException when the target is above what independent draws give (more
   *     cross-shard transactions than no colocation at all cannot come from colocation)
   */
  public static ShardColocation forCrossShardShare(
      WeightedChoice primary, WeightedValues<Integer> sizes, double crossShare) {
    double independent = crossShardShare(primary, sizes, 0);
    if (crossShare > independent + 1e-12) {
      throw new IllegalArgumentException(
          String.format(
              java.util.Locale.ROOT,
              "cross-shard share %.4f is above %.4f, the share with independent shards for this"
                  + " workload's transaction sizes and primary_shards",
              crossShare,
              independent));
    }
    // the share falls monotonically from `independent` (stay 0) to 0 (stay 1): bisect
    double lo = 0;
    double hi = 1;
    for (int i = 0; i < 60; i++) {
      double mid = (lo + hi) / 2;
      if (crossShardShare(primary, sizes, mid) > crossShare) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return new ShardColocation(primary, (lo + hi) / 2);
  }

  /**
   * P(a transaction touches more than one shard) = 1 - sum over sizes n and home shards s of P(n)
   * w_s (stay + (1 - stay) w_s)^(n-1).
   */
  public static double crossShardShare(
      WeightedChoice primary, WeightedValues<Integer> sizes, double stay) {
    double[] w = primary.probabilities();
    double single = 0;
    for (int i = 0; i < sizes.values().size(); i++) {
      double pn = sizes.choice().probability(i);
      int n = Math.max(1, sizes.values().get(i));
      if (pn == 0) {
        continue;
      }
      double given = 0;
      for (double ws : w) {
        given += ws * Math.pow(stay + (1 - stay) * ws, n - 1);
      }
      single += pn * given;
    }
    return 1 - single;
  }

  public double stay() {
    return stay;
  }

  /** The transaction's home shard (its first op's). */
  public int home(Random rng) {
    return primary.sample(rng);
  }

  /** The shard of a further op of a transaction whose home is {@code home}. */
  public int next(int home, Random rng) {
    if (stay > 0 && rng.nextDouble() < stay) {
      return home;
    }
    return primary.sample(rng);
  }
}
