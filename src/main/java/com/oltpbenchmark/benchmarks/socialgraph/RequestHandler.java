package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.WriteStamp;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequestGenerator;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestGenerator;
import java.util.List;

/**
 * What one transaction type does: draws a request from the worker's generator and describes it as a
 * {@link Request}. Handlers only draw and call their procedure; they never touch a concern that
 * every request shares (see {@link RequestPipeline}). Registered once in {@link RequestHandlers}.
 */
@FunctionalInterface
interface RequestHandler {

  Request draw(Sources from);

  /** Where a handler draws from: the worker's request streams and procedures. */
  final class Sources {
    private final Worker<?> worker;
    private final LinkBenchRequestGenerator linkBench;
    private final TaoRequestGenerator taoBench;
    private final WriteStamp stamp;
    private long tick;

    /**
     * @param linkBench the worker's LinkBench request stream, or null when the run has none
     * @param taoBench the worker's TAOBench request stream, or null when the run has none
     */
    Sources(Worker<?> worker, LinkBenchRequestGenerator linkBench, TaoRequestGenerator taoBench) {
      this(worker, linkBench, taoBench, null);
    }

    /**
     * @param stamp how writes name their transaction in the rows they write, or null when reads are
     *     not checked (writes then leave what the workloads define)
     */
    Sources(
        Worker<?> worker,
        LinkBenchRequestGenerator linkBench,
        TaoRequestGenerator taoBench,
        WriteStamp stamp) {
      this.worker = worker;
      this.linkBench = linkBench;
      this.taoBench = taoBench;
      this.stamp = stamp;
    }

    /** The request about to be drawn began at {@code tick}; its writes carry it. */
    void beginRequest(long tick) {
      this.tick = tick;
    }

    /** A LinkBench node write: the node, carrying the request's stamp in its version. */
    Node stamped(Node n) {
      return stamp == null ? n : new Node(n.id(), n.type(), tick, n.time(), n.data());
    }

    /** A LinkBench link write: the link, carrying the request's stamp in its version. */
    Link stamped(Link l) {
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

    /** TAOBench writes: each write's payload starts with the request's stamp. */
    List<TaoOp> stamped(List<TaoOp> ops) {
      if (stamp != null) {
        for (TaoOp op : ops) {
          if (op instanceof TaoOp.WriteOp w) {
            stamp.stampPayload(w.payload(), tick);
          }
        }
      }
      return ops;
    }

    LinkBenchRequestGenerator linkBench() {
      if (linkBench == null) {
        throw new IllegalStateException("worker built without LinkBench transaction types");
      }
      return linkBench;
    }

    TaoRequestGenerator taoBench() {
      if (taoBench == null) {
        throw new IllegalStateException("worker built without TAOBench transaction types");
      }
      return taoBench;
    }

    <P extends Procedure> P procedure(Class<P> type) {
      return worker.getProcedure(type);
    }
  }
}
