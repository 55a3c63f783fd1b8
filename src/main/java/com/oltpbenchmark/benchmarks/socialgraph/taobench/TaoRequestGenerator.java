package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.graph.StreamRandom;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.EdgeCategory;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.PredicateName;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.ReadOpType;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.WriteOpType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.LongSupplier;

/**
 * Draws TAOBench requests for one worker from a {@link TaoWorkload}, addressing the loaded {@link
 * SocialGraph} without reading keys back.
 *
 * <ul>
 *   <li>Request type ~ operations (only when the caller does not fix it: under BenchBase the phase
 *       weights choose the procedure, see {@link #next(TaoRequestType)}).
 *   <li>Transaction size ~ read_txn_sizes / write_txn_sizes.
 *   <li>Op type ~ read(_txn)_operation_types / write(_txn)_operation_types.
 *   <li>Primary key: shard ~ primary_shards, for the further ops of a transaction with the
 *       configured colocation ({@link ShardColocation}; independent draws as the C++ tool is an
 *       option), then an id in that shard's slice, Zipf or uniform ({@link ShardKeys}; reads and
 *       writes have different hot keys). Ops on existing associations redraw the id inside the same
 *       shard until it has loaded links, then take one of its loaded links uniformly (type and
 *       index from the graph).
 *   <li>New associations: id1 as above, id2 uniform in a shard ~ remote_shards, category ~
 *       edge_types mapped by {@link TaoLinkTypes} to a link type and preconditions.
 *   <li>New objects: ids from {@link TaoIdAllocator} (above the loaded range, striped by worker).
 *   <li>Single writes: a predicate ~ operation_predicates; write transactions: k ~
 *       txn_predicate_counts predicates, each ~ txn_predicates, put on a random op it applies to.
 *       Expected versions come from this worker's {@link VersionView} (-1 when it has not read the
 *       key: the procedure then compares with the version it reads first); expected visibility is
 *       always "visible".
 * </ul>
 *
 * Not thread-safe: one instance per worker.
 */
public final class TaoRequestGenerator {

  /** Draws of id1 inside a shard before giving up finding a node with loaded links. */
  static final int MAX_LINK_PROBES = 256;

  /** Width of the time window of an edge_time_read. */
  static final long TIME_WINDOW_MILLIS = 24L * 3600 * 1000;

  /** Span of the loaded links' times before {@link SocialGraph#LOAD_EPOCH_MILLIS}. */
  private static final long LOADED_TIME_SPAN = 1L << 32;

  private static final long READ_KEYS_SEED = 0x7a0_4ead;
  private static final long WRITE_KEYS_SEED = 0x7a0_3417e;

  private final TaoWorkload workload;
  private final SocialGraph graph;
  private final ShardMap shardMap;
  private final TaoIdAllocator ids;
  private final StreamRandom rng;
  private final int payloadBytes;
  private final int rangeLimit;
  private final LongSupplier clock;
  private final VersionView versions = new VersionView();
  private final ShardColocation colocation;
  private final WeightedValues<Integer> payloadSizes;
  private final ShardKeys readKeys;
  private final ShardKeys writeKeys;
  private long linkProbeFailures;

  /**
   * @param payloadSizes sizes of written payloads with their weights; null: always {@code
   *     payloadBytes}
   */
  public TaoRequestGenerator(
      TaoWorkload workload,
      SocialGraph graph,
      TaoIdAllocator ids,
      long seed,
      int payloadBytes,
      int rangeLimit,
      LongSupplier clockMillis,
      TaoLocality locality,
      WeightedValues<Integer> payloadSizes) {
    this.workload = workload;
    this.payloadSizes = payloadSizes;
    this.graph = graph;
    this.shardMap = new ShardMap(graph.startId(), graph.endId(), workload.shards());
    this.ids = ids;
    // not java.util.Random: its atomic seed costs a compare-and-set per draw, and a write's
    // payload alone is hundreds of draws; the stream is this worker's own
    this.rng = new StreamRandom(seed);
    this.payloadBytes = payloadBytes;
    this.rangeLimit = rangeLimit;
    this.clock = clockMillis;
    this.colocation = colocation(workload, locality);
    if (locality.uniformKeys()) {
      readKeys = ShardKeys.uniform(shardMap);
      writeKeys = readKeys;
    } else {
      // fixed seeds: every worker must see the same hot keys
      readKeys = ShardKeys.zipf(shardMap, locality.keyShape(), READ_KEYS_SEED);
      writeKeys = ShardKeys.zipf(shardMap, locality.keyShape(), WRITE_KEYS_SEED);
    }
  }

