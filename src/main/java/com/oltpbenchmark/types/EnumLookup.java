package com.oltpbenchmark.types;

import java.util.Locale;

/** The case-insensitive lookup by name the configuration's enum values get. */
final class EnumLookup {
  private EnumLookup() {}

  /** The constant of {@code type} named {@code name} in any case, or null when there is none. */
  static <E extends Enum<E>> E byName(Class<E> type, String name) {
    if (name == null) {
      return null;
    }
    try {
      return Enum.valueOf(type, name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
