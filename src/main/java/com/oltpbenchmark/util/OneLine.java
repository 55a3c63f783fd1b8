package com.oltpbenchmark.util;

/**
 * Error text for the console: one line, credentials masked. Drivers and parsers put several lines
 * (hints, positions, nested causes) into their messages; the command line prints exactly one.
 */
public final class OneLine {
  private OneLine() {}

  /** The text joined onto one line and masked. */
  public static String of(String text) {
    if (text == null) {
      return "null";
    }
    return SecretMask.mask(text.strip().replaceAll("\\s*[\\r\\n]+\\s*", " / "));
  }

  /** The exception's message followed by those of its causes that add something, on one line. */
  public static String describe(Throwable e) {
    StringBuilder sb = new StringBuilder(label(e));
    String seen = String.valueOf(e.getMessage());
    Throwable c = e.getCause();
    while (c != null && c != c.getCause()) {
      String m = String.valueOf(c.getMessage());
      if (!seen.contains(m)) {
        sb.append("; caused by ").append(label(c));
        seen = seen + m;
      }
      c = c.getCause();
    }
    return of(sb.toString());
  }

  /** A message alone when it says something, else the exception type too. */
  private static String label(Throwable t) {
    String m = t.getMessage();
    if (m == null || m.isBlank()) {
      return t.getClass().getSimpleName();
    }
    boolean plain =
        t instanceof RuntimeException && t.getClass().getName().startsWith("java.lang.")
            || t.getClass().getName().startsWith("com.oltpbenchmark.");
    return plain ? m : t.getClass().getSimpleName() + ": " + m;
  }
}