  private static ShardColocation colocation(TaoWorkload workload, TaoLocality locality) {
    if (locality.independentShards() || workload.writeTxnSizes() == null) {
      return ShardColocation.independent(workload.primaryShards());
    }
    try {
      return ShardColocation.forCrossShardShare(
          workload.primaryShards(), workload.writeTxnSizes(), locality.crossShardShare());
    } catch (IllegalArgumentException e) {
      throw new WorkloadFileException(
          workload.source(), 0, "<taobench><crossShardShare>: " + e.getMessage());
    }
  }

  /** The colocation the transactions' shards follow. */
  public ShardColocation colocation() {
    return colocation;
  }

  /** The within-shard key choice of reads. */
  public ShardKeys readKeys() {
    return readKeys;
  }

  /** The within-shard key choice of writes. */
  public ShardKeys writeKeys() {
    return writeKeys;
  }

  public TaoWorkload workload() {
    return workload;
  }

  public ShardMap shardMap() {
    return shardMap;
  }

  /** Requests on existing links that found no node with loaded links in their shard. */
  public long linkProbeFailures() {
    return linkProbeFailures;
  }

  /** Draws the request type from the workload's operations weights. */
  public TaoRequestType nextType() {
    return TaoRequestType.values()[workload.operations().sample(rng)];
  }

  /** A request of a type drawn from operations. */
  public TaoRequest next() {
    return next(nextType());
  }

  /** A request of the given type (the type BenchBase's phase weights chose). */
  public TaoRequest next(TaoRequestType type) {
    switch (type) {
      case READ:
        return reads(type, 1, need(workload.readOpTypes(), "read_operation_types"));
      case READ_TXN:
        return reads(
            type,
            need(workload.readTxnSizes(), "read_txn_sizes").sample(rng),
            need(workload.readTxnOpTypes(), "read_txn_operation_types"));
      case WRITE:
        {
          TaoRequest r = writes(type, 1, need(workload.writeOpTypes(), "write_operation_types"));
          return singleWritePredicate(r);
        }
      case WRITE_TXN:
        {
          TaoRequest r =
              writes(
                  type,
                  need(workload.writeTxnSizes(), "write_txn_sizes").sample(rng),
                  need(workload.writeTxnOpTypes(), "write_txn_operation_types"));
          return txnPredicates(r);
        }
      default:
        throw new IllegalStateException(type.toString());
    }
  }

  /** A point read of {@code op} returned a row of {@code version} (negative: no row). */
  public void observed(TaoOp op, long version) {
    versions.observed(op, version);
  }

  /** {@code request} committed: this worker's version beliefs follow its own writes. */
  public void committed(TaoRequest request) {
    for (TaoOp op : request.ops()) {
      versions.committed(op);
    }
  }

  /** {@code request} aborted (e.g. a failed precondition): forget the beliefs about its keys. */
  public void aborted(TaoRequest request) {
    for (TaoOp op : request.ops()) {
      versions.forget(op);
    }
  }

  private <T> T need(T value, String record) {
    if (value == null) {
      throw new WorkloadFileException(
          workload.source(),
          0,
          "missing record \"" + record + "\", needed because this phase runs that request type");
    }
    return value;
  }

  private TaoRequest reads(TaoRequestType type, int size, WeightedValues<ReadOpType> types) {
    return request(type, size, types, this::read);
  }

