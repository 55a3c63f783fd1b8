package com.oltpbenchmark.benchmarks.socialgraph.taobench;

/**
 * Ids for objects created by TAOBench requests: never a loaded id, never another worker's.
 *
 * <p>id = base + (seq * workers + worker) * shards + shard, with base above the loaded range. The
 * shard the generator drew is recoverable as {@code (id - base) mod shards}. The default base, 2^40
 * + (run start in seconds mod 2^22) * 2^20, moves forward with each run so that repeated runs on
 * the same database do not collide (a run would need more than 2^20 new objects per second of its
 * duration to reach the next run's ids); set {@code <taobench><newIdBase>} to fix it.
 */
public final class TaoIdAllocator {

  private final long base;
  private final int worker;
  private final int workers;
  private final int shards;
  private long seq;

  public TaoIdAllocator(long base, int worker, int workers, int shards) {
    if (workers < 1 || worker < 0 || worker >= workers) {
      throw new IllegalArgumentException("worker " + worker + " of " + workers);
    }
    this.base = base;
    this.worker = worker;
    this.workers = workers;
    this.shards = shards;
  }

  /**
   * The default base for a run starting at {@code epochMillis}, never below {@code loadedEnd}, and
   * a multiple of {@code shards}: then a new id's shard is {@code id mod shards} whatever the run,
   * which a sharded database can partition on without knowing the base (scripts/spider-cluster.sh).
   */
  public static long defaultBase(long epochMillis, long loadedEnd, int shards) {
    long base = (1L << 40) + Math.floorMod(epochMillis / 1000, 1L << 22) * (1L << 20);
    long atLeast = Math.max(base, loadedEnd);
    return Math.addExact(atLeast, Math.floorMod(-atLeast, (long) shards));
  }

  public long base() {
    return base;
  }

  public long next(int shard) {
    long slot = Math.addExact(Math.multiplyExact(seq++, (long) workers), worker);
    return Math.addExact(base, Math.addExact(Math.multiplyExact(slot, (long) shards), shard));
  }

  /** The shard an id of this allocator was drawn for. */
  public int shardOf(long id) {
    return (int) Math.floorMod(id - base, (long) shards);
  }
}
