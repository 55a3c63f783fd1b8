package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One worker's knowledge of row versions: what its own point reads returned, moved forward by its
 * own committed writes. It is the expected value of VERSION_MATCH, as the paper describes (a
 * precondition that depends on a prior read is applied with the value this client observed; it
 * fails when another writer got in between). A key this worker has not observed has no belief
 * ({@link #UNKNOWN}); the write then compares against the version its own transaction reads first.
 * Bounded: least recently used entries are forgotten.
 */
final class VersionView {

  /** No belief: TaoOp.expectedVersion -1, the procedure compares with what it reads itself. */
  static final long UNKNOWN = -1;

  static final int CAPACITY = 1 << 16;

  /** Version of a link written by ASSOC_ADD (and of every loaded link). */
  static final long NEW_LINK_VERSION = 0;

  private record Key(boolean object, long id1, long type, long id2) {
    /**
     * The record's own hash (31 × previous + field) maps TAOBench's patterned keys (one link type,
     * id2 close to id1) onto few buckets, and every read of a ReadTxn puts a key: mix the fields.
     */
    @Override
    public int hashCode() {
      long h = id1 * 0x9E3779B97F4A7C15L + type;
      h = h * 0x9E3779B97F4A7C15L + id2;
      h = h * 0x9E3779B97F4A7C15L + (object ? 1 : 0);
      h ^= h >>> 33;
      h *= 0xff51afd7ed558ccdL;
      h ^= h >>> 33;
      return (int) h;
    }
  }

  private final Map<Key, Long> known =
      new LinkedHashMap<>(1024, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
          return size() > CAPACITY;
        }
      };

  private static Key key(TaoOp op) {
    if (op instanceof TaoOp.AssocRead a) {
      return new Key(false, a.id1(), a.linkType(), a.id2());
    }
    if (op instanceof TaoOp.AssocWrite a) {
      return new Key(false, a.id1(), a.linkType(), a.id2());
    }
    if (op instanceof TaoOp.AssocRange r) {
      return new Key(false, r.id1(), r.linkType(), 0);
    }
    if (op instanceof TaoOp.AssocCount c) {
      return new Key(false, c.id1(), c.linkType(), 0);
    }
    return new Key(true, op.id1(), 0, 0);
  }

  long objectVersion(long id) {
    return known.getOrDefault(new Key(true, id, 0, 0), UNKNOWN);
  }

  long linkVersion(long id1, long type, long id2) {
    return known.getOrDefault(new Key(false, id1, type, id2), UNKNOWN);
  }

  /** A point read of {@code op}'s key returned {@code version} (negative: nothing found). */
  void observed(TaoOp op, long version) {
    if (op.kind() != TaoOpKind.OBJECT_READ && op.kind() != TaoOpKind.ASSOC_READ) {
      return;
    }
    if (version < 0) {
      known.remove(key(op));
    } else {
      known.put(key(op), version);
    }
  }

  /** {@code op} committed. */
  void committed(TaoOp op) {
    Key k = key(op);
    switch (op.kind()) {
      case OBJECT_ADD -> known.put(k, SocialGraph.NODE_LOAD_VERSION);
      case ASSOC_ADD -> known.put(k, NEW_LINK_VERSION);
      case OBJECT_UPDATE, ASSOC_UPDATE -> {
        Long v = known.get(k);
        if (v != null) {
          known.put(k, v + 1);
        }
      }
      case OBJECT_DELETE, ASSOC_DELETE -> known.remove(k);
      default -> {
        // reads change nothing
      }
    }
  }

  /** Keys with a belief (at most {@link #CAPACITY}). */
  int size() {
    return known.size();
  }

  /** {@code op}'s request aborted: whatever this worker believed about its key may be stale. */
  void forget(TaoOp op) {
    known.remove(key(op));
  }
}
