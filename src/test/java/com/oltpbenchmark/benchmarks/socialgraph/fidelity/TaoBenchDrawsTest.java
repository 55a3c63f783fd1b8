package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequest;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Shard shares and cross-shard transactions against the configured shard weights. */
class TaoBenchDrawsTest {
  private static TaoRequest request(TaoRequestType type, int... shards) {
    List<TaoOp> ops = new ArrayList<>();
    for (int s : shards) {
      ops.add(TaoOp.objectRead(1000L * s + 1));
    }
    return new TaoRequest(type, ops, shards);
  }

  @Test
  @SuppressWarnings("unchecked")
  void countsShardSharesAndCrossShardTransactions() {
    double[] p = {0.5, 0.25, 0.25};
    TaoBenchDraws d = new TaoBenchDraws(p);
    Random rng = new Random(5);
    for (int i = 0; i < 20_000; i++) {
      int[] shards = new int[2];
      for (int j = 0; j < 2; j++) {
        double u = rng.nextDouble();
        shards[j] = u < 0.5 ? 0 : u < 0.75 ? 1 : 2;
      }
      d.requested(request(TaoRequestType.READ_TXN, shards));
    }
    d.requested(request(TaoRequestType.READ, 0));
    Map<String, Object> m = d.snapshot();
    Map<String, Object> shards = (Map<String, Object>) m.get("Shard distribution (primary_shards)");
    assertEquals(40_001L, shards.get("Operations"));
    assertTrue((double) shards.get("Largest share difference") < 0.01, shards.toString());
    assertTrue((double) shards.get("Chi-square") < 13.8, "p > 0.001 on 2 df: " + shards);
    Map<String, Object> txn =
        ((List<Map<String, Object>>) m.get("Cross-shard transactions")).get(0);
    assertEquals("READ_TXN", txn.get("Type"));
    // two independent draws share a shard with probability 0.25 + 0.0625 + 0.0625
    assertEquals(0.625, (double) txn.get("Expected share"), 1e-9);
    assertEquals(0.625, (double) txn.get("Cross-shard share"), 0.015);
  }

  @Test
  void aSkewedStreamShowsInTheShares() {
    TaoBenchDraws d = new TaoBenchDraws(new double[] {0.5, 0.5});
    for (int i = 0; i < 1000; i++) {
      d.requested(request(TaoRequestType.READ, 0));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> shards =
        (Map<String, Object>) d.snapshot().get("Shard distribution (primary_shards)");
    assertEquals(0.5, (double) shards.get("Largest share difference"), 1e-9);
    assertEquals(1000.0, (double) shards.get("Chi-square"), 1e-9);
    assertTrue(new TaoBenchDraws(new double[] {1}).snapshot().isEmpty(), "nothing drawn");
  }
}
