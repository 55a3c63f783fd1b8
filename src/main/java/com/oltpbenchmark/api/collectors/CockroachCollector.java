package com.oltpbenchmark.api.collectors;

/** CockroachDB: SHOW ALL (variable, value) and version(); no metrics. */
public final class CockroachCollector extends QueryCollector {

  public CockroachCollector() {
    super(new NameValueQuery("SHOW ALL", "variable", "value", false), "SELECT version()", null);
  }
}
