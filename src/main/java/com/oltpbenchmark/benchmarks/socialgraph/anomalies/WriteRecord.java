package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import com.oltpbenchmark.benchmarks.socialgraph.audit.AuditKey;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteEffect;
import java.util.List;

/**
 * One write transaction of this driver process: the tick it began at (its name), the terminal that
 * sent it, what it writes and, once its commit returned, the tick of that acknowledgement.
 *
 * <p>Readers on other threads see a record from the moment it begins, so that a read which sees a
 * write still being committed can still name it; the fields they read are volatile.
 *
 * <p>What it writes is kept packed in one {@code long[]} ({@link #STRIDE} longs per key: the key's
 * three numbers, node flag and kind, version, payload hash), not as the list of {@link WriteEffect}
 * records: every row a read returns is looked up in one or more records, and walking a list to
 * records to their keys cost a cache miss per step (the read checks' largest CPU site in the
 * driver's profile). A write is packed once, when its commit returns (what it may write is packed
 * only if a read names it while it runs), and one array replaces the other whole, so a reader never
 * sees half of one and half of the other.
 */
public final class WriteRecord {

  /** {@link #ack} of a write that was rolled back. */
  static final long ROLLED_BACK = -1;

  static final int STRIDE = 6;

  /**
   * Keys from which a packed array carries a hash table of them after its keys: each row of a read
   * transaction is looked up in the writes of every other row, and a TAOBench write transaction
   * writes up to a hundred keys (20-27 keys in a fifth of workload_a's lookups), so a walk would
   * cost a pass over them per pair of rows. Below it a walk is as quick.
   */
  static final int INDEXED_FROM = 8;

  private static final int ID1 = 0;
  private static final int TYPE = 1;
  private static final int ID2 = 2;
  private static final int META = 3;
  private static final int VERSION = 4;
  private static final int PAYLOAD = 5;
  private static final long NODE = 1;
  private static final WriteEffect.Kind[] KINDS = WriteEffect.Kind.values();

  final long tick;
  final int terminal;

  /** What it may write, until its commit returned; packed only if a read asks while it runs. */
  private final List<WriteEffect> candidates;

  private volatile long[] candidatesPacked;

  /** What it wrote, packed, once its commit returned; null before. */
  volatile long[] effects;

  volatile long ack;

  WriteRecord(long tick, int terminal, List<WriteEffect> candidates) {
    this.tick = tick;
    this.terminal = terminal;
    this.candidates = candidates;
  }

  /**
   * Its keys, packed: what it wrote once its commit returned, until then what it may write. Each
   * call reads one array whole, so its answers never mix the two.
   */
  long[] keys() {
    long[] e = effects;
    if (e != null) {
      return e;
    }
    // rare (a read that sees a write still being committed); two readers may both pack, alike
    e = candidatesPacked;
    if (e == null) {
      e = pack(candidates);
      candidatesPacked = e;
    }
    return e;
  }

  /** Its commit returned, leaving {@code written}; returns them packed. */
  long[] written(List<WriteEffect> written) {
    long[] c = candidatesPacked;
    long[] e = c == null ? pack(written) : pack(written, c);
    effects = e;
    return e;
  }

  /**
   * Packed: {@link #STRIDE} longs per key and, from {@link #INDEXED_FROM} keys, an open-addressing
   * table of {@code 2^k >= 2n} slots (a key's position + 1, 0 for none) and the key count last. The
   * length says which: with the table it is odd ({@code 6n + 2^k + 1}), without it a multiple of 6.
   */
  static long[] pack(List<WriteEffect> effects) {
    int n = effects.size();
    int slots = n < INDEXED_FROM ? 0 : Integer.highestOneBit(2 * n - 1) << 1;
    long[] p = new long[n * STRIDE + (slots == 0 ? 0 : slots + 1)];
    for (int i = 0; i < n; i++) {
      WriteEffect e = effects.get(i);
      AuditKey k = e.key();
      int at = i * STRIDE;
      p[at + ID1] = k.id1();
      p[at + TYPE] = k.linkType();
      p[at + ID2] = k.id2();
      p[at + META] = meta(e);
      p[at + VERSION] = e.version();
      p[at + PAYLOAD] = e.payloadHash();
    }
    if (slots > 0) {
      p[p.length - 1] = n;
      int base = n * STRIDE;
      for (int i = 0; i < n; i++) {
        int at = i * STRIDE;
        int h = slotOf(p[at + META] & NODE, p[at + ID1], p[at + TYPE], p[at + ID2], slots - 1);
        // in key order, so that a key written twice is found at its first place, as by a walk
        while (p[base + h] != 0) {
          h = (h + 1) & (slots - 1);
        }
        p[base + h] = i + 1;
      }
    }
    return p;
  }

