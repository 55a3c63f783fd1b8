package com.oltpbenchmark.types;

import java.util.Locale;

public enum SortDirectionType {
  INVALID,
  ASC,
  DESC;

  /** Case-insensitive lookup; null when unknown. */
  public static SortDirectionType get(String name) {
    if (name == null) {
      return null;
    }
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
