package com.oltpbenchmark.benchmarks.socialgraph.model;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * A row of {@code nodetable} (LinkBench's node, TAOBench's object).
 *
 * <p>{@code time} is UNIX seconds, as LinkBench writes it. {@code id} is ignored by {@code
 * AddNode}, which lets the database allocate it. Equality compares the payload byte by byte.
 *
 * @param id node id (allocated by the store on insert)
 * @param type node type; LinkBench always uses {@link #DEFAULT_TYPE}
 * @param version opaque version; LinkBench writes 1 on insert and 2 on update
 * @param time UNIX time in seconds of the last write
 * @param data payload bytes (at most {@link #MAX_DATA} bytes)
 */
public record Node(long id, int type, long version, long time, byte[] data) {

  /** The node type LinkBench's workload uses for every node. */
  public static final int DEFAULT_TYPE = 2048;

  /** Largest payload LinkBench generates for a node (1 MiB). */
  public static final int MAX_DATA = 1 << 20;

  public Node {
    if (data == null) {
      throw new IllegalArgumentException(
          "node " + id + ": data must not be null (use an empty array)");
    }
  }

  /** This node with another id (e.g. the id the store allocated). */
  public Node withId(long newId) {
    return new Node(newId, type, version, time, data);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Node n
        && id == n.id
        && type == n.type
        && version == n.version
        && time == n.time
        && Arrays.equals(data, n.data);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(id) * 31 + Arrays.hashCode(data);
  }

  @Override
  public String toString() {
    return "Node{id="
        + id
        + ", type="
        + type
        + ", version="
        + version
        + ", time="
        + time
        + ", data="
        + preview(data)
        + "}";
  }

  /** First bytes of a payload in hex plus its length: enough to tell payloads apart in a log. */
  static String preview(byte[] data) {
    int shown = Math.min(data.length, 16);
    String hex = HexFormat.of().formatHex(data, 0, shown);
    return data.length + " bytes [" + hex + (shown < data.length ? "..." : "") + "]";
  }
}
