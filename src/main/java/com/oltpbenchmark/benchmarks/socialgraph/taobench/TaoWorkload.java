package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.EdgeCategory;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.ErrorName;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.PredicateName;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.ReadOpType;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.ReadTier;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.Spelled;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.WriteOpType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A validated TAOBench workload: the distributions the request generator draws from.
 *
 * <p>Used: operations, read_txn_sizes, write_txn_sizes, edge_types, the four op-type records,
 * primary_shards, remote_shards, operation_predicates, txn_predicates, txn_predicate_counts. Parsed
 * and validated but not simulated (see {@link #ignoredRecords()}): read_tiers (no cache tier
 * exists; every read goes to the database), errors and txn_errors (no failure injection),
 * read_operation_latency, write_operation_latency, write_txn_latency (no latency injection).
 */
public final class TaoWorkload {

  /** Records whose absence is an error whatever the mix. */
  private static final List<String> REQUIRED =
      List.of("operations", "primary_shards", "remote_shards", "edge_types");

  public static final List<String> NOT_SIMULATED =
      List.of(
          "read_tiers",
          "errors",
          "txn_errors",
          "read_operation_latency",
          "write_operation_latency",
          "write_txn_latency");

  private final String source;
  private final int shards;
  private final WeightedChoice operations;
  private final WeightedValues<Integer> readTxnSizes;
  private final WeightedValues<Integer> writeTxnSizes;
  private final WeightedValues<EdgeCategory> edgeTypes;
  private final WeightedValues<ReadOpType> readOpTypes;
  private final WeightedValues<ReadOpType> readTxnOpTypes;
  private final WeightedValues<WriteOpType> writeOpTypes;
  private final WeightedValues<WriteOpType> writeTxnOpTypes;
  private final WeightedChoice primaryShards;
  private final WeightedChoice remoteShards;
  private final WeightedValues<PredicateName> operationPredicates;
  private final WeightedValues<PredicateName> txnPredicates;
  private final WeightedValues<Integer> txnPredicateCounts;
  private final List<String> ignoredRecords;

  /**
   * @param records as returned by {@link WorkloadFileReader}
   * @param source file name or preset name, for messages
   * @param shards number of logical shards; shard weight lists of another length are rescaled
   */
  public TaoWorkload(Map<String, WorkloadRecord> records, String source, int shards) {
    if (shards < 1) {
      throw new IllegalArgumentException("shards must be >= 1, got " + shards);
    }
    this.source = source;
    this.shards = shards;
    for (String name : REQUIRED) {
      if (!records.containsKey(name)) {
        throw new WorkloadFileException(source, 0, "missing record \"" + name + "\"");
      }
    }
    WorkloadRecord ops = records.get("operations");
    if (ops.weights().length != 4) {
      throw ops.error(
          "needs exactly 4 weights [read, write, read_txn, write_txn], got "
              + ops.weights().length);
    }
    this.operations = choice(ops);
    double[] op = ops.weights();
    boolean reads = op[0] > 0;
    boolean writes = op[1] > 0;
    boolean readTxns = op[2] > 0;
    boolean writeTxns = op[3] > 0;

    this.readTxnSizes =
        readTxns || records.containsKey("read_txn_sizes")
            ? sizes(need(records, "read_txn_sizes", "read transactions have weight > 0"), 1)
            : null;
    this.writeTxnSizes =
        writeTxns || records.containsKey("write_txn_sizes")
            ? sizes(need(records, "write_txn_sizes", "write transactions have weight > 0"), 1)
            : null;
    this.edgeTypes = spelled(records.get("edge_types"), EdgeCategory.class);
    this.readOpTypes =
        optional(
            records,
            "read_operation_types",
            ReadOpType.class,
            reads,
            "single reads have weight > 0");
    this.readTxnOpTypes =
        optional(
            records,
            "read_txn_operation_types",
            ReadOpType.class,
            readTxns,
            "read transactions have weight > 0");
    this.writeOpTypes =
        optional(
            records,
            "write_operation_types",
            WriteOpType.class,
            writes,
            "single writes have weight > 0");
    this.writeTxnOpTypes =
        optional(
            records,
            "write_txn_operation_types",
            WriteOpType.class,
            writeTxns,
            "write transactions have weight > 0");
    this.primaryShards =
        new WeightedChoice(
            ShardMap.rescale(records.get("primary_shards").weights(), shards),
            records.get("primary_shards").where());
    this.remoteShards =
        new WeightedChoice(
            ShardMap.rescale(records.get("remote_shards").weights(), shards),
            records.get("remote_shards").where());
    this.operationPredicates =
        records.containsKey("operation_predicates")
            ? spelled(records.get("operation_predicates"), PredicateName.class)
            : null;
    this.txnPredicates =
        records.containsKey("txn_predicates")
            ? spelled(records.get("txn_predicates"), PredicateName.class)
            : null;
    WorkloadRecord counts = records.get("txn_predicate_counts");
    this.txnPredicateCounts = counts == null ? null : sizes(counts, 0);
    if (txnPredicateCounts != null && txnPredicates == null) {
      throw counts.error("needs a \"txn_predicates\" record to say which predicates to apply");
    }
    // Not simulated, but still validated so that a typo is reported.
    spelledIfPresent(records.get("read_tiers"), ReadTier.class);
    spelledIfPresent(records.get("errors"), ErrorName.class);
    spelledIfPresent(records.get("txn_errors"), ErrorName.class);
    List<String> ignored = new ArrayList<>();
    for (String name : NOT_SIMULATED) {
      if (records.containsKey(name)) {
        ignored.add(name);
      }
    }
    this.ignoredRecords = List.copyOf(ignored);
  }

  private static WorkloadRecord need(Map<String, WorkloadRecord> records, String name, String why) {
    WorkloadRecord r = records.get(name);
    if (r == null) {
      WorkloadRecord ops = records.get("operations");
      throw new WorkloadFileException(
          ops.source(), 0, "missing record \"" + name + "\", needed because " + why);
    }
    return r;
  }

  private static <E extends Enum<E> & Spelled> WeightedValues<E> optional(
      Map<String, WorkloadRecord> records, String name, Class<E> type, boolean needed, String why) {
    WorkloadRecord r = records.get(name);
    if (r == null) {
      if (needed) {
        need(records, name, why);
      }
      return null;
    }
    return spelled(r, type);
  }

  private static WeightedChoice choice(WorkloadRecord r) {
    try {
      return new WeightedChoice(r.weights(), r.where());
    } catch (IllegalArgumentException e) {
      throw r.error(e.getMessage());
    }
  }

  private static WeightedValues<Integer> sizes(WorkloadRecord r, int smallestDrawable) {
    WeightedChoice c = choice(r);
    List<Integer> values = new ArrayList<>();
    if (r.values().isEmpty()) {
      for (int i = 0; i < c.size(); i++) {
        values.add(i);
      }
    } else {
      for (String v : r.values()) {
        values.add(Integer.parseInt(v));
      }
    }
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) < smallestDrawable && c.probability(i) > 0) {
        throw r.error(
            "value " + values.get(i) + " has weight > 0 but must be >= " + smallestDrawable);
      }
    }
    return new WeightedValues<>(values, c);
  }

  private static <E extends Enum<E> & Spelled> WeightedValues<E> spelled(
      WorkloadRecord r, Class<E> type) {
    List<E> values = new ArrayList<>();
    for (String v : r.values()) {
      E e = WorkloadVocabulary.parse(type, v);
      if (e == null) {
        throw r.error(
            "unknown value \"" + v + "\" (accepted: " + WorkloadVocabulary.accepted(type) + ")");
      }
      values.add(e);
    }
    return new WeightedValues<>(values, choice(r));
  }

  private static <E extends Enum<E> & Spelled> void spelledIfPresent(
      WorkloadRecord r, Class<E> type) {
    if (r != null) {
      spelled(r, type);
    }
  }

  public String source() {
    return source;
  }

  public int shards() {
    return shards;
  }

  /** Index = {@link TaoRequestType#ordinal()}: READ, WRITE, READ_TXN, WRITE_TXN. */
  public WeightedChoice operations() {
    return operations;
  }

  public WeightedValues<Integer> readTxnSizes() {
    return readTxnSizes;
  }

  public WeightedValues<Integer> writeTxnSizes() {
    return writeTxnSizes;
  }

  public WeightedValues<EdgeCategory> edgeTypes() {
    return edgeTypes;
  }

  public WeightedValues<ReadOpType> readOpTypes() {
    return readOpTypes;
  }

  public WeightedValues<ReadOpType> readTxnOpTypes() {
    return readTxnOpTypes;
  }

  public WeightedValues<WriteOpType> writeOpTypes() {
    return writeOpTypes;
  }

  /** Null only when write transactions have weight 0 and the file has no such record. */
  public WeightedValues<WriteOpType> writeTxnOpTypes() {
    return writeTxnOpTypes;
  }

  public WeightedChoice primaryShards() {
    return primaryShards;
  }

  public WeightedChoice remoteShards() {
    return remoteShards;
  }

  /** Null when the file has no operation_predicates. */
  public WeightedValues<PredicateName> operationPredicates() {
    return operationPredicates;
  }

  public WeightedValues<PredicateName> txnPredicates() {
    return txnPredicates;
  }

  /** Number of predicates per write transaction (value = count); null when absent. */
  public WeightedValues<Integer> txnPredicateCounts() {
    return txnPredicateCounts;
  }

  /** Records present in the file that are validated but have no effect on the requests. */
  public List<String> ignoredRecords() {
    return ignoredRecords;
  }
}
