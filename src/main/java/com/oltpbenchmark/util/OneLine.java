package com.oltpbenchmark.util;

import java.sql.SQLException;
import java.util.regex.Pattern;

/**
 * Error text for the console: one line, credentials masked. Drivers and parsers put several lines
 * (hints, positions, nested causes) into their messages; the command line prints exactly one. Of a
 * JDBC driver's error it keeps the server's message and the SQLState and drops what only the
 * driver's internals mean: its exception class names ({@code PSQLException:}), PostgreSQL's {@code
 * Position:}, {@code Where:} and {@code Hint:} lines, MariaDB's {@code (conn=N)} prefix and
 * pgjdbc's "Call getNextException" advice.
 */
public final class OneLine {
  private OneLine() {}

  /** A driver exception class name before its message, qualified or not. */
  private static final Pattern DRIVER_CLASS =
      Pattern.compile(
          "\\b(?:[a-z][a-z0-9_]*\\.)*(?:\\w*SQL\\w*Exception|BatchUpdateException"
              + "|SQLiteException):\\s*(?:(?:ERROR|FATAL):\\s+)?");

  /** pgjdbc's detail lines that point into the statement or its call stack. */
  private static final Pattern POSITION_LINES =
      Pattern.compile("(?m)^\\s*(?:Position|Where|Hint|Internal Position|Internal Query):.*$");

  private static final Pattern CONN_PREFIX = Pattern.compile("\\(conn=\\d+\\)\\s*");

  private static final Pattern NEXT_EXCEPTION =
      Pattern.compile("\\s*Call getNextException to see other errors in the batch\\.?");

  /** The text joined onto one line and masked. */
  public static String of(String text) {
    if (text == null) {
      return "null";
    }
    String t = POSITION_LINES.matcher(text).replaceAll("");
    t = DRIVER_CLASS.matcher(t).replaceAll("");
    t = CONN_PREFIX.matcher(t).replaceAll("");
    t = NEXT_EXCEPTION.matcher(t).replaceAll("");
    // "/ Position: 233" once the lines were joined by an earlier OneLine
    t = t.replaceAll("\\s*/\\s*(?:Position|Where|Hint): [^/]*", "");
    return SecretMask.mask(t.strip().replaceAll("\\s*[\\r\\n]+\\s*", " / "));
  }

  /** The exception's message followed by those of its causes that add something, on one line. */
  public static String describe(Throwable e) {
    StringBuilder sb = new StringBuilder(label(e));
    String seen = String.valueOf(e.getMessage());
    String state = sqlState(e);
    Throwable c = e.getCause();
    while (c != null && c != c.getCause()) {
      String m = String.valueOf(c.getMessage());
      if (!seen.contains(m)) {
        sb.append("; caused by ").append(label(c));
        seen = seen + m;
      }
      if (state == null) {
        state = sqlState(c);
      }
      c = c.getCause();
    }
    String line = of(sb.toString());
    if (state != null && !line.contains("SQLState " + state)) {
      line = line + " [SQLState " + state + "]";
    }
    return line;
  }

  private static String sqlState(Throwable t) {
    if (t instanceof SQLException s && s.getSQLState() != null && !s.getSQLState().isBlank()) {
      return s.getSQLState();
    }
    return null;
  }

  /** A message alone when it says something, else the exception type too. */
  private static String label(Throwable t) {
    String m = t.getMessage();
    if (m == null || m.isBlank()) {
      return t.getClass().getSimpleName();
    }
    boolean plain =
        t instanceof RuntimeException && t.getClass().getName().startsWith("java.lang.")
            || t.getClass().getName().startsWith("com.oltpbenchmark.")
            || t instanceof SQLException;
    String text = plain ? m : t.getClass().getSimpleName() + ": " + m;
    // PostgreSQL's severity prefix says nothing the exit code does not
    return t instanceof SQLException ? text.replaceFirst("^(?:ERROR|FATAL):\\s+", "") : text;
  }
}
