package com.oltpbenchmark.types;

public enum SortDirectionType {
  INVALID,
  ASC,
  DESC;

  /** Case-insensitive lookup; null when unknown. */
  public static SortDirectionType get(String name) {
    return EnumLookup.byName(SortDirectionType.class, name);
  }
}
