package com.oltpbenchmark.benchmarks.socialgraph.model;

import java.util.Arrays;

/**
 * A row of {@code linktable}: the directed edge (id1, linkType, id2) of LinkBench, the association
 * of TAOBench.
 *
 * <p>{@code time} is the client-defined sort key of range scans (epoch milliseconds in the
 * workload). A hidden link ({@link #HIDDEN}) is still returned by point reads but excluded from
 * range scans and counts. Equality covers all seven fields, the payload byte by byte.
 *
 * @param id1 source node
 * @param linkType link type
 * @param id2 destination node
 * @param visibility {@link #VISIBLE} or {@link #HIDDEN}
 * @param data payload bytes (at most {@link #MAX_DATA} bytes)
 * @param version opaque version (LinkBench writes 0; TAOBench compares it)
 * @param time sort key, epoch milliseconds in the workload
 */
public record Link(
    long id1, long linkType, long id2, int visibility, byte[] data, int version, long time) {

  public static final int HIDDEN = 0;
  public static final int VISIBLE = 1;

  /** Largest link payload LinkBench allows (the column holds exactly this many bytes). */
  public static final int MAX_DATA = 255;

  public Link {
    if (data == null) {
      throw new IllegalArgumentException(
          describe(id1, linkType, id2) + ": data must not be null (use an empty array)");
    }
    if (visibility != HIDDEN && visibility != VISIBLE) {
      throw new IllegalArgumentException(
          describe(id1, linkType, id2)
              + ": visibility must be 0 (hidden) or 1 (visible), got "
              + visibility);
    }
  }

  /** How messages name the link (id1, linkType, id2): {@code "link (id1,linkType,id2)"}. */
  public static String describe(long id1, long linkType, long id2) {
    return "link (" + id1 + "," + linkType + "," + id2 + ")";
  }

  public boolean isVisible() {
    return visibility == VISIBLE;
  }

  /** This link with another visibility, everything else unchanged. */
  public Link withVisibility(int newVisibility) {
    return new Link(id1, linkType, id2, newVisibility, data, version, time);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Link l
        && id1 == l.id1
        && linkType == l.linkType
        && id2 == l.id2
        && visibility == l.visibility
        && version == l.version
        && time == l.time
        && Arrays.equals(data, l.data);
  }

  @Override
  public int hashCode() {
    return ((Long.hashCode(id1) * 31 + Long.hashCode(linkType)) * 31 + Long.hashCode(id2)) * 31
        + Arrays.hashCode(data);
  }

  @Override
  public String toString() {
    return "Link{id1="
        + id1
        + ", type="
        + linkType
        + ", id2="
        + id2
        + ", visibility="
        + visibility
        + ", version="
        + version
        + ", time="
        + time
        + ", data="
        + Node.preview(data)
        + "}";
  }
}
