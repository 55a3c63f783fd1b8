package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PrimitiveKeySetTest {

  @Test
  void answersLikeTheSetItWasMadeFrom() {
    Random rng = new Random(5);
    Set<Long> keys = new HashSet<>();
    keys.add(0L);
    keys.add(Long.MIN_VALUE);
    keys.add(-1L);
    for (int i = 0; i < 5_000; i++) {
      keys.add(rng.nextInt(20_000) - 10_000L);
    }
    long[] set = PrimitiveKeySet.of(keys);
    for (long k = -12_000; k <= 12_000; k++) {
      assertEquals(keys.contains(k), PrimitiveKeySet.contains(set, k), "key " + k);
    }
    assertEquals(true, PrimitiveKeySet.contains(set, Long.MIN_VALUE));
    assertEquals(false, PrimitiveKeySet.contains(set, Long.MAX_VALUE));
    long[] empty = PrimitiveKeySet.of(Set.of());
    assertEquals(false, PrimitiveKeySet.contains(empty, 0));
    assertEquals(false, PrimitiveKeySet.contains(empty, 7));
  }
}
