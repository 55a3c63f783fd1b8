package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

/** The classes of anomaly the reads are checked for (docs/anomalies.md defines each). */
public enum Anomaly {
  /**
   * One read (a multi-key statement or a read transaction) saw transaction T's write on one key
   * and, on another key T wrote, a row that T overwrote: a write acknowledged before T began.
   */
  FRACTURED_READ("fracturedReads", "fractured read"),
  /**
   * A read that began after write M was acknowledged returned, for a key M wrote, a row written by
   * a write acknowledged before M began.
   */
  STALE_READ("staleReads", "stale read"),
  /** As {@link #STALE_READ}, where M is the reading terminal's own write. */
  READ_YOUR_WRITES("readYourWritesViolations", "read-your-writes violation");

  private final String key;
  private final String label;

  Anomaly(String key, String label) {
    this.key = key;
    this.label = label;
  }

  /** Its name in summary.json and audit.json. */
  public String key() {
    return key;
  }

  /** Its name in sentences. */
  public String label() {
    return label;
  }
}
