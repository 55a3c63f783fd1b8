package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Written payloads: a fixed size by default, or sizes drawn from configured weights. */
class TaoPayloadSizeTest {

  private static TaoRequestGenerator generator(WeightedValues<Integer> sizes) {
    TaoWorkload w = TaoWorkloads.preset("A", 50);
    SocialGraph g = TaoTestFixtures.graph();
    TaoIdAllocator ids = new TaoIdAllocator(1L << 40, 0, 1, w.shards());
    return new TaoRequestGenerator(
        w, g, ids, 23, 150, 10, () -> 1_800_000_000_000L, TaoLocality.PAPER, sizes);
  }

  /** Adds and updates write a payload; deletes carry none. */
  private static boolean carriesPayload(TaoOp op) {
    return switch (op.kind()) {
      case OBJECT_ADD, OBJECT_UPDATE, ASSOC_ADD, ASSOC_UPDATE -> true;
      default -> false;
    };
  }

  @Test
  void fixedSizeByDefault() {
    TaoRequestGenerator g = generator(null);
    for (int i = 0; i < 2_000; i++) {
      for (TaoOp op : g.next(TaoRequestType.WRITE_TXN).ops()) {
        if (carriesPayload(op)) {
          assertEquals(150, ((TaoOp.WriteOp) op).payload().length);
        }
      }
    }
  }

  @Test
  void drawnSizesFitTheirWeights() {
    List<Integer> values = List.of(0, 16, 150, 255);
    WeightedValues<Integer> sizes =
        new WeightedValues<>(values, new WeightedChoice(new double[] {1, 5, 3, 1}, "sizes"));
    TaoRequestGenerator g = generator(sizes);
    long[] seen = new long[values.size()];
    for (int i = 0; i < 30_000; i++) {
      TaoOp op = g.next(TaoRequestType.WRITE).single();
      if (carriesPayload(op)) {
        seen[values.indexOf(((TaoOp.WriteOp) op).payload().length)]++;
      }
    }
    TaoWorkloadFidelityTest.assertFits("payload sizes", sizes.choice().probabilities(), seen);
  }
}
