package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.Arrays;
import java.util.List;

/**
 * One TAOBench request: a single read or write ({@code ops.size() == 1}) or a read/write
 * transaction (1..n ops, all reads or all writes). {@code shards} holds, per op, the logical shard
 * the generator drew for the op's primary key (-1 when unknown); procedures ignore it, the fidelity
 * test and statistics use it.
 */
public record TaoRequest(TaoRequestType type, List<TaoOp> ops, int[] shards) {

  public TaoRequest {
    if (type == null || ops == null || ops.isEmpty()) {
      throw new IllegalArgumentException("TaoRequest needs a type and at least one op");
    }
    ops = List.copyOf(ops);
    if (!type.isTransaction() && ops.size() != 1) {
      throw new IllegalArgumentException(
          type + " request must hold exactly one op, got " + ops.size());
    }
    for (TaoOp op : ops) {
      if (op.kind().isWrite() != type.isWrite()) {
        throw new IllegalArgumentException(type + " request cannot hold " + op.kind());
      }
    }
    if (shards == null) {
      shards = new int[ops.size()];
      Arrays.fill(shards, -1);
    } else if (shards.length != ops.size()) {
      throw new IllegalArgumentException(ops.size() + " ops but " + shards.length + " shards");
    } else {
      shards = shards.clone();
    }
  }

  public TaoRequest(TaoRequestType type, List<TaoOp> ops) {
    this(type, ops, null);
  }

  @Override
  public int[] shards() {
    return shards.clone();
  }

  public int shard(int opIndex) {
    return shards[opIndex];
  }

  /** The only op of a single READ/WRITE request. */
  public TaoOp single() {
    return ops.get(0);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TaoRequest r
        && type == r.type
        && ops.equals(r.ops)
        && Arrays.equals(shards, r.shards);
  }

  @Override
  public int hashCode() {
    return type.hashCode() * 31 + ops.hashCode();
  }

  @Override
  public String toString() {
    return type + ops.toString();
  }
}
