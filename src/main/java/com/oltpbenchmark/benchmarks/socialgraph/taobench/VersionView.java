package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One worker's belief about row versions, used as the expected value of VERSION_MATCH: the
 * loaded version (nodes {@link SocialGraph#NODE_LOAD_VERSION}, links 0) until this worker commits
 * a write to the key, then that write's result (an update adds 1). Other workers' writes make
 * the belief stale, which is exactly the read-then-conditional-write race the paper measures.
 * Bounded (least recently used entries are forgotten and fall back to the loaded version).
 */
final class VersionView {

  static final int CAPACITY = 1 << 16;
  static final long LINK_LOAD_VERSION = 0;

  private record Key(boolean object, long id1, long type, long id2) {}

  private final Map<Key, Long> known = new LinkedHashMap<>(1024, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
      return size() > CAPACITY;
    }
  };

  long objectVersion(long id) {
    return known.getOrDefault(new Key(true, id, 0, 0), SocialGraph.NODE_LOAD_VERSION);
  }

  long linkVersion(long id1, long type, long id2) {
    return known.getOrDefault(new Key(false, id1, type, id2), LINK_LOAD_VERSION);
  }

  void apply(TaoOp op) {
    switch (op.kind()) {
      case OBJECT_ADD -> known.put(new Key(true, op.id1(), 0, 0), SocialGraph.NODE_LOAD_VERSION);
      case OBJECT_UPDATE -> known.put(new Key(true, op.id1(), 0, 0), objectVersion(op.id1()) + 1);
      case OBJECT_DELETE -> known.remove(new Key(true, op.id1(), 0, 0));
      case ASSOC_ADD -> known.put(new Key(false, op.id1(), op.linkType(), op.id2()),
          LINK_LOAD_VERSION);
      case ASSOC_UPDATE -> known.put(new Key(false, op.id1(), op.linkType(), op.id2()),
          linkVersion(op.id1(), op.linkType(), op.id2()) + 1);
      case ASSOC_DELETE -> known.remove(new Key(false, op.id1(), op.linkType(), op.id2()));
      default -> {
        // reads change nothing
      }
    }
  }
}
