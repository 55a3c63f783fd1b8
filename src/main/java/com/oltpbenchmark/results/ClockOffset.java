package com.oltpbenchmark.results;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How far the database server's clock was from this process's clock when the measurement started:
 * summary.json's {@value #SUMMARY_KEY}. The database is the one clock every driver process of a run
 * shares, so adding each part's offset to its wall-clock times puts all parts on that clock; that
 * is how {@code --merge} lines up the windows of processes on machines whose clocks disagree.
 *
 * @param offsetMicros the server's clock minus this process's; null when not measured
 * @param uncertaintyMicros the offset is right within this (half the round trip of the reading);
 *     null when not measured
 * @param method how it was measured, for a person
 * @param notMeasured why there is no offset, or null
 */
public record ClockOffset(
    Long offsetMicros, Long uncertaintyMicros, String method, String notMeasured) {
  public static final String SUMMARY_KEY = "Clock Offset";
  static final String OFFSET = "Offset (milliseconds)";
  static final String UNCERTAINTY = "Uncertainty (milliseconds)";
  static final String METHOD = "Method";
  static final String NOT_MEASURED = "Not Measured";

  public static ClockOffset measured(long offsetMicros, long uncertaintyMicros, String method) {
    return new ClockOffset(offsetMicros, uncertaintyMicros, method, null);
  }

  public static ClockOffset notMeasured(String why) {
    return new ClockOffset(null, null, null, why);
  }

  public boolean isMeasured() {
    return offsetMicros != null;
  }

  /** The summary.json object; milliseconds with microsecond decimals. */
  public Map<String, Object> toSummary() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(OFFSET, millis(offsetMicros));
    m.put(UNCERTAINTY, millis(uncertaintyMicros));
    m.put(METHOD, method);
    m.put(NOT_MEASURED, notMeasured);
    return m;
  }

  /**
   * The offset a summary.json recorded: null when the key is absent (a result set of an older
   * runtime or of upstream).
   *
   * @throws IllegalArgumentException when the value is there but not such an object
   */
  static ClockOffset fromSummary(Object value) {
    if (value == null) {
      return null;
    }
    if (!(value instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException("is not a JSON object");
    }
    Object offset = m.get(OFFSET);
    Object uncertainty = m.get(UNCERTAINTY);
    String method = m.get(METHOD) == null ? null : String.valueOf(m.get(METHOD));
    if (offset == null) {
      Object why = m.get(NOT_MEASURED);
      return notMeasured(why == null ? "no offset recorded" : String.valueOf(why));
    }
    if (!(offset instanceof Number o) || !(uncertainty instanceof Number u)) {
      throw new IllegalArgumentException(
          "has \""
              + OFFSET
              + "\" "
              + offset
              + " and \""
              + UNCERTAINTY
              + "\" "
              + uncertainty
              + ", not two numbers");
    }
    if (u.doubleValue() < 0) {
      throw new IllegalArgumentException("has a negative \"" + UNCERTAINTY + "\" " + uncertainty);
    }
    return measured(Math.round(o.doubleValue() * 1000), Math.round(u.doubleValue() * 1000), method);
  }

  /** "-20003.217 ms ± 0.312" for messages. */
  String describe() {
    if (!isMeasured()) {
      return "not measured (" + notMeasured + ")";
    }
    return String.format(
        Locale.ROOT, "%+.3f ms ± %.3f", offsetMicros / 1000.0, uncertaintyMicros / 1000.0);
  }

  private static Double millis(Long micros) {
    return micros == null ? null : micros / 1000.0;
  }
}
