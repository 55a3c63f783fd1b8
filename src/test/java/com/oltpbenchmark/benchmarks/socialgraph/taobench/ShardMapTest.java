package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ShardMapTest {

  @Test
  void slicesCoverTheRangeContiguouslyAndShardOfInvertsThem() {
    ShardMap m = new ShardMap(1, 10_004, 50);
    assertEquals(1, m.shardStart(0));
    assertEquals(10_004, m.shardEnd(49));
    long size0 = m.shardEnd(0) - m.shardStart(0);
    for (int s = 0; s < 50; s++) {
      long size = m.shardEnd(s) - m.shardStart(s);
      assertTrue(size == 200 || size == 201, "shard " + s + " has " + size + " ids");
      if (s > 0) {
        assertEquals(m.shardEnd(s - 1), m.shardStart(s));
      }
    }
    assertTrue(size0 >= 200);
    for (long id = 1; id < 10_004; id++) {
      int s = m.shardOf(id);
      assertTrue(m.shardStart(s) <= id && id < m.shardEnd(s), "id " + id);
    }
    assertThrows(IllegalArgumentException.class, () -> m.shardOf(10_004));
  }

  @Test
  void uniformIdStaysInsideItsShard() {
    ShardMap m = new ShardMap(100, 1100, 7);
    Random rng = new Random(1);
    for (int i = 0; i < 10_000; i++) {
      int s = i % 7;
      assertEquals(s, m.shardOf(m.uniformId(s, rng)));
    }
  }

  @Test
  void fewerIdsThanShardsIsAnError() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new ShardMap(1, 11, 50));
    assertTrue(e.getMessage().contains("fewer ids than the 50 shards"));
  }

  @Test
  void rescaleKeepsLoadPerFractionOfTheKeySpace() {
    assertArrayEquals(new double[] {2, 4}, ShardMap.rescale(new double[] {1, 2, 3}, 2), 1e-12);
    assertArrayEquals(new double[] {3, 7}, ShardMap.rescale(new double[] {1, 2, 3, 4}, 2), 1e-12);
    assertArrayEquals(
        new double[] {0.5, 0.5, 1, 1}, ShardMap.rescale(new double[] {1, 2}, 4), 1e-12);
    double[] w = {94, 36, 3.6, 0.6, 0.6};
    assertArrayEquals(w, ShardMap.rescale(w, 5), 0);
    double sum = 0;
    for (double x : ShardMap.rescale(w, 3)) {
      sum += x;
    }
    assertEquals(94 + 36 + 3.6 + 1.2, sum, 1e-9);
  }
}
