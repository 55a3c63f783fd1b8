package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import com.oltpbenchmark.benchmarks.socialgraph.audit.AuditKey;
import com.oltpbenchmark.benchmarks.socialgraph.audit.KeyState;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteEffect;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The driver process's memory of its recent write transactions, bounded whatever the run length.
 *
 * <ul>
 *   <li>By name: the last {@link #BY_TICK} write transactions, in a ring indexed by their tick. A
 *       row stamped by an older write is no longer nameable and is counted as not checkable.
 *   <li>By key: for {@link #BY_KEY} slots chosen by a hash of the key, the write whose commit
 *       returned last among those that left a row on it. A key whose slot another key took is not
 *       checked for staleness until it is written again.
 * </ul>
 *
 * <p>Both arrays hold references only, so the memory is at most the records they reach: about 100
 * bytes each plus their effects, a few megabytes at the sizes below.
 */
public final class RecentWrites {

  static final int BY_TICK = 1 << 15;
  static final int BY_KEY = 1 << 14;

  private final AtomicReferenceArray<WriteRecord> byTick = new AtomicReferenceArray<>(BY_TICK);
  private final AtomicReferenceArray<WriteRecord> byKey = new AtomicReferenceArray<>(BY_KEY);
  private final WriteStamp stamp;

  public RecentWrites(WriteStamp stamp) {
    this.stamp = stamp;
  }

  public WriteStamp stamp() {
    return stamp;
  }

  /** Remembers a write transaction as it begins; {@code candidates}: what it may write. */
  public WriteRecord begin(long tick, int terminal, List<WriteEffect> candidates) {
    WriteRecord r = new WriteRecord(tick, terminal, candidates == null ? List.of() : candidates);
    byTick.set((int) (tick & (BY_TICK - 1)), r);
    return r;
  }

  /** Its commit returned at {@code ackTick}, leaving {@code effects}. */
  public void acknowledged(WriteRecord r, long ackTick, List<WriteEffect> effects) {
    long[] packed = r.written(effects);
    r.ack = ackTick;
    int end = WriteRecord.count(packed) * WriteRecord.STRIDE;
    for (int at = 0; at < end; at += WriteRecord.STRIDE) {
      if (WriteRecord.isPresent(packed, at)) {
        byKey.set(
            slotOf(
                hash(
                    WriteRecord.isNode(packed, at),
                    WriteRecord.id1(packed, at),
                    WriteRecord.linkType(packed, at),
                    WriteRecord.id2(packed, at))),
            r);
      }
    }
  }

  /** It was rolled back (its procedure or its commit failed with a server error). */
  public void rolledBack(WriteRecord r) {
    r.ack = WriteRecord.ROLLED_BACK;
  }

  /**
   * The write of this run and process that left a row, or null when the row names none that is
   * still remembered (the load's rows, other processes' and earlier runs', unstamped payloads). The
   * key is hashed only when the ring by tick no longer holds the write the row names.
   */
  WriteRecord identify(boolean node, long id1, long linkType, long id2, long version, byte[] data) {
    long tick = stamp.tickOf(data);
    if (tick >= 0) {
      WriteRecord r = byTick.get((int) (tick & (BY_TICK - 1)));
      if (r == null || r.tick != tick) {
        // the slot's tick before its keys: a row the slot's write cannot name costs one miss less
        r = byKey.get(slot(node, id1, linkType, id2));
        if (r == null || r.tick != tick) {
          return null;
        }
      }
      // one snapshot of its keys: the commit may replace them meanwhile
      return WriteRecord.leavesPresent(r.keys(), node, id1, linkType, id2) ? r : null;
    }
    // A version names a LinkBench write only with its payload: empty payloads hash alike.
    if (version <= 0 || data == null || data.length < 4) {
      return null;
    }
    WriteRecord r = byTick.get((int) (version & (BY_TICK - 1)));
    if (r == null || !WriteStamp.versionNames(version, r.tick, !node)) {
      // as above; the keys are looked at once, below (most of a LinkBench run's nodes are the
      // load's, whose constant version names no write)
      r = byKey.get(slot(node, id1, linkType, id2));
      if (r == null || !WriteStamp.versionNames(version, r.tick, !node)) {
        return null;
      }
    }
    long[] effects = r.keys();
    int at = WriteRecord.indexOf(effects, node, id1, linkType, id2);
    // the CRC last: only a row whose version already names this write pays for it
    return WriteRecord.isPresent(effects, at)
            && WriteRecord.version(effects, at) == version
            && WriteRecord.payloadHash(effects, at) == KeyState.payloadHash(data)
        ? r
        : null;
  }

  /** The acknowledged write that last left a row on the key, or null. */
  WriteRecord latest(boolean node, long id1, long linkType, long id2) {
    return latest(hash(node, id1, linkType, id2), node, id1, linkType, id2);
  }

  /** As {@link #latest(boolean, long, long, long)}, given the key's {@link #hash}. */
  WriteRecord latest(int hash, boolean node, long id1, long linkType, long id2) {
    WriteRecord r = byKey.get(slotOf(hash));
    if (r == null) {
      return null;
    }
    return WriteRecord.leavesPresent(r.keys(), node, id1, linkType, id2) ? r : null;
  }

  static int slot(boolean node, long id1, long linkType, long id2) {
    return slotOf(hash(node, id1, linkType, id2));
  }

  static int slotOf(int hash) {
    return hash & (BY_KEY - 1);
  }

  static int hash(boolean node, long id1, long linkType, long id2) {
    return (int) AuditKey.mixedHash(node, id1, linkType, id2);
  }
}
