package com.oltpbenchmark.benchmarks.socialgraph.taobench;

/**
 * Atomic preconditions a TAOBench write may carry (paper section 2.2 / 4.1). A failed check aborts
 * the whole write (transaction) with a message naming the precondition. TAOBench's edge type {@code
 * unique_and_bidirectional} is the set {UNIQUE, BIDIRECTIONAL}.
 */
public enum Precondition {
  /** ASSOC_ADD: no other visible association of this type leaves id1. */
  UNIQUE,
  /**
   * ASSOC_ADD/DELETE: the inverse association (id2, linkType, id1) is written in the same
   * transaction.
   */
  BIDIRECTIONAL,
  /**
   * Updates/deletes: the row's version equals {@link TaoOp.WriteOp#expectedVersion()} (compare and
   * swap).
   */
  VERSION_MATCH,
  /**
   * Association updates/deletes: the row's visibility equals {@link
   * TaoOp.AssocWrite#expectedVisibility()}.
   */
  VISIBILITY_MATCH,
  /** Updates: fail if the row does not exist (instead of inserting it). */
  UPDATE_ONLY
}
