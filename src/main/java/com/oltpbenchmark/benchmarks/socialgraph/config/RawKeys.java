package com.oltpbenchmark.benchmarks.socialgraph.config;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The raw key/value pairs of one {@code <linkbench>} block (or a test's map), with typed getters
 * that name the key and its source in every error, and bookkeeping of which keys were read so that
 * the leftovers can be reported as unknown.
 */
final class RawKeys {
  private final Map<String, String> values;
  private final String source;
  private final Set<String> used = new LinkedHashSet<>();
  private final Set<String> consulted = new LinkedHashSet<>();

  RawKeys(Map<String, String> values, String source) {
    this.values = new LinkedHashMap<>(values);
    this.source = source;
  }

  String source() {
    return source;
  }

  boolean has(String key) {
    consulted.add(key);
    return values.containsKey(key);
  }

  Set<String> keys() {
    return values.keySet();
  }

  Set<String> used() {
    return used;
  }

  /** Every key the reader looked at, present or not: the keys a reader of these values knows. */
  Set<String> consulted() {
    Set<String> all = new LinkedHashSet<>(consulted);
    all.addAll(used);
    return all;
  }

  ConfigException error(String key, String problem) {
    String v = values.get(key);
    String shown = v == null ? "" : " = '" + v + "'";
    return new ConfigException(
        "LinkBench config " + source + ": key '" + key + "'" + shown + ": " + problem);
  }

  String string(String key, String fallback) {
    used.add(key);
    String v = values.get(key);
    if (v == null) {
      return fallback;
    }
    if (v.isBlank()) {
      throw error(key, "empty value");
    }
    return v.trim();
  }

  long longValue(String key, long fallback, long min, long max) {
    String v = string(key, null);
    if (v == null) {
      return fallback;
    }
    long parsed;
    try {
      parsed = Long.parseLong(v.replace("_", ""));
    } catch (NumberFormatException e) {
      // LinkBench files sometimes write integers as 1e6 or 10000001.0
      double d = parseDouble(key, v);
      if (d != Math.rint(d) || Math.abs(d) > 9.0e15) {
        throw error(key, "not an integer");
      }
      parsed = (long) d;
    }
    if (parsed < min || parsed > max) {
      throw error(key, "must be in [" + min + ", " + max + "]");
    }
    return parsed;
  }

  int intValue(String key, int fallback, int min, int max) {
    return (int) longValue(key, fallback, min, max);
  }

  double doubleValue(String key, double fallback, double min, double max) {
    String v = string(key, null);
    if (v == null) {
      return fallback;
    }
    double d = parseDouble(key, v);
    if (!(d >= min && d <= max)) {
      throw error(key, "must be in [" + min + ", " + max + "]");
    }
    return d;
  }

  private double parseDouble(String key, String v) {
    try {
      double d = Double.parseDouble(v);
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw error(key, "not a finite number");
      }
      return d;
    } catch (NumberFormatException e) {
      throw error(key, "not a number");
    }
  }
}
