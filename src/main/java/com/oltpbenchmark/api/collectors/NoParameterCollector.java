package com.oltpbenchmark.api.collectors;

import java.sql.Connection;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** DBMSs without a known parameter query: empty params.json, no version, no metrics. */
public final class NoParameterCollector implements DBParameterCollector {

  @Override
  public boolean hasParameters() {
    return false;
  }

  @Override
  public boolean hasMetrics() {
    return false;
  }

  @Override
  public SortedMap<String, String> collectParameters(Connection conn) {
    return new TreeMap<>();
  }

  @Override
  public Map<String, Object> collectMetrics(Connection conn) {
    return Collections.emptyMap();
  }

  @Override
  public String collectVersion(Connection conn) {
    return null;
  }
}
