package com.oltpbenchmark.benchmarks.socialgraph.taobench;

/**
 * Where a TAOBench request's keys fall: across shards ({@code crossShardShare}) and inside a shard
 * ({@code keyShape}).
 *
 * <p>{@code crossShardShare}: the share of write transactions that touch more than one shard (see
 * {@link ShardColocation}); NaN draws every op's shard independently, as the C++ tool does (85 % of
 * workload A's write transactions then span shards). Read transactions use the same per-op
 * locality.
 *
 * <p>{@code keyShape}: Zipf shape of the key popularity inside a shard (see {@link ShardKeys}); NaN
 * is uniform, as the C++ tool. The default is fitted to the only key-frequency figures the paper
 * gives in its text (section 3, on the top 400K write-transaction keys): the P90 access frequency
 * is 3.3K/day, i.e. rank 40K has 3.3K accesses, and keys above 1K/day make up 67.2 % (product group
 * 1) and 41.4 % (group 3) of those keys, i.e. ranks 268.8K and 165.6K have 1K. A Zipf {@code f(r) ~
 * r^-s} through those points gives {@code s = ln 3.3 / ln(r_1K / 40K)}: 0.63 and 0.84; the default
 * is their mean, 0.73. (Group 2's 3.89 % puts 1K at rank 15.6K, above the aggregate's P90 rank, so
 * it cannot be on the aggregate's curve and is left out.)
 */
public record TaoLocality(double crossShardShare, double keyShape) {

  /** The paper's figure for TAO's production write transactions (section 3.3). */
  public static final double PAPER_CROSS_SHARD_SHARE = 0.287;

  /** Fitted to the paper's key-frequency figures (see the class comment). */
  public static final double PAPER_KEY_SHAPE = 0.73;

  /** The paper's locality. */
  public static final TaoLocality PAPER = new TaoLocality(PAPER_CROSS_SHARD_SHARE, PAPER_KEY_SHAPE);

  /** The C++ tool's: independent shards per op, uniform keys inside a shard. */
  public static final TaoLocality CPP_TOOL = new TaoLocality(Double.NaN, Double.NaN);

  public TaoLocality {
    if (!Double.isNaN(crossShardShare) && !(crossShardShare >= 0 && crossShardShare <= 1)) {
      throw new IllegalArgumentException(
          "cross-shard share must be in [0, 1], got " + crossShardShare);
    }
    if (!Double.isNaN(keyShape) && !(keyShape > 0 && keyShape < 1)) {
      throw new IllegalArgumentException("key Zipf shape must be in (0, 1), got " + keyShape);
    }
  }

  public boolean independentShards() {
    return Double.isNaN(crossShardShare);
  }

  public boolean uniformKeys() {
    return Double.isNaN(keyShape);
  }
}
