package com.oltpbenchmark.benchmarks.socialgraph.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A configured distribution: its family and numeric parameters (without the key prefix, e.g. {@code
 * shape} for {@code read_shape}). Optional parameters absent from the configuration are absent from
 * {@link #params()}.
 */
public record DistributionSpec(DistributionFamily family, Map<String, Double> params) {

  public DistributionSpec {
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  public static DistributionSpec of(DistributionFamily family, Object... keyValues) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      m.put((String) keyValues[i], ((Number) keyValues[i + 1]).doubleValue());
    }
    return new DistributionSpec(family, m);
  }

  public boolean has(String param) {
    return params.containsKey(param);
  }

  /** A required parameter (validated at parse time, so absence here is a programming error). */
  public double param(String param) {
    Double v = params.get(param);
    if (v == null) {
      throw new IllegalStateException(family + " has no parameter " + param);
    }
    return v;
  }

  public double param(String param, double fallback) {
    Double v = params.get(param);
    return v == null ? fallback : v;
  }
}
