package com.oltpbenchmark;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which of N driver processes this run is ({@code --driver k/N} or {@code <driverProcess>k/N}),
 * when one benchmark is driven by several processes, on one machine or many, that share the
 * database and nothing else. Each process runs the configuration's own {@code <terminals>} and
 * {@code <rate>} (as in BenchBase, per process); the benchmark module numbers its terminals after
 * those of processes 1..k-1, so that no two processes draw the same request streams or ids.
 */
record DriverProcess(int k, int n) {

  /** The configuration element that carries it (also read by benchmark modules). */
  static final String ELEMENT = "driverProcess";

  private static final Pattern FORM = Pattern.compile("\\s*(\\d{1,9})\\s*/\\s*(\\d{1,9})\\s*");

  /**
   * Parses {@code k/N} with 1 &lt;= k &lt;= N.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  static DriverProcess parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'"
              + text
              + "' is not k/N (this process's number and the number of processes, e.g. 2/3)");
    }
    int k = Integer.parseInt(m.group(1));
    int n = Integer.parseInt(m.group(2));
    if (n < 1 || k < 1 || k > n) {
      throw new IllegalArgumentException(
          "'" + text + "': k must be between 1 and N, and N at least 1");
    }
    return new DriverProcess(k, n);
  }

  /** Whether other processes share the benchmark (N &gt; 1). */
  boolean shared() {
    return n > 1;
  }

  @Override
  public String toString() {
    return k + "/" + n;
  }
}
