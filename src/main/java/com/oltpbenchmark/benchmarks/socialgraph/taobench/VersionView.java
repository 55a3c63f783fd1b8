package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;

/**
 * One worker's knowledge of row versions: what its own point reads returned, moved forward by its
 * own committed writes. It is the expected value of VERSION_MATCH, as the paper describes (a
 * precondition that depends on a prior read is applied with the value this client observed; it
 * fails when another writer got in between). A key this worker has not observed has no belief
 * ({@link #UNKNOWN}); the write then compares against the version its own transaction reads first.
 *
 * <p>Bounded like a CPU cache: a key's hash picks a set of {@link #WAYS} slots, and a new key takes
 * the set's empty or least recently used slot. Every point read of a TAOBench request updates a
 * belief, so the table is one primitive array: no key or boxed version per read (a LinkedHashMap
 * here was a tenth of the driver's CPU samples), and a slot's fields side by side, so that a set is
 * three or four adjacent cache lines, not a line in each of six arrays.
 */
final class VersionView {

  /** No belief: TaoOp.expectedVersion -1, the procedure compares with what it reads itself. */
  static final long UNKNOWN = -1;

  static final int CAPACITY = 1 << 16;

  static final int WAYS = 4;

  /** Version of a link written by ASSOC_ADD (and of every loaded link). */
  static final long NEW_LINK_VERSION = 0;

  private static final byte EMPTY = 0;
  private static final byte OBJECT = 1;
  private static final byte LINK = 2;

  /** A slot's longs: its kind, key, version and last use. */
  private static final int FIELDS = 6;

  private static final int KIND = 0;
  private static final int ID1 = 1;
  private static final int TYPE = 2;
  private static final int ID2 = 3;
  private static final int VERSION = 4;
  private static final int USE = 5;

  /** Slot i at {@code i * FIELDS}. */
  private final long[] slots = new long[CAPACITY * FIELDS];

  private long clock;
  private int size;

  long objectVersion(long id) {
    return get(OBJECT, id, 0, 0);
  }

  long linkVersion(long id1, long type, long id2) {
    return get(LINK, id1, type, id2);
  }

  /** A point read of {@code op}'s key returned {@code version} (negative: nothing found). */
  void observed(TaoOp op, long version) {
    if (op instanceof TaoOp.ObjectRead o) {
      store(OBJECT, o.id(), 0, 0, version);
    } else if (op instanceof TaoOp.AssocRead a) {
      store(LINK, a.id1(), a.linkType(), a.id2(), version);
    }
  }

  /** {@code op} committed. */
  void committed(TaoOp op) {
    byte kind = kind(op);
    long type = type(op);
    long id2 = id2(op);
    switch (op.kind()) {
      case OBJECT_ADD -> put(kind, op.id1(), type, id2, SocialGraph.NODE_LOAD_VERSION);
      case ASSOC_ADD -> put(kind, op.id1(), type, id2, NEW_LINK_VERSION);
      case OBJECT_UPDATE, ASSOC_UPDATE -> {
        int i = find(kind, op.id1(), type, id2);
        if (i >= 0) {
          slots[i + VERSION]++;
          slots[i + USE] = ++clock;
        }
      }
      case OBJECT_DELETE, ASSOC_DELETE -> remove(kind, op.id1(), type, id2);
      default -> {
        // reads change nothing
      }
    }
  }

  /** Keys with a belief (at most {@link #CAPACITY}). */
  int size() {
    return size;
  }

  /** {@code op}'s request aborted: whatever this worker believed about its key may be stale. */
  void forget(TaoOp op) {
    remove(kind(op), op.id1(), type(op), id2(op));
  }

  private static byte kind(TaoOp op) {
    return op instanceof TaoOp.ObjectRead || op instanceof TaoOp.ObjectWrite ? OBJECT : LINK;
  }

  /** The link type of an association op's key (0 for an object). */
  private static long type(TaoOp op) {
    if (op instanceof TaoOp.AssocRead a) {
      return a.linkType();
    }
    if (op instanceof TaoOp.AssocWrite a) {
      return a.linkType();
    }
    if (op instanceof TaoOp.AssocRange r) {
      return r.linkType();
    }
    if (op instanceof TaoOp.AssocCount c) {
      return c.linkType();
    }
    return 0;
  }

  /** The id2 of an association point op's key (0 for an object, a range or a count). */
  private static long id2(TaoOp op) {
    if (op instanceof TaoOp.AssocRead a) {
      return a.id2();
    }
    if (op instanceof TaoOp.AssocWrite a) {
      return a.id2();
    }
    return 0;
  }

  private void store(byte kind, long id1, long type, long id2, long version) {
    if (version < 0) {
      remove(kind, id1, type, id2);
    } else {
      put(kind, id1, type, id2, version);
    }
  }

  private long get(byte kind, long id1, long type, long id2) {
    int i = find(kind, id1, type, id2);
    if (i < 0) {
      return UNKNOWN;
    }
    slots[i + USE] = ++clock;
    return slots[i + VERSION];
  }

  private void put(byte kind, long id1, long type, long id2, long version) {
    int i = find(kind, id1, type, id2);
    if (i < 0) {
      i = victim(firstSlot(kind, id1, type, id2));
      if (slots[i + KIND] == EMPTY) {
        size++;
      }
      slots[i + KIND] = kind;
      slots[i + ID1] = id1;
      slots[i + TYPE] = type;
      slots[i + ID2] = id2;
    }
    slots[i + VERSION] = version;
    slots[i + USE] = ++clock;
  }

  private void remove(byte kind, long id1, long type, long id2) {
    int i = find(kind, id1, type, id2);
    if (i >= 0) {
      slots[i + KIND] = EMPTY;
      size--;
    }
  }

  /** Where the key's slot begins in {@link #slots}, or -1 when it has none. */
  private int find(byte kind, long id1, long type, long id2) {
    int first = firstSlot(kind, id1, type, id2);
    for (int i = first; i < first + WAYS * FIELDS; i += FIELDS) {
      if (slots[i + KIND] == kind
          && slots[i + ID1] == id1
          && slots[i + ID2] == id2
          && slots[i + TYPE] == type) {
        return i;
      }
    }
    return -1;
  }

  /** The set's empty slot, else its least recently used one. */
  private int victim(int first) {
    int oldest = first;
    for (int i = first; i < first + WAYS * FIELDS; i += FIELDS) {
      if (slots[i + KIND] == EMPTY) {
        return i;
      }
      if (slots[i + USE] < slots[oldest + USE]) {
        oldest = i;
      }
    }
    return oldest;
  }

  /**
   * Where the first slot of the key's set begins in {@link #slots}. TAOBench's keys are patterned
   * (one link type, id2 close to id1), so the fields are mixed before the set is taken.
   */
  private static int firstSlot(byte kind, long id1, long type, long id2) {
    long h = id1 * 0x9E3779B97F4A7C15L + type;
    h = h * 0x9E3779B97F4A7C15L + id2;
    h = h * 0x9E3779B97F4A7C15L + kind;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    return (int) (h & (CAPACITY / WAYS - 1)) * WAYS * FIELDS;
  }
}
