package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequest;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestType;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WeightedValues;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the TAOBench request streams drew: the shard of every operation against the configured
 * primary_shards weights, and how many transactions spanned more than one shard against what
 * independent draws of their sizes would give, and the sizes of the transactions attempted and
 * committed against the workload file's. Fixed memory (one counter per shard and per size the file
 * lists).
 */
public final class TaoBenchDraws {
  /** Per-shard rows are listed up to this many shards; beyond, only the summary figures. */
  static final int MAX_LISTED_SHARDS = 64;

  static final Map<TaoRequestType, String> SIZE_SECTION =
      Map.of(
          TaoRequestType.READ_TXN, "Read transaction sizes (read_txn_sizes)",
          TaoRequestType.WRITE_TXN, "Write transaction sizes (write_txn_sizes)");

  private final double[] configured;
  private final AtomicLongArray opsPerShard;
  private final LongAdder ops = new LongAdder();
  private final Map<TaoRequestType, Txns> txns = new LinkedHashMap<>();
  private final Map<TaoRequestType, TxnSizeCounts> sizes = new LinkedHashMap<>();

  private static final class Txns {
    final LongAdder count = new LongAdder();
    final LongAdder crossShard = new LongAdder();
    final DoubleAdder expectedCrossShard = new DoubleAdder();
  }

  /**
   * @param primaryShardProbabilities the configured probability of each shard
   */
  public TaoBenchDraws(double[] primaryShardProbabilities) {
    this(primaryShardProbabilities, null, null);
  }

  /**
   * @param primaryShardProbabilities the configured probability of each shard
   * @param readTxnSizes the file's read_txn_sizes (null: read transaction sizes not reported)
   * @param writeTxnSizes the file's write_txn_sizes (null: write transaction sizes not reported)
   */
  public TaoBenchDraws(
      double[] primaryShardProbabilities,
      WeightedValues<Integer> readTxnSizes,
      WeightedValues<Integer> writeTxnSizes) {
    configured = primaryShardProbabilities.clone();
    opsPerShard = new AtomicLongArray(configured.length);
    txns.put(TaoRequestType.READ_TXN, new Txns());
    txns.put(TaoRequestType.WRITE_TXN, new Txns());
    if (readTxnSizes != null) {
      sizes.put(TaoRequestType.READ_TXN, new TxnSizeCounts(readTxnSizes));
    }
    if (writeTxnSizes != null) {
      sizes.put(TaoRequestType.WRITE_TXN, new TxnSizeCounts(writeTxnSizes));
    }
  }

  /**
   * {@code request} committed. An aborted transaction is counted as attempted only and dropped: the
   * runtime's retry draws a fresh request of the same type (as TAOBench does), so every attempt
   * follows the file's sizes and the committed sizes show what aborts took away.
   */
  public void committed(TaoRequest request) {
    TxnSizeCounts s = sizes.get(request.type());
    if (s != null) {
      s.committed(request.ops().size());
    }
  }

  public void requested(TaoRequest request) {
    // read through shard(i), not shards(), which copies: this runs for every request
    int size = request.ops().size();
    int counted = 0;
    for (int i = 0; i < size; i++) {
      int s = request.shard(i);
      if (s >= 0 && s < configured.length) {
        opsPerShard.incrementAndGet(s);
        counted++;
      }
    }
    ops.add(counted);
    TxnSizeCounts s = sizes.get(request.type());
    if (s != null) {
      s.attempted(size);
    }
    Txns t = txns.get(request.type());
    if (t != null) {
      t.count.increment();
      if (distinctShards(request) > 1) {
        t.crossShard.increment();
      }
      t.expectedCrossShard.add(1.0 - sameShardProbability(size));
    }
  }

  /** How many shards the request's ops are on; a single op (most requests) is on one. */
  private static int distinctShards(TaoRequest request) {
    int size = request.ops().size();
    if (size == 1) {
      return 1;
    }
    int distinct = 0;
    int[] seen = new int[size];
    for (int j = 0; j < size; j++) {
      int s = request.shard(j);
      boolean isNew = true;
      for (int i = 0; i < distinct; i++) {
        isNew &= seen[i] != s;
      }
      if (isNew) {
        seen[distinct++] = s;
      }
    }
    return distinct;
  }

  /** Probability that {@code k} independent draws all land on one shard. */
  private double sameShardProbability(int k) {
    double p = 0;
    for (double q : configured) {
      p += Math.pow(q, k);
    }
    return p;
  }

  /** Empty when no TAOBench request was drawn. */
  public Map<String, Object> snapshot() {
    Map<String, Object> m = new LinkedHashMap<>();
    long n = ops.sum();
    if (n == 0) {
      return m;
    }
    double chi = 0;
    double largest = 0;
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int s = 0; s < configured.length; s++) {
      long observed = opsPerShard.get(s);
      double expected = n * configured[s];
      if (expected > 0) {
        chi += (observed - expected) * (observed - expected) / expected;
      }
      double diff = Math.abs((double) observed / n - configured[s]);
      largest = Math.max(largest, diff);
      if (configured.length <= MAX_LISTED_SHARDS) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("Shard", s);
        r.put("Configured share", round(configured[s]));
        r.put("Observed share", round((double) observed / n));
        rows.add(r);
      }
    }
    Map<String, Object> shards = new LinkedHashMap<>();
    shards.put("Shards", configured.length);
    shards.put("Operations", n);
    shards.put("Chi-square", round(chi));
    shards.put("Degrees of freedom", configured.length - 1);
    shards.put("Largest share difference", round(largest));
    if (!rows.isEmpty()) {
      shards.put("Per shard", rows);
    }
    m.put("Shard distribution (primary_shards)", shards);
    List<Map<String, Object>> cross = new ArrayList<>();
    txns.forEach(
        (type, t) -> {
          long c = t.count.sum();
          if (c == 0) {
            return;
          }
          Map<String, Object> r = new LinkedHashMap<>();
          r.put("Type", type.name());
          r.put("Transactions", c);
          r.put("Cross-shard share", round((double) t.crossShard.sum() / c));
          r.put("Expected share", round(t.expectedCrossShard.sum() / c));
          cross.add(r);
        });
    if (!cross.isEmpty()) {
      m.put("Cross-shard transactions", cross);
    }
    sizes.forEach(
        (type, s) -> {
          Map<String, Object> t = s.snapshot();
          if (!t.isEmpty()) {
            m.put(SIZE_SECTION.get(type), t);
          }
        });
    return m;
  }

  private static double round(double v) {
    return Math.round(v * 10_000) / 10_000.0;
  }

  @Override
  public String toString() {
    return "TaoBenchDraws" + Arrays.toString(configured);
  }
}
