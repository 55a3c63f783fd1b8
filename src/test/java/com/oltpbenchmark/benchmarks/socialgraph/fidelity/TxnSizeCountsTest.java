package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.benchmarks.socialgraph.taobench.WeightedChoice;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WeightedValues;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TxnSizeCountsTest {

  /** Sizes 2 and 5 listed, and one far beyond the indexed range. */
  private static TxnSizeCounts counts() {
    return new TxnSizeCounts(
        new WeightedValues<>(
            List.of(2, 5, 10_000), new WeightedChoice(new double[] {1, 1, 2}, "sizes")));
  }

  @SuppressWarnings("unchecked")
  private static long attemptedOfRow(Map<String, Object> snapshot, String size) {
    for (Map<String, Object> row : (List<Map<String, Object>>) snapshot.get("Per size")) {
      if (row.get("Size").equals(size)) {
        return Math.round((double) row.get("Attempted share") * (long) snapshot.get("Attempted"));
      }
    }
    throw new AssertionError("no row for size " + size);
  }

  @Test
  void listedSizesAreCountedInTheirOwnRowsAndOthersApart() {
    TxnSizeCounts c = counts();
    c.attempted(2);
    c.attempted(2);
    c.attempted(5);
    c.attempted(10_000); // listed, beyond the array the request path indexes
    c.attempted(3); // within the array, not listed
    c.attempted(70_000); // neither
    c.attempted(-1);
    c.committed(2);
    Map<String, Object> s = c.snapshot();
    assertEquals(7L, s.get("Attempted"));
    assertEquals(1L, s.get("Committed"));
    assertEquals(3L, s.get("Attempted sizes not in the file"));
    assertEquals(2, attemptedOfRow(s, "2"));
    assertEquals(1, attemptedOfRow(s, "5"));
    assertEquals(1, attemptedOfRow(s, "10000"));
  }
}
