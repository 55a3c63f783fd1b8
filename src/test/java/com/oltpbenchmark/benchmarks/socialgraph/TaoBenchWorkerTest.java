package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.Phase;
import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Procedure.UserAbortException;
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

/**
 * The worker's TAOBench dispatch on a loaded SQLite graph: the phase weights choose Read / Write /
 * ReadTxn / WriteTxn, every request runs (or aborts on a named precondition), new objects land
 * above the loaded ids, and the count invariant holds afterwards.
 */
class TaoBenchWorkerTest {

  private static final List<String> TYPES = List.of("Read", "Write", "ReadTxn", "WriteTxn");
  private static final List<Double> MIX = List.of(70.1, 23.4, 6.1, 0.41);

  @TempDir Path dir;

  @Test
  void phaseWeightsChooseTheRequestTypeAndEveryRequestRuns() throws Exception {
    WorkloadConfiguration conf =
        ModuleFixture.serializableConfiguration(TestDatabase.sqlite(dir, "sg_tao_worker"), 7);
    LoadedGraph g =
        LoadedGraph.load(conf, 0.2, 1, 512, LoadedGraph.taoBenchWorkloadAWithNewIdsApart(), TYPES);
    SocialGraphBenchmark benchmark = g.benchmark;

    Phase phase = LoadedGraph.unlimitedPhase(MIX);
    phase.setSeed(5);
    List<Worker<? extends BenchmarkModule>> workers = benchmark.makeWorkers();
    SocialGraphWorker worker = (SocialGraphWorker) workers.get(0);
    int requests = 6000;
    Map<String, Integer> executed = new LinkedHashMap<>();
    int aborted = 0;
    try (Connection conn = benchmark.makeConnection()) {
      try (Statement st = conn.createStatement()) {
        st.execute("PRAGMA synchronous = OFF"); // this test checks the dispatch, not the disk
      }
      conn.setAutoCommit(false);
      for (int i = 0; i < requests; i++) {
        TransactionType type = conf.getTransTypes().getType(phase.chooseTransaction());
        try {
          assertEquals(TransactionStatus.SUCCESS, worker.executeWork(conn, type));
          conn.commit();
        } catch (UserAbortException e) {
          assertTrue(e.getMessage().contains("precondition failed"), e.getMessage());
          conn.rollback();
          aborted++;
        }
        executed.merge(type.getName(), 1, Integer::sum);
      }
    } finally {
      for (Worker<? extends BenchmarkModule> w : workers) {
        w.tearDown();
      }
    }
    for (int i = 0; i < TYPES.size(); i++) {
      double share = 100.0 * executed.getOrDefault(TYPES.get(i), 0) / requests;
      double weight = MIX.get(i) / 100.01 * 100;
      assertTrue(Math.abs(share - weight) <= 1.5, TYPES.get(i) + ": " + share + "% vs " + weight);
    }
    assertTrue(aborted < requests / 20, aborted + " aborts");
    assertTrue(g.count("SELECT COUNT(*) FROM nodetable WHERE id >= " + (1L << 40)) > 100);
    assertEquals(
        0,
        g.count(
            "SELECT COUNT(*) FROM counttable c WHERE c.count <> "
                + "(SELECT COUNT(*) FROM linktable l WHERE l.id1 = c.id AND l.link_type = c.link_type"
                + " AND l.visibility = 1)"));
    assertTrue(
        g.count("SELECT COUNT(*) FROM nodetable WHERE version > 1") > 100,
        "object updates bump versions");
  }
}
