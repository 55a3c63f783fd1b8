package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.util.List;

/**
 * What one TAOBench read returned, one record per kind of read. A caller that wants VERSION_MATCH
 * on a later write takes the expected version from here ({@link #version()}).
 */
public sealed interface TaoReadResult
    permits TaoReadResult.ObjectResult,
        TaoReadResult.AssocResult,
        TaoReadResult.RangeResult,
        TaoReadResult.CountResult {

  TaoOp.ReadOp op();

  /** True if a point read found its row (for range/count: at least one visible link). */
  boolean found();

  /** Version of the row a point read found, or -1 (range, count, or nothing found). */
  default long version() {
    return -1;
  }

  /** An object read: the node, or null if absent. */
  record ObjectResult(TaoOp.ObjectRead op, Node node) implements TaoReadResult {
    @Override
    public boolean found() {
      return node != null;
    }

    @Override
    public long version() {
      return node == null ? -1 : node.version();
    }
  }

  /** An association read: the link (hidden ones with visibility 0), or null if absent. */
  record AssocResult(TaoOp.AssocRead op, Link link) implements TaoReadResult {
    @Override
    public boolean found() {
      return link != null;
    }

    @Override
    public long version() {
      return link == null ? -1 : link.version();
    }
  }

  /** A range scan: the visible links, newest first. */
  record RangeResult(TaoOp.AssocRange op, List<Link> links) implements TaoReadResult {
    public RangeResult {
      links = List.copyOf(links);
    }

    @Override
    public boolean found() {
      return !links.isEmpty();
    }
  }

  /** A count read: the counttable count, 0 when the row is absent. */
  record CountResult(TaoOp.AssocCount op, long count) implements TaoReadResult {
    @Override
    public boolean found() {
      return count > 0;
    }
  }
}
