package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.fidelity.TaoBenchDraws;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Write-transaction sizes in the fidelity section: with preset A (fitted to workload_a.json's
 * sizes) and aborts that grow with the size, every attempt follows the file within 0.5 pp per size
 * while the committed sizes are reported apart and lean small.
 */
class TaoTxnSizeFidelityTest {
  static final int ATTEMPTS = 200_000;

  @Test
  @SuppressWarnings("unchecked")
  void attemptedSizesFollowTheFileAndCommittedOnesAreReportedApart() {
    TaoWorkload w = TaoWorkloads.preset("A", 50);
    TaoRequestGenerator g = TaoTestFixtures.generator(w, 11, 0, 1);
    TaoBenchDraws d =
        new TaoBenchDraws(w.primaryShards().probabilities(), w.readTxnSizes(), w.writeTxnSizes());
    Random aborts = new Random(3);
    long commits = 0;
    for (int i = 0; i < ATTEMPTS; i++) {
      TaoRequest r = g.next(TaoRequestType.WRITE_TXN);
      d.requested(r);
      // the larger the transaction, the likelier a precondition or a conflict aborts it
      if (aborts.nextDouble() >= Math.min(0.9, r.ops().size() / 40.0)) {
        d.committed(r);
        commits++;
      }
    }
    Map<String, Object> sizes =
        (Map<String, Object>) d.snapshot().get("Write transaction sizes (write_txn_sizes)");
    assertNotNull(sizes, "write transaction sizes are in the fidelity section");
    assertEquals((long) ATTEMPTS, sizes.get("Attempted"));
    assertEquals(commits, sizes.get("Committed"));
    double attemptedPp = (double) sizes.get("Attempted: largest share difference (pp)");
    assertTrue(attemptedPp < 0.5, "attempted sizes within 0.5 pp of the file: " + sizes);
    assertTrue(
        (double) sizes.get("Committed: largest share difference (pp)") > 1.0,
        "aborts of large transactions show in the committed sizes: " + sizes);
    List<Map<String, Object>> rows = (List<Map<String, Object>>) sizes.get("Per size");
    double fileShare = 0;
    for (Map<String, Object> row : rows) {
      fileShare += (double) row.get("File share");
      assertEquals(
          (double) row.get("File share"),
          (double) row.get("Attempted share"),
          0.005,
          "size " + row.get("Size"));
    }
    assertEquals(1.0, fileShare, 0.001, "the rows cover the whole file");
    Map<String, Object> big = rows.get(rows.size() - 2);
    assertTrue(
        (double) big.get("Committed share") < (double) big.get("Attempted share"),
        "large transactions commit less often than they are attempted: " + big);
    assertTrue(
        !d.snapshot().containsKey("Read transaction sizes (read_txn_sizes)"),
        "no read transaction attempted, no read size table");
  }
}
