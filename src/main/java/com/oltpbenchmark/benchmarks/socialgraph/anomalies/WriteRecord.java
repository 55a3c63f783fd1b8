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
 */
public final class WriteRecord {

  /** {@link #ack} of a write that was rolled back. */
  static final long ROLLED_BACK = -1;

  final long tick;
  final int terminal;
  volatile List<WriteEffect> effects;
  volatile long ack;

  WriteRecord(long tick, int terminal, List<WriteEffect> effects) {
    this.tick = tick;
    this.terminal = terminal;
    this.effects = effects;
  }

  /** Whether its commit returned before the tick {@code t} was taken. */
  boolean acknowledgedBefore(long t) {
    long a = ack;
    return a > 0 && a < t;
  }

  /** What it writes on the key, or null when it does not write the key. */
  WriteEffect effectOn(boolean node, long id1, long linkType, long id2) {
    for (WriteEffect e : effects) {
      AuditKey k = e.key();
      if (k.node() == node && k.id1() == id1 && k.linkType() == linkType && k.id2() == id2) {
        return e;
      }
    }
    return null;
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
