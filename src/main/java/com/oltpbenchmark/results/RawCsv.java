package com.oltpbenchmark.results;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;

/** raw.csv: one row per measured sample, ordered by start time. */
final class RawCsv {
  static final String HEADER =
      "Transaction Type Index,Transaction Name,Start Time (microseconds),"
          + "Latency (microseconds),Worker Id (start number),Phase Id (index in config file)";

  private RawCsv() {}

  static void write(MeasurementCollector c, Map<Integer, String> names, Writer out)
      throws IOException {
    out.write(HEADER);
    out.write('\n');
    StringBuilder line = new StringBuilder(96);
    c.forEachRawSample(
        (type, startMicros, latency, worker, phase) -> {
          line.setLength(0);
          line.append(type).append(',');
          line.append(names.getOrDefault(type, "UNKNOWN")).append(',');
          appendEpochSeconds(line, startMicros);
          line.append(',').append(latency);
          line.append(',').append(worker);
          line.append(',').append(phase).append('\n');
          out.append(line);
        });
  }

  /**
   * Upstream prints the start with {@code %10.6f} of epoch seconds (despite the header): seconds, a
   * point and six fraction digits, left-padded to ten characters. Done on integers here so no digit
   * is lost to double rounding.
   */
  static void appendEpochSeconds(StringBuilder sb, long epochMicros) {
    long secs = Math.floorDiv(epochMicros, 1_000_000L);
    long frac = Math.floorMod(epochMicros, 1_000_000L);
    String s;
    if (secs < 0 && frac != 0) {
      // -0.25 s is floorDiv -1, mod 750000: print as -0.250000
      long total = -epochMicros;
      s = "-" + (total / 1_000_000L) + "." + pad6(total % 1_000_000L);
    } else {
      s = secs + "." + pad6(frac);
    }
    for (int i = s.length(); i < 10; i++) {
      sb.append(' ');
    }
    sb.append(s);
  }

  private static String pad6(long v) {
    String d = Long.toString(v);
    return "000000".substring(d.length()) + d;
  }
}
