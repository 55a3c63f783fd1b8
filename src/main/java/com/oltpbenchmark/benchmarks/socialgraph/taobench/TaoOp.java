package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * One TAOBench operation: a read ({@link ReadOp}: object, association, range or count) or a write
 * ({@link WriteOp}: to an object or an association), each a record holding only what its kind uses.
 * Dispatch on the record type; {@link #kind()} names the operation for messages, statistics and the
 * add/update/delete distinction of writes.
 */
public sealed interface TaoOp permits TaoOp.ReadOp, TaoOp.WriteOp {

  TaoOpKind kind();

  /** The object id, or the association's source: the id the op's shard is chosen by. */
  long id1();

  /** A read; it carries no preconditions. */
  sealed interface ReadOp extends TaoOp permits ObjectRead, AssocRead, AssocRange, AssocCount {}

  /** A write with the preconditions to check atomically with it. */
  sealed interface WriteOp extends TaoOp permits ObjectWrite, AssocWrite {

    Set<Precondition> preconditions();

    /**
     * The version VERSION_MATCH compares against; negative: the version the write's own transaction
     * reads before locking (read-then-CAS without a gap).
     */
    long expectedVersion();

    /** Bytes to write (empty for deletes). */
    byte[] payload();

    /** Time to store, epoch milliseconds (nodetable keeps seconds: time/1000); 0: now. */
    long time();

    default boolean has(Precondition p) {
      return preconditions().contains(p);
    }

    /** This write with {@code p} added to its preconditions. */
    WriteOp withPrecondition(Precondition p);
  }

  /** Point read of object {@code id}. */
  record ObjectRead(long id) implements ReadOp {
    @Override
    public TaoOpKind kind() {
      return TaoOpKind.OBJECT_READ;
    }

    @Override
    public long id1() {
      return id;
    }

    @Override
    public String toString() {
      return kind() + "(" + id + ")";
    }
  }

  /** Point read of association (id1, linkType, id2), hidden or not. */
  record AssocRead(long id1, long linkType, long id2) implements ReadOp {
    @Override
    public TaoOpKind kind() {
      return TaoOpKind.ASSOC_READ;
    }

    @Override
    public String toString() {
      return kind() + "(" + id1 + "," + linkType + "," + id2 + ")";
    }
  }

  /**
   * Newest-first scan of the visible associations (id1, linkType, *) with minTime &lt;= time &lt;=
   * maxTime, at most rangeLimit rows.
   */
  record AssocRange(long id1, long linkType, long minTime, long maxTime, int rangeLimit)
      implements ReadOp {

    public AssocRange {
      if (rangeLimit <= 0) {
        throw new IllegalArgumentException(
            "ASSOC_RANGE("
                + id1
                + ","
                + linkType
                + "): range limit must be positive, got "
                + rangeLimit);
      }
    }

    @Override
    public TaoOpKind kind() {
      return TaoOpKind.ASSOC_RANGE;
    }

    @Override
    public String toString() {
      return kind() + "(" + id1 + "," + linkType + ")";
    }
  }

  /** Number of visible associations (id1, linkType, *). */
  record AssocCount(long id1, long linkType) implements ReadOp {
    @Override
    public TaoOpKind kind() {
      return TaoOpKind.ASSOC_COUNT;
    }

    @Override
    public String toString() {
      return kind() + "(" + id1 + "," + linkType + ")";
    }
  }

  /** OBJECT_ADD, OBJECT_UPDATE or OBJECT_DELETE of object {@code id}. */
  record ObjectWrite(
      TaoOpKind kind,
      long id,
      Set<Precondition> preconditions,
      long expectedVersion,
      byte[] payload,
      long time)
      implements WriteOp {

    public ObjectWrite {
      if (kind == null || !kind.isWrite() || !kind.isObject()) {
        throw new IllegalArgumentException("ObjectWrite: " + kind + " is not an object write");
      }
      preconditions = frozen(preconditions);
      payload = payload == null ? new byte[0] : payload;
    }

    @Override
    public long id1() {
      return id;
    }

    @Override
    public ObjectWrite withPrecondition(Precondition p) {
      return new ObjectWrite(kind, id, plus(preconditions, p), expectedVersion, payload, time);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ObjectWrite w
          && kind == w.kind
          && id == w.id
          && preconditions.equals(w.preconditions)
          && expectedVersion == w.expectedVersion
          && time == w.time
          && Arrays.equals(payload, w.payload);
    }

    @Override
    public int hashCode() {
      return kind.hashCode() * 31 + Long.hashCode(id);
    }

    @Override
    public String toString() {
      return kind + "(" + id + ")" + (preconditions.isEmpty() ? "" : preconditions.toString());
    }
  }

  /**
   * ASSOC_ADD, ASSOC_UPDATE or ASSOC_DELETE of association (id1, linkType, id2).
   *
   * @param expectedVisibility the visibility VISIBILITY_MATCH compares against
   */
  record AssocWrite(
      TaoOpKind kind,
      long id1,
      long linkType,
      long id2,
      Set<Precondition> preconditions,
      long expectedVersion,
      int expectedVisibility,
      byte[] payload,
      long time)
      implements WriteOp {

    public AssocWrite {
      if (kind == null || !kind.isWrite() || kind.isObject()) {
        throw new IllegalArgumentException("AssocWrite: " + kind + " is not an association write");
      }
      preconditions = frozen(preconditions);
      payload = payload == null ? new byte[0] : payload;
    }

    @Override
    public AssocWrite withPrecondition(Precondition p) {
      return new AssocWrite(
          kind,
          id1,
          linkType,
          id2,
          plus(preconditions, p),
          expectedVersion,
          expectedVisibility,
          payload,
          time);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof AssocWrite w
          && kind == w.kind
          && id1 == w.id1
          && linkType == w.linkType
          && id2 == w.id2
          && preconditions.equals(w.preconditions)
          && expectedVersion == w.expectedVersion
          && expectedVisibility == w.expectedVisibility
          && time == w.time
          && Arrays.equals(payload, w.payload);
    }

    @Override
    public int hashCode() {
      return ((kind.hashCode() * 31 + Long.hashCode(id1)) * 31 + Long.hashCode(linkType)) * 31
          + Long.hashCode(id2);
    }

    @Override
    public String toString() {
      return kind
          + "("
          + id1
          + ","
          + linkType
          + ","
          + id2
          + ")"
          + (preconditions.isEmpty() ? "" : preconditions.toString());
    }
  }

  static ObjectRead objectRead(long id) {
    return new ObjectRead(id);
  }

  static AssocRead assocRead(long id1, long linkType, long id2) {
    return new AssocRead(id1, linkType, id2);
  }

  static AssocRange assocRange(long id1, long linkType, long minTime, long maxTime, int limit) {
    return new AssocRange(id1, linkType, minTime, maxTime, limit);
  }

  static AssocCount assocCount(long id1, long linkType) {
    return new AssocCount(id1, linkType);
  }

  /** A write to an object (OBJECT_ADD, OBJECT_UPDATE or OBJECT_DELETE). */
  static ObjectWrite objectWrite(
      TaoOpKind kind,
      long id,
      Set<Precondition> preconditions,
      long expectedVersion,
      byte[] payload,
      long time) {
    return new ObjectWrite(kind, id, preconditions, expectedVersion, payload, time);
  }

  /** A write to an association (ASSOC_ADD, ASSOC_UPDATE or ASSOC_DELETE). */
  static AssocWrite assocWrite(
      TaoOpKind kind,
      long id1,
      long linkType,
      long id2,
      Set<Precondition> preconditions,
      long expectedVersion,
      int expectedVisibility,
      byte[] payload,
      long time) {
    return new AssocWrite(
        kind,
        id1,
        linkType,
        id2,
        preconditions,
        expectedVersion,
        expectedVisibility,
        payload,
        time);
  }

  private static Set<Precondition> frozen(Set<Precondition> preconditions) {
    // most writes have none: they share one empty set instead of each making its own
    return preconditions == null || preconditions.isEmpty()
        ? NoPreconditions.SET
        : Collections.unmodifiableSet(EnumSet.copyOf(preconditions));
  }

  private static Set<Precondition> plus(Set<Precondition> preconditions, Precondition p) {
    EnumSet<Precondition> set = EnumSet.of(p);
    set.addAll(preconditions);
    return set;
  }
}