  /**
   * {@code size} ops with op types ~ {@code types}, the first on a shard ~ primary_shards, the
   * others placed by the colocation.
   */
  private <T> TaoRequest request(
      TaoRequestType type, int size, WeightedValues<T> types, BiFunction<T, Integer, TaoOp> op) {
    TaoOp[] ops = new TaoOp[size];
    int[] shards = new int[size];
    int home = colocation.home(rng);
    for (int i = 0; i < size; i++) {
      int shard = i == 0 ? home : colocation.next(home, rng);
      shards[i] = shard;
      ops[i] = op.apply(types.sample(rng), shard);
    }
    // an immutable list, which the request keeps as it is rather than copying
    return new TaoRequest(type, List.of(ops), shards);
  }

  private TaoOp read(ReadOpType t, int shard) {
    switch (t) {
      case OBJ_READ:
        return TaoOp.objectRead(readKeys.id(shard, rng));
      case EDGE_POINT_READ:
        {
          Link l = existingLink(readKeys, shard);
          return TaoOp.assocRead(l.id1(), l.linkType(), l.id2());
        }
      case EDGE_RANGE_READ:
        {
          long id1 = readKeys.id(shard, rng);
          return TaoOp.assocRange(
              id1, loadedTypeOf(id1), Long.MIN_VALUE, Long.MAX_VALUE, rangeLimit);
        }
      case EDGE_TIME_READ:
        {
          long id1 = readKeys.id(shard, rng);
          long lo =
              SocialGraph.LOAD_EPOCH_MILLIS
                  - LOADED_TIME_SPAN
                  + (long) (rng.nextDouble() * LOADED_TIME_SPAN);
          return TaoOp.assocRange(id1, loadedTypeOf(id1), lo, lo + TIME_WINDOW_MILLIS, rangeLimit);
        }
      case EDGE_COUNT_READ:
        {
          long id1 = readKeys.id(shard, rng);
          return TaoOp.assocCount(id1, loadedTypeOf(id1));
        }
      default:
        throw new IllegalStateException(t.toString());
    }
  }

  private TaoRequest writes(TaoRequestType type, int size, WeightedValues<WriteOpType> types) {
    return request(type, size, types, this::write);
  }

  private TaoOp write(WriteOpType t, int shard) {
    long now = clock.getAsLong();
    switch (t) {
      case OBJ_ADD:
        return TaoOp.objectWrite(TaoOpKind.OBJECT_ADD, ids.next(shard), null, 0, payload(), now);
      case OBJ_UPDATE:
      case OBJ_DELETE:
        {
          long id = writeKeys.id(shard, rng);
          TaoOpKind kind =
              t == WriteOpType.OBJ_UPDATE ? TaoOpKind.OBJECT_UPDATE : TaoOpKind.OBJECT_DELETE;
          return TaoOp.objectWrite(
              kind,
              id,
              null,
              versions.objectVersion(id),
              kind == TaoOpKind.OBJECT_UPDATE ? payload() : null,
              now);
        }
      case EDGE_ADD:
        {
          long id1 = writeKeys.id(shard, rng);
          long id2 = shardMap.uniformId(workload.remoteShards().sample(rng), rng);
          EdgeCategory category = workload.edgeTypes().sample(rng);
          long type =
              category == EdgeCategory.OTHER
                  ? graph.linkType(rng.nextInt(graph.linkTypeCount()))
                  : TaoLinkTypes.linkType(category);
          return TaoOp.assocWrite(
              TaoOpKind.ASSOC_ADD,
              id1,
              type,
              id2,
              TaoLinkTypes.preconditions(category),
              0,
              Link.VISIBLE,
              payload(),
              now);
        }
      case EDGE_UPDATE:
      case EDGE_DELETE:
        {
          Link l = existingLink(writeKeys, shard);
          TaoOpKind kind =
              t == WriteOpType.EDGE_UPDATE ? TaoOpKind.ASSOC_UPDATE : TaoOpKind.ASSOC_DELETE;
          return TaoOp.assocWrite(
              kind,
              l.id1(),
              l.linkType(),
              l.id2(),
              null,
              versions.linkVersion(l.id1(), l.linkType(), l.id2()),
              Link.VISIBLE,
              kind == TaoOpKind.ASSOC_UPDATE ? payload() : null,
              now);
        }
      default:
        throw new IllegalStateException(t.toString());
    }
  }

