package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;

/**
 * A node (id) or a link (id1, linkType, id2) whose writes the audit tracks.
 *
 * @param node true for a node key; linkType and id2 are then 0
 */
public record AuditKey(boolean node, long id1, long linkType, long id2) {

  public static AuditKey node(long id) {
    return new AuditKey(true, id, 0, 0);
  }

  public static AuditKey link(long id1, long linkType, long id2) {
    return new AuditKey(false, id1, linkType, id2);
  }

  /** A well-mixed hash, so that sampling by it spreads over ids, types and hot keys alike. */
  long mixedHash() {
    return mixedHash(node, id1, linkType, id2);
  }

  /** {@link #mixedHash()} of the key these fields name, without making the key. */
  public static long mixedHash(boolean node, long id1, long linkType, long id2) {
    long h = id1 * 0x9E3779B97F4A7C15L;
    h ^= Long.rotateLeft(linkType * 0xC2B2AE3D27D4EB4FL, 21);
    h ^= Long.rotateLeft(id2 * 0x165667B19E3779F9L, 42);
    h ^= node ? 0x27D4EB2F165667C5L : 0;
    h ^= h >>> 33;
    h *= 0xFF51AFD7ED558CCDL;
    h ^= h >>> 33;
    return h;
  }

  // Written out: the record's generated equals and hashCode dispatch through method handles, and
  // every tracked write looks its keys up (they showed in the driver's profile).
  @Override
  public boolean equals(Object o) {
    return o instanceof AuditKey k
        && node == k.node
        && id1 == k.id1
        && linkType == k.linkType
        && id2 == k.id2;
  }

  @Override
  public int hashCode() {
    return (int) mixedHash();
  }

  @Override
  public String toString() {
    return node ? "node " + id1 : Link.describe(id1, linkType, id2);
  }
}
