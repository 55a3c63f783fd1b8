package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TaoMixCheckTest {

  private final WeightedChoice ops =
      new WeightedChoice(new double[] {70.1, 23.4, 6.1, 0.41}, "ops");

  @Test
  void matchingPhaseWeightsInAnyScaleAreFine() {
    assertNull(
        TaoMixCheck.difference(
            ops,
            Map.of(
                TaoRequestType.READ,
                701.0,
                TaoRequestType.WRITE,
                234.0,
                TaoRequestType.READ_TXN,
                61.0,
                TaoRequestType.WRITE_TXN,
                4.1)));
  }

  @Test
  void phasesWithoutTaoBenchTypesAreNotChecked() {
    assertNull(TaoMixCheck.difference(ops, Map.of()));
  }

  @Test
  void aDifferentOrMissingTypeIsReported() {
    String d =
        TaoMixCheck.difference(
            ops,
            Map.of(
                TaoRequestType.READ,
                70.1,
                TaoRequestType.WRITE,
                23.4,
                TaoRequestType.READ_TXN,
                6.1));
    assertNotNull(d);
    assertTrue(d.contains("WriteTxn=0.0000%") && d.contains("WriteTxn=0.4100%"), d);
    assertNotNull(TaoMixCheck.difference(ops, Map.of(TaoRequestType.READ, 100.0)));
  }
}
