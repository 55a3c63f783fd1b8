package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.util.ArrayList;
import java.util.List;

/**
 * The writes of one tracked key that could still explain its final state (see {@link WriteTracker}
 * for the rule). Stamps come from one logical clock shared by all workers.
 *
 * <p>Acknowledged writes are dropped once an acknowledged write began after they were acknowledged;
 * what stays is bounded by the number of writes in flight at one moment. Writes whose outcome is
 * unknown (commit failed, or still in flight) stay until the end, up to {@link #MAX_OPEN}; beyond
 * that the key is no longer judged.
 */
final class KeyHistory {

  static final int MAX_OPEN = 32;
  static final int MAX_ACKED = 256;

  /** One write: invoked at {@code invoke}, acknowledged at {@code complete} (0 = not yet). */
  static final class Entry {
    final WriteEffect effect;
    final long invoke;
    long complete;

    Entry(WriteEffect effect, long invoke) {
      this.effect = effect;
      this.invoke = invoke;
    }
  }

  private final List<Entry> acked = new ArrayList<>(2);
  private final List<Entry> open = new ArrayList<>(1);
  private long latestAckedInvoke = -1;
  private Entry lastAcked;
  private boolean overflowed;
  private long acknowledgedWrites;

  synchronized Entry begin(WriteEffect effect, long invoke) {
    Entry e = new Entry(effect, invoke);
    if (open.size() >= MAX_OPEN) {
      overflowed = true;
      return e;
    }
    open.add(e);
    return e;
  }

  synchronized void acknowledged(Entry e, long complete) {
    e.complete = complete;
    open.remove(e);
    acknowledgedWrites++;
    if (lastAcked == null || complete > lastAcked.complete) {
      lastAcked = e;
    }
    latestAckedInvoke = Math.max(latestAckedInvoke, e.invoke);
    acked.add(e);
    acked.removeIf(a -> a.complete < latestAckedInvoke);
    if (acked.size() > MAX_ACKED) {
      overflowed = true;
      acked.remove(0);
    }
  }

  /** The transaction was rolled back (the write failed before its commit): it left nothing. */
  synchronized void rolledBack(Entry e) {
    open.remove(e);
  }

  /** Whether any acknowledged write (still relevant or not) exists. */
  synchronized boolean hasAcknowledgedWrite() {
    return lastAcked != null;
  }

  synchronized boolean overflowed() {
    return overflowed;
  }

  synchronized long acknowledgedWrites() {
    return acknowledgedWrites;
  }

  synchronized WriteEffect lastAcknowledged() {
    return lastAcked == null ? null : lastAcked.effect;
  }

  /** Whether some write that may be the last one to commit could have left {@code s}. */
  synchronized boolean explains(KeyState s) {
    for (Entry e : acked) {
      if (e.effect.couldHaveLeft(s)) {
        return true;
      }
    }
    for (Entry e : open) {
      if (e.effect.couldHaveLeft(s)) {
        return true;
      }
    }
    return false;
  }

  /** Lowest version the candidate writes with a known version would leave, or -1. */
  synchronized long lowestCandidateVersion() {
    long min = Long.MAX_VALUE;
    for (List<Entry> l : List.of(acked, open)) {
      for (Entry e : l) {
        if (e.effect.kind() == WriteEffect.Kind.PRESENT
            && e.effect.version() != WriteEffect.ANY_VERSION) {
          min = Math.min(min, e.effect.version());
        } else {
          return -1;
        }
      }
    }
    return min == Long.MAX_VALUE ? -1 : min;
  }
}
