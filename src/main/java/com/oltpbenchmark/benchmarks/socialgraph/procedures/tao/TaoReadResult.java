package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.util.List;

/**
 * What one TAOBench read returned. Exactly one of the value fields is meaningful, chosen by the
 * op's kind: {@code node} (OBJECT_READ, null if absent), {@code link} (ASSOC_READ, null if absent;
 * hidden links are returned with visibility 0), {@code links} (ASSOC_RANGE, newest first, never
 * null) or {@code count} (ASSOC_COUNT). A caller that wants VERSION_MATCH on a later write takes
 * the expected version from here ({@link #version()}).
 */
public record TaoReadResult(TaoOp op, Node node, Link link, List<Link> links, long count) {

  static TaoReadResult ofNode(TaoOp op, Node node) {
    return new TaoReadResult(op, node, null, List.of(), 0);
  }

  static TaoReadResult ofLink(TaoOp op, Link link) {
    return new TaoReadResult(op, null, link, List.of(), 0);
  }

  static TaoReadResult ofLinks(TaoOp op, List<Link> links) {
    return new TaoReadResult(op, null, null, List.copyOf(links), links.size());
  }

  static TaoReadResult ofCount(TaoOp op, long count) {
    return new TaoReadResult(op, null, null, List.of(), count);
  }

  /** True if a point read found its row (for range/count: at least one visible link). */
  public boolean found() {
    switch (op.kind()) {
      case OBJECT_READ:
        return node != null;
      case ASSOC_READ:
        return link != null;
      default:
        return count > 0;
    }
  }

  /** Version of the row a point read found, or -1 (range, count, or nothing found). */
  public long version() {
    if (node != null) {
      return node.version();
    }
    if (link != null) {
      return link.version();
    }
    return -1;
  }
}
