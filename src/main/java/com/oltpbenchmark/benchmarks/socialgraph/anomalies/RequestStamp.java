package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.util.List;

/**
 * The stamp of one worker's request in flight, which its writes carry in the rows they leave so
 * that a later read can name the transaction that wrote what it saw: a node's version, a link's
 * version, the start of a TAOBench write's payload. The pipeline sets the request's tick before the
 * request is drawn; the handlers stamp what they drew. Without read checks writes leave what the
 * workloads define.
 */
public final class RequestStamp {

  private final WriteStamp stamp;
  private long tick;

  /**
   * @param stamp how writes name their transaction, or null when reads are not checked (nothing is
   *     then stamped)
   */
  public RequestStamp(WriteStamp stamp) {
    this.stamp = stamp;
  }

  /** The request about to be drawn began at {@code tick}; its writes carry it. */
  public void begin(long tick) {
    this.tick = tick;
  }

  /** A LinkBench node write: the node, carrying the request's stamp in its version. */
  public Node stamped(Node n) {
    return stamp == null ? n : new Node(n.id(), n.type(), tick, n.time(), n.data());
  }

  /** A LinkBench link write: the link, carrying the request's stamp in its version. */
  public Link stamped(Link l) {
    return stamp == null
        ? l
        : new Link(
            l.id1(),
            l.linkType(),
            l.id2(),
            l.visibility(),
            l.data(),
            WriteStamp.linkVersion(tick),
            l.time());
  }

  /** TAOBench writes: each write's payload starts with the request's stamp (written in place). */
  public List<TaoOp> stamped(List<TaoOp> ops) {
    if (stamp != null) {
      for (TaoOp op : ops) {
        if (op instanceof TaoOp.WriteOp w) {
          stamp.stampPayload(w.payload(), tick);
        }
      }
    }
    return ops;
  }
}