  /** One of the loaded links of a node of {@code shard} (type and index uniform over them). */
  private Link existingLink(ShardKeys keys, int shard) {
    for (int probe = 0; probe < MAX_LINK_PROBES; probe++) {
      long id1 = keys.id(shard, rng);
      long total = graph.totalOutDegree(id1);
      if (total > 0) {
        LinkIndex l = loadedLink(total);
        return new Link(
            id1,
            graph.linkType(l.typeIndex()),
            graph.id2(id1, l.typeIndex(), l.j()),
            Link.VISIBLE,
            new byte[0],
            0,
            0);
      }
    }
    // A shard without loaded links (tiny graphs): address a link that does not exist, so the
    // request still runs (a miss) rather than silently moving to another shard.
    linkProbeFailures++;
    long id1 = shardMap.uniformId(shard, rng);
    return new Link(id1, graph.linkType(0), id1, Link.VISIBLE, new byte[0], 0, 0);
  }

  /** A loaded link type of id1, weighted by its loaded out-degree (uniform when it has none). */
  private long loadedTypeOf(long id1) {
    long total = graph.totalOutDegree(id1);
    if (total > 0) {
      return graph.linkType(loadedLink(total).typeIndex());
    }
    return graph.linkType(rng.nextInt(graph.linkTypeCount()));
  }

  /** Loaded link {@code j} of type index {@code typeIndex} of some id1. */
  private record LinkIndex(int typeIndex, long j) {}

  /**
   * One of the {@code total} loaded links of an id1, uniformly. From the total alone, so the
   * out-degree function is evaluated once per draw rather than once per type.
   */
  private LinkIndex loadedLink(long total) {
    long k = (long) (rng.nextDouble() * total);
    int t = 0;
    for (long d = graph.typeShare(total, 0); k >= d; d = graph.typeShare(total, ++t)) {
      k -= d;
    }
    return new LinkIndex(t, k);
  }

  private byte[] payload() {
    byte[] b = new byte[payloadSizes == null ? payloadBytes : payloadSizes.sample(rng)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) ('a' + rng.nextInt(26));
    }
    return b;
  }

  private TaoRequest singleWritePredicate(TaoRequest r) {
    WeightedValues<PredicateName> preds = workload.operationPredicates();
    if (preds == null) {
      return r;
    }
    TaoOp op = r.single();
    TaoOp with = withPredicate(op, preds.sample(rng));
    return with == op ? r : new TaoRequest(r.type(), List.of(with), r.shards());
  }

  private TaoRequest txnPredicates(TaoRequest r) {
    WeightedValues<Integer> counts = workload.txnPredicateCounts();
    WeightedValues<PredicateName> preds = workload.txnPredicates();
    if (counts == null || preds == null) {
      return r;
    }
    int k = counts.sample(rng);
    if (k == 0) {
      return r;
    }
    List<TaoOp> ops = new ArrayList<>(r.ops());
    for (int i = 0; i < k; i++) {
      PredicateName p = preds.sample(rng);
      Precondition pc = TaoLinkTypes.precondition(p);
      if (pc == null) {
        continue;
      }
      List<Integer> eligible = new ArrayList<>();
      for (int j = 0; j < ops.size(); j++) {
        if (TaoLinkTypes.appliesTo(pc, ops.get(j).kind())) {
          eligible.add(j);
        }
      }
      if (!eligible.isEmpty()) {
        int j = eligible.get(rng.nextInt(eligible.size()));
        ops.set(j, withPredicate(ops.get(j), p));
      }
    }
    return new TaoRequest(r.type(), ops, r.shards());
  }

  /** {@code op} with the precondition {@code p} maps to, or {@code op} when it does not apply. */
  private static TaoOp withPredicate(TaoOp op, PredicateName p) {
    Precondition pc = TaoLinkTypes.precondition(p);
    if (pc == null || !TaoLinkTypes.appliesTo(pc, op.kind())) {
      return op;
    }
    return op instanceof TaoOp.WriteOp write ? write.withPrecondition(pc) : op;
  }
}
