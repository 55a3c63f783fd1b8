package com.oltpbenchmark.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Typed views of parsed JSON values (maps with string keys, lists, numbers). */
final class JsonMaps {
  private JsonMaps() {}

  /** The value as a string-keyed map, or null when it is not an object. */
  static Map<String, Object> object(Object value) {
    if (!(value instanceof Map<?, ?> raw)) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    raw.forEach((k, v) -> m.put(String.valueOf(k), v));
    return m;
  }

  /** The value's elements that are objects; empty when it is not a list. */
  static List<Map<String, Object>> list(Object value) {
    if (!(value instanceof List<?> raw)) {
      return List.of();
    }
    return raw.stream().map(JsonMaps::object).filter(m -> m != null).toList();
  }

  /** The value as a number, or NaN when absent or not numeric. */
  static double number(Object value) {
    return value instanceof Number n ? n.doubleValue() : Double.NaN;
  }
}
