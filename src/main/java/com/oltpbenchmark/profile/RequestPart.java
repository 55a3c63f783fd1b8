package com.oltpbenchmark.profile;

/**
 * The parts a request's driver-side work is split into for {@link RequestProfile}: one per concern
 * the request path keeps apart (docs/architecture.md, "One request end to end"), plus the JDBC
 * driver, the runtime around them, and what no rule names.
 */
public enum RequestPart {
  DRAW("draw (generators, distributions, payloads)"),
  PIPELINE("pipeline and session"),
  LOST_WRITES("lost-write tracker"),
  READ_CHECKS("read checks (stamps, recent writes, checker)"),
  FIDELITY("fidelity counters"),
  BINDING("procedures and statement binding"),
  JDBC("JDBC driver (and the JDK's socket code under it)"),
  MEASUREMENT("measurement (latency and status counts)"),
  WORKER_LOOP("runtime worker loop"),
  OTHER("other (JDK or JVM only, runtime)");

  private final String label;

  RequestPart(String label) {
    this.label = label;
  }

  /** How the profile's table names it. */
  public String label() {
    return label;
  }
}
