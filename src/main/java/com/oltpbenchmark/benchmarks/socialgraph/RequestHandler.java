package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequestGenerator;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestGenerator;

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

    /**
     * @param linkBench the worker's LinkBench request stream, or null when the run has none
     * @param taoBench the worker's TAOBench request stream, or null when the run has none
     */
    Sources(Worker<?> worker, LinkBenchRequestGenerator linkBench, TaoRequestGenerator taoBench) {
      this.worker = worker;
      this.linkBench = linkBench;
      this.taoBench = taoBench;
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
