package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.benchmarks.socialgraph.distributions.InvertibleShuffler;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.ZipfDistribution;
import java.math.BigInteger;
import java.util.Random;

/**
 * Which existing id of a shard a request addresses. Uniform is the C++ tool's choice; Zipf gives
 * each shard its own hot keys: a rank ~ Zipf(shape) over the shard's ids, placed in the shard by a
 * seeded permutation (a multiplicative scramble mod the shard size, then a residue-class rotation)
 * so that hot keys are scattered through its slice rather than at its start, and two seeds give
 * unrelated hot sets. Reads and writes use different seeds (see {@link TaoLocality}): the paper
 * finds read and write hot keys mostly distinct.
 */
public final class ShardKeys {

  /**
   * At most this many residue classes in the per-shard permutation (LinkBench's shuffler idea);
   * fewer in small shards, about sqrt(size), since a class of one id is never moved.
   */
  private static final int MAX_SHUFFLE_GROUPS = 1024;

  private final ShardMap shards;
  private final ZipfDistribution[] zipf;
  private final InvertibleShuffler[] shuffle;
  private final long[] scramble;
  private final long[] unscramble;

  private ShardKeys(ShardMap shards, double shape, long seed) {
    this.shards = shards;
    if (Double.isNaN(shape)) {
      zipf = null;
      shuffle = null;
      scramble = null;
      unscramble = null;
      return;
    }
    zipf = new ZipfDistribution[shards.shards()];
    shuffle = new InvertibleShuffler[shards.shards()];
    scramble = new long[shards.shards()];
    unscramble = new long[shards.shards()];
    Random seeds = new Random(seed);
    for (int s = 0; s < shards.shards(); s++) {
      long size = shards.shardEnd(s) - shards.shardStart(s);
      zipf[s] = new ZipfDistribution(0, size, shape);
      int groups = (int) Math.min(MAX_SHUFFLE_GROUPS, Math.max(1, Math.round(Math.sqrt(size))));
      shuffle[s] = new InvertibleShuffler(seeds.nextLong(), groups, size);
      // a multiplier coprime to the size is a permutation of [0, size); near size * 0.618 it
      // spreads consecutive ranks over the residue classes
      BigInteger n = BigInteger.valueOf(size);
      long a = Math.max(1, (long) (size * (0.55 + 0.1 * seeds.nextDouble())));
      while (!BigInteger.valueOf(a).gcd(n).equals(BigInteger.ONE)) {
        a++;
      }
      scramble[s] = a % size;
      unscramble[s] = size == 1 ? 0 : BigInteger.valueOf(a).modInverse(n).longValue();
    }
  }

  public static ShardKeys uniform(ShardMap shards) {
    return new ShardKeys(shards, Double.NaN, 0);
  }

  /** Zipf over each shard's ids, shape in (0, 1); {@code seed} decides which ids are hot. */
  public static ShardKeys zipf(ShardMap shards, double shape, long seed) {
    if (!(shape > 0 && shape < 1)) {
      throw new IllegalArgumentException("Zipf shape must be in (0, 1), got " + shape);
    }
    return new ShardKeys(shards, shape, seed);
  }

  /** An id of shard s. */
  public long id(int s, Random rng) {
    if (zipf == null) {
      return shards.uniformId(s, rng);
    }
    long rank = zipf[s].choose(rng);
    return shards.shardStart(s) + shuffle[s].permute(mulMod(rank, scramble[s], s));
  }

  /** The popularity rank (0 = hottest) of an id of shard s; -1 for uniform keys. */
  public long rankOf(long id) {
    if (zipf == null) {
      return -1;
    }
    int s = shards.shardOf(id);
    return mulMod(shuffle[s].invertPermute(id - shards.shardStart(s)), unscramble[s], s);
  }

  private long mulMod(long x, long factor, int s) {
    long size = shuffle[s].size();
    long product = x * factor;
    if (Math.multiplyHigh(x, factor) == 0 && product >= 0) {
      return product % size;
    }
    // shards of more than about 3 billion ids
    return BigInteger.valueOf(x)
        .multiply(BigInteger.valueOf(factor))
        .mod(BigInteger.valueOf(size))
        .longValue();
  }
}
