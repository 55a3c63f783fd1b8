package com.oltpbenchmark.benchmarks.socialgraph.config;

/**
 * The request streams that choose an id through an access distribution, with the LinkBench key
 * prefix of each. Unlike LinkBench (which read the write keys from the read ones) the uncorrelated
 * link-write stream really reads the {@code write_uncorr_*} keys.
 */
public enum AccessKind {
  LINK_READS("read_"),
  LINK_READS_UNCORR("read_uncorr_"),
  LINK_WRITES("write_"),
  LINK_WRITES_UNCORR("write_uncorr_"),
  NODE_READS("node_read_"),
  NODE_UPDATES("node_update_"),
  NODE_DELETES("node_delete_");

  private final String prefix;

  AccessKind(String prefix) {
    this.prefix = prefix;
  }

  /** Key prefix, e.g. {@code read_} for {@code read_function} and {@code read_shape}. */
  public String prefix() {
    return prefix;
  }

  /** True for the two streams that use the uncorrelated permutation. */
  public boolean uncorrelated() {
    return this == LINK_READS_UNCORR || this == LINK_WRITES_UNCORR;
  }

  /** True for the node streams (they share one permutation, separate from the link one). */
  public boolean forNodes() {
    return this == NODE_READS || this == NODE_UPDATES || this == NODE_DELETES;
  }
}
