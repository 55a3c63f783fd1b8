package com.oltpbenchmark.benchmarks.socialgraph.taobench;

/**
 * What one TAOBench operation does. Reads go to Read/ReadTxn, writes to Write/WriteTxn; a read
 * transaction holds only reads and a write transaction only writes (TAO's one-shot transactions).
 */
public enum TaoOpKind {
  /** Point read of object {@code id1}. */
  OBJECT_READ(false, true),
  /** Point read of association (id1, linkType, id2). */
  ASSOC_READ(false, false),
  /**
   * Newest-first range scan of the visible associations (id1, linkType, *), at most rangeLimit
   * rows, restricted to [minTime, maxTime].
   */
  ASSOC_RANGE(false, false),
  /** Number of visible associations (id1, linkType, *). */
  ASSOC_COUNT(false, false),
  /** Insert object {@code id1} (a fresh id that no loaded row and no other worker uses). */
  OBJECT_ADD(true, true),
  /** Overwrite the payload of object {@code id1} and bump its version. */
  OBJECT_UPDATE(true, true),
  /** Delete object {@code id1}. */
  OBJECT_DELETE(true, true),
  /** Insert association (id1, linkType, id2) as visible. */
  ASSOC_ADD(true, false),
  /** Overwrite payload/time of association (id1, linkType, id2) and bump its version. */
  ASSOC_UPDATE(true, false),
  /** Delete association (id1, linkType, id2). */
  ASSOC_DELETE(true, false);

  private final boolean write;
  private final boolean object;

  TaoOpKind(boolean write, boolean object) {
    this.write = write;
    this.object = object;
  }

  public boolean isWrite() {
    return write;
  }

  public boolean isRead() {
    return !write;
  }

  /** True for operations on nodetable, false for operations on linktable/counttable. */
  public boolean isObject() {
    return object;
  }
}
