package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;

/**
 * What one write leaves behind on one key, as a predicate over the stored {@link KeyState}: the
 * exact row (version -1 when the database chose it), "not visible" (a hidden link; a hide of an
 * absent link changes nothing), or "absent".
 */
public record WriteEffect(AuditKey key, Kind kind, int visibility, long version, long payloadHash) {

  public enum Kind {
    PRESENT,
    NOT_VISIBLE,
    ABSENT
  }

  /** Version the database picks (TAOBench writes bump the stored one). */
  public static final long ANY_VERSION = -1;

  public static WriteEffect link(Link l) {
    return new WriteEffect(
        AuditKey.link(l.id1(), l.linkType(), l.id2()),
        Kind.PRESENT,
        l.visibility(),
        l.version(),
        KeyState.payloadHash(l.data()));
  }

  public static WriteEffect link(
      long id1, long linkType, long id2, int visibility, long version, byte[] data) {
    return new WriteEffect(
        AuditKey.link(id1, linkType, id2),
        Kind.PRESENT,
        visibility,
        version,
        KeyState.payloadHash(data));
  }

  public static WriteEffect linkHidden(long id1, long linkType, long id2) {
    return new WriteEffect(AuditKey.link(id1, linkType, id2), Kind.NOT_VISIBLE, 0, 0, 0);
  }

  public static WriteEffect node(Node n) {
    return node(n.id(), n.version(), n.data());
  }

  public static WriteEffect node(long id, long version, byte[] data) {
    return new WriteEffect(AuditKey.node(id), Kind.PRESENT, 0, version, KeyState.payloadHash(data));
  }

  public static WriteEffect nodeAbsent(long id) {
    return new WriteEffect(AuditKey.node(id), Kind.ABSENT, 0, 0, 0);
  }

  // Written out for the same reason as AuditKey's: compared for every tracked write.
  @Override
  public boolean equals(Object o) {
    return o instanceof WriteEffect e
        && kind == e.kind
        && visibility == e.visibility
        && version == e.version
        && payloadHash == e.payloadHash
        && key.equals(e.key);
  }

  @Override
  public int hashCode() {
    return 31 * key.hashCode() + Long.hashCode(version ^ payloadHash) + kind.ordinal();
  }

  /** Whether this write could have left {@code s}. */
  public boolean couldHaveLeft(KeyState s) {
    return switch (kind) {
      case ABSENT -> !s.present();
      case NOT_VISIBLE -> !s.present() || s.visibility() != Link.VISIBLE;
      case PRESENT ->
          s.present()
              && (key.node() || s.visibility() == visibility)
              && (version == ANY_VERSION || s.version() == version)
              && s.payloadHash() == payloadHash;
    };
  }

  /** The expected state, for reports. */
  public String describe() {
    return switch (kind) {
      case ABSENT -> "absent";
      case NOT_VISIBLE -> "absent or hidden";
      case PRESENT ->
          (key.node() ? "" : "visibility=" + visibility + " ")
              + "version="
              + (version == ANY_VERSION ? "any" : Long.toString(version))
              + " payloadHash="
              + payloadHash;
    };
  }
}
