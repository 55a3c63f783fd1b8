package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.Random;

/**
 * TAOBench's logical shards over the dense node-id range: shard s is the contiguous slice [start +
 * floor(s*n/S), start + floor((s+1)*n/S)) of [startId, endId), n = endId - startId. (The C++ tool
 * puts the shard in the top 7 bits of random 64-bit keys; dense ids need slices.)
 */
public final class ShardMap {

  private final long startId;
  private final long endId;
  private final int shards;

  public ShardMap(long startId, long endId, int shards) {
    if (shards < 1) {
      throw new IllegalArgumentException("shards must be >= 1, got " + shards);
    }
    if (endId - startId < shards) {
      throw new IllegalArgumentException(
          "id range ["
              + startId
              + ", "
              + endId
              + ") has fewer ids"
              + " than the "
              + shards
              + " shards; load more nodes or use fewer <shards>");
    }
    this.startId = startId;
    this.endId = endId;
    this.shards = shards;
  }

  public int shards() {
    return shards;
  }

  public long startId() {
    return startId;
  }

  public long endId() {
    return endId;
  }

  /** First id of shard s. */
  public long shardStart(int s) {
    checkShard(s);
    return startId + Math.floorDiv(Math.multiplyExact((long) s, endId - startId), shards);
  }

  /** One past the last id of shard s. */
  public long shardEnd(int s) {
    checkShard(s);
    return s == shards - 1 ? endId : shardStart(s + 1);
  }

  /** Shard of a loaded id; ids outside [startId, endId) are not in any shard. */
  public int shardOf(long id) {
    if (id < startId || id >= endId) {
      throw new IllegalArgumentException("id " + id + " outside [" + startId + ", " + endId + ")");
    }
    // The slice bounds use floor(s*n/S), so the shard is the largest s with start(s) <= id.
    long n = endId - startId;
    int s =
        (int)
            Math.min(
                shards - 1, Math.floorDiv(Math.multiplyExact(id - startId + 1, shards) - 1, n));
    while (shardStart(s) > id) {
      s--;
    }
    while (s + 1 < shards && shardStart(s + 1) <= id) {
      s++;
    }
    return s;
  }

  /** An id drawn uniformly inside shard s. */
  public long uniformId(int s, Random rng) {
    long lo = shardStart(s);
    long hi = shardEnd(s);
    return lo + (long) (rng.nextDouble() * (hi - lo));
  }

  private void checkShard(int s) {
    if (s < 0 || s >= shards) {
      throw new IllegalArgumentException("shard " + s + " outside [0, " + shards + ")");
    }
  }

  /**
   * Weights of {@code weights.length} equal slices redistributed over {@code shards} equal slices,
   * each new slice getting the weight of the old slices it overlaps in proportion to the overlap.
   * Keeps the share of load per fraction of the key space, in both directions (the C++ tool only
   * merges longer lists, and merges remote_shards from the wrong list; a shorter list there leaves
   * the extra shards idle).
   */
  public static double[] rescale(double[] weights, int shards) {
    int old = weights.length;
    if (old == shards) {
      return weights.clone();
    }
    double[] out = new double[shards];
    // Work in units of 1/(old*shards) of the key space so that all bounds are integers.
    for (int i = 0; i < old; i++) {
      long lo = (long) i * shards;
      long hi = (long) (i + 1) * shards;
      for (int j = (int) (lo / old); j < shards && (long) j * old < hi; j++) {
        long overlap = Math.min(hi, (long) (j + 1) * old) - Math.max(lo, (long) j * old);
        if (overlap > 0) {
          out[j] += weights[i] * overlap / shards;
        }
      }
    }
    return out;
  }
}
