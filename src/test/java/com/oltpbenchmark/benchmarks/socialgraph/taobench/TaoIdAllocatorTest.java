package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TaoIdAllocatorTest {

  @Test
  void theDefaultBaseIsAMultipleOfTheShardsSoANewIdsShardIsItsRemainder() {
    for (int shards : new int[] {1, 3, 7, 50, 64}) {
      for (long now : new long[] {0, 1_764_000_000_123L, 1_764_000_999_999L}) {
        long base = TaoIdAllocator.defaultBase(now, 100_001, shards);
        assertEquals(0, base % shards, "base " + base + " for " + shards + " shards");
        assertTrue(base >= (1L << 40) && base - TaoIdAllocator.defaultBase(now, 0, 1) < shards);
        TaoIdAllocator ids = new TaoIdAllocator(base, 2, 5, shards);
        for (int s = 0; s < shards; s++) {
          long id = ids.next(s);
          assertEquals(s, id % shards, "new id " + id + " drawn for shard " + s);
          assertEquals(s, ids.shardOf(id));
        }
      }
    }
  }

  @Test
  void theDefaultBaseStaysAboveTheLoadedIds() {
    long loadedEnd = (1L << 41) + 3;
    long base = TaoIdAllocator.defaultBase(0, loadedEnd, 50);
    assertTrue(base >= loadedEnd && base < loadedEnd + 50 && base % 50 == 0);
  }
}
