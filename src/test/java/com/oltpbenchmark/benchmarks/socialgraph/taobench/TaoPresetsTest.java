package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.ReadOpType;
import org.junit.jupiter.api.Test;

/**
 * The presets carry the paper's published figures where the comments say so, and their fitted parts
 * keep the documented properties.
 */
class TaoPresetsTest {

  @Test
  void presetOUsesThePapersOperationMix() {
    // Section 3.1: 99.7 % reads, 0.211 % writes, 0.0162 % write transactions.
    TaoWorkload o = TaoWorkloads.preset("O", 50);
    double reads =
        o.operations().probability(TaoRequestType.READ.ordinal())
            + o.operations().probability(TaoRequestType.READ_TXN.ordinal());
    assertEquals(0.997, reads, 0.001);
    assertEquals(0.00211, o.operations().probability(TaoRequestType.WRITE.ordinal()), 1e-7);
    assertEquals(0.000162, o.operations().probability(TaoRequestType.WRITE_TXN.ordinal()), 1e-8);
  }

  @Test
  void presetOWriteTransactionsHaveThePapersLargeTransactionTail() {
    // Section 3.3: 0.233 % of write transactions contain 20 or more operations.
    WeightedValues<Integer> sizes = TaoWorkloads.preset("O", 50).writeTxnSizes();
    double tail = 0;
    for (int size = 20; size <= 103; size++) {
      tail += sizes.probabilityOf(size);
    }
    assertEquals(0.00233, tail, 1e-6);
  }

  @Test
  void presetAIsTheWriteTransactionHeavyOne() {
    TaoWorkload a = TaoWorkloads.preset("A", 50);
    TaoWorkload o = TaoWorkloads.preset("O", 50);
    int wtx = TaoRequestType.WRITE_TXN.ordinal();
    assertTrue(a.operations().probability(wtx) > 10 * o.operations().probability(wtx));
    double mean = 0;
    for (int size = 1; size <= 103; size++) {
      mean += size * a.writeTxnSizes().probabilityOf(size);
    }
    assertEquals(5.3, mean, 0.05);
    assertTrue(
        a.readOpTypes().probabilityOf(ReadOpType.EDGE_RANGE_READ) > 0.3, "A has real range reads");
  }

  @Test
  void readOnlyPresetHasNoWrites() {
    TaoWorkload r = TaoWorkloads.preset("R", 50);
    assertEquals(0, r.operations().probability(TaoRequestType.WRITE.ordinal()));
    assertEquals(0, r.operations().probability(TaoRequestType.WRITE_TXN.ordinal()));
    assertNull(r.writeOpTypes());
  }

  @Test
  void shardWeightsHaveTheDocumentedShape() {
    for (String name : TaoWorkloads.PRESETS.keySet()) {
      TaoWorkload w = TaoWorkloads.preset(name, 50);
      assertEquals(0.5782, w.primaryShards().probability(0), 1e-4, name);
      assertEquals(0.2227, w.primaryShards().probability(1), 1e-4, name);
      assertEquals(w.primaryShards().probability(3), w.primaryShards().probability(49), 1e-9);
      assertEquals(0.693, w.remoteShards().probability(0), 1e-4, name);
      for (int s = 8; s < 49; s++) {
        assertTrue(w.remoteShards().probability(s) > w.remoteShards().probability(s + 1));
      }
    }
  }

  @Test
  void presetsRescaleToOtherShardCounts() {
    TaoWorkload w = TaoWorkloads.preset("A", 10);
    assertEquals(10, w.primaryShards().size());
    // shards 0..4 of 50 fall into shard 0 of 10
    assertEquals(
        0.5782 + 0.2227 + 0.0221 + 2 * 0.17700 / 47, w.primaryShards().probability(0), 1e-4);
  }
}