  private static int slotOf(long nodeFlag, long id1, long linkType, long id2, int mask) {
    return (int) AuditKey.mixedHash(nodeFlag == NODE, id1, linkType, id2) & mask;
  }

  /**
   * {@code effects} packed, or {@code packed} itself when it already holds exactly them: a write's
   * commit mostly leaves what it said it might, and a second array would be garbage at once.
   */
  static long[] pack(List<WriteEffect> effects, long[] packed) {
    int n = effects.size();
    if (count(packed) != n) {
      return pack(effects);
    }
    for (int i = 0; i < n; i++) {
      WriteEffect e = effects.get(i);
      AuditKey k = e.key();
      int at = i * STRIDE;
      if (packed[at + ID1] != k.id1()
          || packed[at + TYPE] != k.linkType()
          || packed[at + ID2] != k.id2()
          || packed[at + META] != meta(e)
          || packed[at + VERSION] != e.version()
          || packed[at + PAYLOAD] != e.payloadHash()) {
        return pack(effects);
      }
    }
    return packed;
  }

  /** A key's node flag and its effect's kind, in one long. */
  private static long meta(WriteEffect e) {
    return (e.key().node() ? NODE : 0) | (long) e.kind().ordinal() << 1;
  }

  /** Whether {@code effects} (one value of {@link #keys}) leaves the key present. */
  static boolean leavesPresent(long[] effects, boolean node, long id1, long linkType, long id2) {
    return isPresent(effects, indexOf(effects, node, id1, linkType, id2));
  }

  /** Whether its commit returned before the tick {@code t} was taken. */
  boolean acknowledgedBefore(long t) {
    long a = ack;
    return a > 0 && a < t;
  }

  /** How many keys {@code effects} (one value of {@link #keys}) writes. */
  static int count(long[] effects) {
    int len = effects.length;
    return (len & 1) == 0 ? len / STRIDE : (int) effects[len - 1];
  }

  /**
   * Where {@code effects} (one value of {@link #keys}) writes the key, as an index for the
   * accessors below, or -1 when it does not write the key.
   */
  static int indexOf(long[] effects, boolean node, long id1, long linkType, long id2) {
    long meta = node ? NODE : 0;
    int len = effects.length;
    if ((len & 1) != 0) {
      int base = (int) effects[len - 1] * STRIDE;
      int mask = len - base - 2;
      for (int h = slotOf(meta, id1, linkType, id2, mask); ; h = (h + 1) & mask) {
        long i = effects[base + h];
        if (i == 0) {
          return -1;
        }
        int at = (int) (i - 1) * STRIDE;
        if (effects[at + ID1] == id1
            && effects[at + ID2] == id2
            && effects[at + TYPE] == linkType
            && (effects[at + META] & NODE) == meta) {
          return at;
        }
      }
    }
    for (int at = 0; at < len; at += STRIDE) {
      if (effects[at + ID1] == id1
          && effects[at + ID2] == id2
          && effects[at + TYPE] == linkType
          && (effects[at + META] & NODE) == meta) {
        return at;
      }
    }
    return -1;
  }

  static WriteEffect.Kind kind(long[] effects, int at) {
    return KINDS[(int) (effects[at + META] >>> 1)];
  }

  static boolean isPresent(long[] effects, int at) {
    return at >= 0 && kind(effects, at) == WriteEffect.Kind.PRESENT;
  }

  static long version(long[] effects, int at) {
    return effects[at + VERSION];
  }

  static long payloadHash(long[] effects, int at) {
    return effects[at + PAYLOAD];
  }

  static boolean isNode(long[] effects, int at) {
    return (effects[at + META] & NODE) != 0;
  }

  static long id1(long[] effects, int at) {
    return effects[at + ID1];
  }

  static long linkType(long[] effects, int at) {
    return effects[at + TYPE];
  }

  static long id2(long[] effects, int at) {
    return effects[at + ID2];
  }

  /** Whether it writes the key (whatever it leaves there). */
  boolean writes(boolean node, long id1, long linkType, long id2) {
    return indexOf(keys(), node, id1, linkType, id2) >= 0;
  }

  /** How examples name it. */
  String describe() {
    return "write of terminal "
        + terminal
        + " begun at tick "
        + tick
        + (ack > 0
            ? ", acknowledged at tick " + ack
            : ack == ROLLED_BACK ? ", rolled back" : ", not acknowledged");
  }
}
