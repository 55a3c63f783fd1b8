package com.oltpbenchmark.results;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/** samples.csv (1 s windows, microseconds) and results[.Txn].csv (-s windows, milliseconds). */
final class WindowCsv {
  static final String SAMPLES_HEADER =
      "Time (seconds),Requests,Throughput (requests/second),Minimum Latency (microseconds),"
          + "25th Percentile Latency (microseconds),Median Latency (microseconds),"
          + "Average Latency (microseconds),75th Percentile Latency (microseconds),"
          + "90th Percentile Latency (microseconds),95th Percentile Latency (microseconds),"
          + "99th Percentile Latency (microseconds),Maximum Latency (microseconds)";

  static final String RESULTS_HEADER =
      "Time (seconds),Throughput (requests/second),Average Latency (millisecond),"
          + "Minimum Latency (millisecond),25th Percentile Latency (millisecond),"
          + "Median Latency (millisecond),75th Percentile Latency (millisecond),"
          + "90th Percentile Latency (millisecond),95th Percentile Latency (millisecond),"
          + "99th Percentile Latency (millisecond),Maximum Latency (millisecond),"
          + "tp (req/s) scaled";

  private WindowCsv() {}

  static void writeSamples(MeasurementCollector c, Writer out) throws IOException {
    out.write(SAMPLES_HEADER);
    out.write('\n');
    int n = c.secondWindowCount();
    for (int i = 0; i < n; i++) {
      out.write(samplesRow(i, 1, c.secondWindow(i)));
      out.write('\n');
    }
  }

  /**
   * @param typeId a transaction type id, or -1 for all types
   */
  static void writeResults(MeasurementCollector c, int typeId, Writer out) throws IOException {
    out.write(RESULTS_HEADER);
    out.write('\n');
    int window = c.getWindowSeconds();
    int n = c.periodWindowCount();
    for (int i = 0; i < n; i++) {
      LatencyStats s = typeId < 0 ? c.periodWindow(i) : c.periodWindow(i, typeId);
      out.write(resultsRow(i, window, s));
      out.write('\n');
    }
  }

  static String samplesRow(int index, int windowSeconds, LatencyStats s) {
    return String.format(
        Locale.ROOT,
        "%d,%d,%.3f,%d,%d,%d,%d,%d,%d,%d,%d,%d",
        (long) index * windowSeconds,
        s.count,
        (double) s.count / windowSeconds,
        s.minimum,
        s.p25(),
        s.median(),
        s.averageTruncated(),
        s.p75(),
        s.p90(),
        s.p95(),
        s.p99(),
        s.maximum);
  }

  static String resultsRow(int index, int windowSeconds, LatencyStats s) {
    return String.format(
        Locale.ROOT,
        "%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f",
        (long) index * windowSeconds,
        (double) s.count / windowSeconds,
        s.average / 1000.0,
        s.minimum / 1000.0,
        s.p25() / 1000.0,
        s.median() / 1000.0,
        s.p75() / 1000.0,
        s.p90() / 1000.0,
        s.p95() / 1000.0,
        s.p99() / 1000.0,
        s.maximum / 1000.0,
        1000.0 / s.average);
  }
}
