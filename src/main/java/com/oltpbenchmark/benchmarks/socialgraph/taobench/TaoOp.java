package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * One TAOBench operation, plain data. Fields that a kind does not use are 0 / empty.
 *
 * @param kind what to do
 * @param id1 object id, or the association's source
 * @param linkType association type (0 for object operations)
 * @param id2 association destination (0 for object operations and ranges/counts)
 * @param preconditions checks to apply atomically with a write (empty for reads)
 * @param expectedVersion the version VERSION_MATCH compares against; -1: the version the write's
 *     own transaction reads before locking (read-then-CAS without a gap)
 * @param expectedVisibility the visibility VISIBILITY_MATCH compares against (Link.VISIBLE/HIDDEN)
 * @param payload bytes to write (empty array for reads and deletes)
 * @param time time to store on a write, epoch milliseconds (nodetable keeps seconds: time/1000)
 * @param rangeLimit ASSOC_RANGE: maximum number of rows (newest first)
 * @param minTime ASSOC_RANGE: smallest time to include
 * @param maxTime ASSOC_RANGE: largest time to include
 */
public record TaoOp(
    TaoOpKind kind,
    long id1,
    long linkType,
    long id2,
    Set<Precondition> preconditions,
    long expectedVersion,
    int expectedVisibility,
    byte[] payload,
    long time,
    int rangeLimit,
    long minTime,
    long maxTime) {

  private static final byte[] NO_BYTES = new byte[0];

  public TaoOp {
    if (kind == null) {
      throw new IllegalArgumentException("TaoOp: kind must not be null");
    }
    preconditions =
        preconditions == null || preconditions.isEmpty()
            ? Collections.unmodifiableSet(EnumSet.noneOf(Precondition.class))
            : Collections.unmodifiableSet(EnumSet.copyOf(preconditions));
    if (kind.isRead() && !preconditions.isEmpty()) {
      throw new IllegalArgumentException("TaoOp " + kind + ": reads carry no preconditions");
    }
    if (payload == null) {
      payload = NO_BYTES;
    }
  }

  public static TaoOp objectRead(long id) {
    return new TaoOp(TaoOpKind.OBJECT_READ, id, 0, 0, null, 0, 0, null, 0, 0, 0, 0);
  }

  public static TaoOp assocRead(long id1, long linkType, long id2) {
    return new TaoOp(TaoOpKind.ASSOC_READ, id1, linkType, id2, null, 0, 0, null, 0, 0, 0, 0);
  }

  public static TaoOp assocRange(long id1, long linkType, long minTime, long maxTime, int limit) {
    return new TaoOp(
        TaoOpKind.ASSOC_RANGE, id1, linkType, 0, null, 0, 0, null, 0, limit, minTime, maxTime);
  }

  public static TaoOp assocCount(long id1, long linkType) {
    return new TaoOp(TaoOpKind.ASSOC_COUNT, id1, linkType, 0, null, 0, 0, null, 0, 0, 0, 0);
  }

  /** A write to an object (OBJECT_ADD, OBJECT_UPDATE or OBJECT_DELETE). */
  public static TaoOp objectWrite(
      TaoOpKind kind,
      long id,
      Set<Precondition> preconditions,
      long expectedVersion,
      byte[] payload,
      long time) {
    if (!kind.isWrite() || !kind.isObject()) {
      throw new IllegalArgumentException("objectWrite: " + kind + " is not an object write");
    }
    return new TaoOp(kind, id, 0, 0, preconditions, expectedVersion, 0, payload, time, 0, 0, 0);
  }

  /** A write to an association (ASSOC_ADD, ASSOC_UPDATE or ASSOC_DELETE). */
  public static TaoOp assocWrite(
      TaoOpKind kind,
      long id1,
      long linkType,
      long id2,
      Set<Precondition> preconditions,
      long expectedVersion,
      int expectedVisibility,
      byte[] payload,
      long time) {
    if (!kind.isWrite() || kind.isObject()) {
      throw new IllegalArgumentException("assocWrite: " + kind + " is not an association write");
    }
    return new TaoOp(
        kind,
        id1,
        linkType,
        id2,
        preconditions,
        expectedVersion,
        expectedVisibility,
        payload,
        time,
        0,
        0,
        0);
  }

  public boolean has(Precondition p) {
    return preconditions.contains(p);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TaoOp t
        && kind == t.kind
        && id1 == t.id1
        && linkType == t.linkType
        && id2 == t.id2
        && preconditions.equals(t.preconditions)
        && expectedVersion == t.expectedVersion
        && expectedVisibility == t.expectedVisibility
        && time == t.time
        && rangeLimit == t.rangeLimit
        && minTime == t.minTime
        && maxTime == t.maxTime
        && java.util.Arrays.equals(payload, t.payload);
  }

  @Override
  public int hashCode() {
    return ((kind.hashCode() * 31 + Long.hashCode(id1)) * 31 + Long.hashCode(linkType)) * 31
        + Long.hashCode(id2);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(kind.name()).append('(').append(id1);
    if (!kind.isObject()) {
      sb.append(',').append(linkType);
      if (kind == TaoOpKind.ASSOC_READ || kind.isWrite()) {
        sb.append(',').append(id2);
      }
    }
    sb.append(')');
    if (!preconditions.isEmpty()) {
      sb.append(preconditions);
    }
    return sb.toString();
  }
}
