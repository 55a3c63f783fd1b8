package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.Phase;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.TransactionStatus;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SocialGraphWorkerTest {

  @TempDir Path dir;

  @Test
  void executedShareOfEveryTypeIsWithinOnePointOfItsWeight() throws Exception {
    LoadedGraph g =
        LoadedGraph.load(
            TestDatabase.sqlite(dir, "sg_mix"), 0.1, 1, 512, Map.of("request_random_seed", 11));
    g.conf.setTerminals(1);
    Phase phase = LoadedGraph.unlimitedPhase(LoadedGraph.LINKBENCH_MIX);
    phase.setSeed(5);
    List<Worker<? extends BenchmarkModule>> workers = g.benchmark.makeWorkers();
    SocialGraphWorker worker = (SocialGraphWorker) workers.get(0);

    int requests = 50_000;
    Map<String, Integer> executed = new LinkedHashMap<>();
    try (Connection conn = g.connect()) {
      try (Statement st = conn.createStatement()) {
        st.execute("PRAGMA synchronous = OFF"); // this test measures the mix, not the disk
      }
      conn.setAutoCommit(false);
      for (int i = 0; i < requests; i++) {
        TransactionType type = g.conf.getTransTypes().getType(phase.chooseTransaction());
        TransactionStatus status = worker.executeWork(conn, type);
        conn.commit();
        assertEquals(TransactionStatus.SUCCESS, status, type.getName());
        executed.merge(type.getName(), 1, Integer::sum);
      }
    } finally {
      for (Worker<? extends BenchmarkModule> w : workers) {
        w.tearDown();
      }
    }
    double total = LoadedGraph.LINKBENCH_MIX.stream().mapToDouble(Double::doubleValue).sum();
    for (int i = 0; i < LoadedGraph.LINKBENCH_MIX.size(); i++) {
      String name = LoadedGraph.LINKBENCH_TYPES.get(i);
      double share = 100.0 * executed.getOrDefault(name, 0) / requests;
      double weight = 100.0 * LoadedGraph.LINKBENCH_MIX.get(i) / total;
      assertTrue(
          Math.abs(share - weight) <= 1.0,
          name + ": executed " + share + "% vs weight " + weight + "% (" + executed + ")");
    }
    // The writes really happened: nodes were added from maxid1 on and counts stayed exact.
    assertTrue(
        g.count("SELECT COUNT(*) FROM nodetable WHERE id >= " + g.loader.graph().endId())
            > 0.02 * requests);
    assertEquals(
        0,
        g.count(
            "SELECT COUNT(*) FROM counttable c WHERE c.count <> "
                + "(SELECT COUNT(*) FROM linktable l WHERE l.id1 = c.id AND l.link_type = c.link_type"
                + " AND l.visibility = 1)"));
  }
}
