package com.oltpbenchmark.benchmarks.socialgraph.audit;

import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.tree.ImmutableNode;

/**
 * The optional {@code <audit>} block of a config: {@code <trackedKeys>} (most keys whose writes are
 * tracked for the lost-write check; 0 turns tracking off; default 10000) and {@code <sampleOneIn>}
 * (track one key in this many, chosen by a hash of the key; default 1). Read from the node tree, so
 * it works whatever expression engine the runtime set (upstream uses XPath).
 */
public record AuditConfig(int trackedKeys, int sampleOneIn) {

  public static final int DEFAULT_TRACKED_KEYS = 10_000;
  static final int MAX_TRACKED_KEYS = 10_000_000;

  /** Reads the block; an unknown key or a bad value throws naming the element. */
  public static AuditConfig from(XMLConfiguration xml, String fileName) {
    int trackedKeys = DEFAULT_TRACKED_KEYS;
    int sampleOneIn = 1;
    if (xml == null) {
      return new AuditConfig(trackedKeys, sampleOneIn);
    }
    String where = (fileName == null ? "" : fileName + ": ") + "element <audit>";
    ImmutableNode block = null;
    for (ImmutableNode child : xml.getNodeModel().getNodeHandler().getRootNode().getChildren()) {
      if (child.getNodeName().equals("audit")) {
        if (block != null) {
          throw new IllegalArgumentException(where + ": given more than once");
        }
        block = child;
      }
    }
    if (block == null) {
      return new AuditConfig(trackedKeys, sampleOneIn);
    }
    for (ImmutableNode key : block.getChildren()) {
      String value = key.getValue() == null ? "" : String.valueOf(key.getValue()).trim();
      switch (key.getNodeName()) {
        case "trackedKeys" ->
            trackedKeys = intValue(where, "trackedKeys", value, 0, MAX_TRACKED_KEYS);
        case "sampleOneIn" ->
            sampleOneIn = intValue(where, "sampleOneIn", value, 1, Integer.MAX_VALUE);
        default ->
            throw new IllegalArgumentException(
                where
                    + ": unknown key <"
                    + key.getNodeName()
                    + ">; known: <trackedKeys>, <sampleOneIn>");
      }
    }
    return new AuditConfig(trackedKeys, sampleOneIn);
  }

  private static int intValue(String where, String name, String v, int min, int max) {
    try {
      int n = Integer.parseInt(v);
      if (n < min || n > max) {
        throw new IllegalArgumentException(
            where + ": <" + name + "> must be in [" + min + ", " + max + "], got " + n);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          where + ": <" + name + "> must be an integer, got '" + v + "'");
    }
  }

  public WriteTracker newTracker() {
    return new WriteTracker(trackedKeys, sampleOneIn);
  }
}
