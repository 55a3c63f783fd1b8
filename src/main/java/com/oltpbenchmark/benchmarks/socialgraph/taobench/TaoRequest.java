package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.List;

/**
 * One TAOBench request: a single read or write ({@code ops.size() == 1}) or a read/write
 * transaction (1..n ops, all reads or all writes). {@code primaryShards} lists, per op, the
 * logical shard of its key (for statistics and tests; procedures ignore it).
 */
public record TaoRequest(TaoRequestType type, List<TaoOp> ops) {

  public TaoRequest {
    if (type == null || ops == null || ops.isEmpty()) {
      throw new IllegalArgumentException("TaoRequest needs a type and at least one op");
    }
    ops = List.copyOf(ops);
    if (!type.isTransaction() && ops.size() != 1) {
      throw new IllegalArgumentException(type + " request must hold exactly one op, got " + ops.size());
    }
    for (TaoOp op : ops) {
      if (op.kind().isWrite() != type.isWrite()) {
        throw new IllegalArgumentException(type + " request cannot hold " + op.kind());
      }
    }
  }

  /** The only op of a single READ/WRITE request. */
  public TaoOp single() {
    return ops.get(0);
  }
}
