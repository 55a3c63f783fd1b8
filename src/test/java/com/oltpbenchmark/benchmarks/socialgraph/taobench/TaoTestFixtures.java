package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;

/** A small deterministic graph and a hand-written workload file for the TAOBench tests. */
final class TaoTestFixtures {

  private TaoTestFixtures() {}

  static final long START_ID = 1;
  static final long END_ID = 5001;

  /** 5,000 nodes, 2 link types; every 7th node has no links, the others 1..5. */
  static SocialGraph graph() {
    return new SocialGraph(
        42,
        START_ID,
        END_ID,
        2,
        0,
        id -> id % 7 == 0 ? 0 : id % 5 + 1,
        rng -> new byte[] {(byte) rng.nextInt()},
        rng -> new byte[] {(byte) rng.nextInt()});
  }

  /** A workload of our own using every record name and every op type, with 7 shards. */
  static final String SMALL_FILE =
      String.join(
              "\n",
              "{\"name\": \"operations\", \"weights\": [5, 3, 1, 1]}",
              "{\"name\": \"write_txn_sizes\", \"values\": [1, 2, 3, 4], \"weights\": [0, 4, 2, 1]}",
              "{\"name\": \"read_txn_sizes\", \"values\": [1, 2, 3, 4, 5], \"weights\": [0, 5, 3, 1, 1]}",
              "{\"name\": \"edge_types\", \"values\": [\"unique\", \"bidirectional\", \"unique_and_bidirectional\", \"other\"], \"weights\": [1, 1, 1, 2]}",
              "{\"name\": \"read_operation_types\", \"values\": [\"obj_read\", \"edge_point_read\", \"edge_range_read\", \"edge_count_read\", \"edge_time_read\"], \"weights\": [4, 3, 2, 1, 1]}",
              "{\"name\": \"write_operation_types\", \"values\": [\"obj_add\", \"obj_update\", \"obj_delete\", \"edge_add\", \"edge_update\", \"edge_delete\"], \"weights\": [2, 3, 1, 2, 3, 1]}",
              "{\"name\": \"read_txn_operation_types\", \"values\": [\"obj_read\", \"edge_point_read\"], \"weights\": [1, 2]}",
              "{\"name\": \"write_txn_operation_types\", \"values\": [\"obj_add\", \"obj_update\", \"obj_delete\", \"edge_add\", \"edge_update\", \"edge_delete\"], \"weights\": [1, 1, 1, 3, 1, 1]}",
              "{\"name\": \"read_operation_latency\", \"weights\": [0, 1, 1]}",
              "{\"name\": \"write_operation_latency\", \"weights\": [0, 1, 1]}",
              "{\"name\": \"write_txn_latency\", \"weights\": [0, 1, 1]}",
              "{\"name\": \"primary_shards\", \"weights\": [40, 20, 10, 10, 10, 5, 5]}",
              "{\"name\": \"remote_shards\", \"weights\": [10, 30, 5, 5, 20, 20, 10]}",
              "{\"name\": \"errors\", \"values\": [\"success\", \"fail_after_reserve\", \"fail_after_primary_commit\", \"fail_after_primary_rollback\"], \"weights\": [1, 0, 0, 0]}",
              "{\"name\": \"txn_errors\", \"values\": [\"success\", \"fail_after_reserve\", \"fail_after_primary_commit\", \"fail_after_primary_rollback\"], \"weights\": [1, 0, 0, 0]}",
              "{\"name\": \"operation_predicates\", \"values\": [\"write_visibility\", \"write_update_only\", \"write_version\", \"none\"], \"weights\": [1, 1, 1, 1]}",
              "{\"name\": \"txn_predicates\", \"values\": [\"read_visibiliy\", \"read_version\", \"write_visibility\", \"write_version\", \"none\"], \"weights\": [1, 1, 1, 1, 1]}",
              "{\"name\": \"txn_predicate_counts\", \"weights\": [0.5, 0.3, 0.2]}",
              "{\"name\": \"read_tiers\", \"values\": [\"client_cache\", \"tao\", \"db\"], \"weights\": [14, 85, 1]}")
          + "\n";

  static TaoWorkload small(int shards) {
    return new TaoWorkload(WorkloadFileReader.read(SMALL_FILE, "small.json"), "small.json", shards);
  }

  static TaoRequestGenerator generator(TaoWorkload w, long seed, int worker, int workers) {
    return generator(w, seed, worker, workers, TaoLocality.PAPER);
  }

  static TaoRequestGenerator generator(
      TaoWorkload w, long seed, int worker, int workers, TaoLocality locality) {
    SocialGraph g = graph();
    TaoIdAllocator ids = new TaoIdAllocator(1L << 40, worker, workers, w.shards());
    return new TaoRequestGenerator(
        w, g, ids, seed, 16, 10, () -> 1_800_000_000_000L, locality, null);
  }
}
