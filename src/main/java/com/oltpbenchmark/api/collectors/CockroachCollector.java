package com.oltpbenchmark.api.collectors;

/** CockroachDB: SHOW ALL (variable, value) and version(); no metrics. */
public final class CockroachCollector extends QueryCollector {

  public CockroachCollector() {
    super("SHOW ALL", "variable", "value", false, "SELECT version()");
  }
}
