package com.oltpbenchmark.benchmarks.socialgraph.audit;

import org.apache.commons.configuration2.XMLConfiguration;

/**
 * The optional {@code <audit>} block of a config: {@code <trackedKeys>} (most keys whose writes are
 * tracked for the lost-write check; 0 turns tracking off; default 10000) and {@code <sampleOneIn>}
 * (track one key in this many, chosen by a hash of the key; default 1).
 */
public record AuditConfig(int trackedKeys, int sampleOneIn) {

  public static final int DEFAULT_TRACKED_KEYS = 10_000;
  static final int MAX_TRACKED_KEYS = 10_000_000;

  /** Reads the block; an unknown key or a bad value throws naming the element. */
  public static AuditConfig from(XMLConfiguration xml, String fileName) {
    if (xml == null) {
      return new AuditConfig(DEFAULT_TRACKED_KEYS, 1);
    }
    String where = (fileName == null ? "" : fileName + ": ") + "element <audit>";
    int blocks = xml.getMaxIndex("audit") + 1;
    if (blocks == 0) {
      return new AuditConfig(DEFAULT_TRACKED_KEYS, 1);
    }
    if (blocks > 1) {
      throw new IllegalArgumentException(where + ": given " + blocks + " times");
    }
    var keys = xml.configurationAt("audit", false).getKeys();
    while (keys.hasNext()) {
      String k = keys.next();
      if (!k.equals("trackedKeys") && !k.equals("sampleOneIn")) {
        throw new IllegalArgumentException(
            where + ": unknown key <" + k + ">; known: <trackedKeys>, <sampleOneIn>");
      }
    }
    return new AuditConfig(
        intValue(xml, "audit.trackedKeys", DEFAULT_TRACKED_KEYS, 0, MAX_TRACKED_KEYS, where),
        intValue(xml, "audit.sampleOneIn", 1, 1, Integer.MAX_VALUE, where));
  }

  private static int intValue(
      XMLConfiguration xml, String key, int dflt, int min, int max, String where) {
    String v = xml.getString(key, null);
    if (v == null) {
      return dflt;
    }
    String name = key.substring(key.indexOf('.') + 1);
    try {
      int n = Integer.parseInt(v.trim());
      if (n < min || n > max) {
        throw new IllegalArgumentException(
            where + ": <" + name + "> must be in [" + min + ", " + max + "], got " + n);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          where + ": <" + name + "> must be an integer, got '" + v.trim() + "'");
    }
  }

  public WriteTracker newTracker() {
    return new WriteTracker(trackedKeys, sampleOneIn);
  }
}
