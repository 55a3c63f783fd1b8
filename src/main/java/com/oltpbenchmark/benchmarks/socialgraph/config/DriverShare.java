package com.oltpbenchmark.benchmarks.socialgraph.config;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.tree.ImmutableNode;

/**
 * The config's optional top-level {@code <driverProcess>k/N</driverProcess>}: this run is driver
 * process k of N that share one benchmark, each with the config's own {@code <terminals>}. The
 * terminals of all processes are numbered as one run's would be (process k's after those of
 * processes 1..k-1), so that every terminal draws its own request streams and its own new ids,
 * whichever process it runs in. Absent, the run is process 1 of 1. The same element works in
 * upstream BenchBase, where the user gives each process its own config.
 */
public record DriverShare(int k, int n) {

  public static final String ELEMENT = "driverProcess";

  public static final DriverShare ALONE = new DriverShare(1, 1);

  private static final Pattern FORM = Pattern.compile("\\s*(\\d{1,9})\\s*/\\s*(\\d{1,9})\\s*");

  /** Reads the element; a malformed value throws naming the element. */
  public static DriverShare from(XMLConfiguration xml) {
    if (xml == null) {
      return ALONE;
    }
    String value = null;
    for (ImmutableNode child : xml.getNodeModel().getNodeHandler().getRootNode().getChildren()) {
      if (child.getNodeName().equals(ELEMENT)) {
        if (value != null) {
          throw new ConfigException("element <" + ELEMENT + ">: given more than once");
        }
        value = child.getValue() == null ? "" : String.valueOf(child.getValue());
      }
    }
    return value == null ? ALONE : parse(value);
  }

  static DriverShare parse(String value) {
    Matcher m = FORM.matcher(value);
    if (!m.matches()) {
      throw new ConfigException("element <" + ELEMENT + ">: '" + value + "' is not k/N (e.g. 2/3)");
    }
    int k = Integer.parseInt(m.group(1));
    int n = Integer.parseInt(m.group(2));
    if (n < 1 || k < 1 || k > n) {
      throw new ConfigException(
          "element <" + ELEMENT + ">: '" + value + "': k must be between 1 and N");
    }
    return new DriverShare(k, n);
  }

  /**
   * The run-wide number of this process's first terminal, each process having {@code terminals}.
   */
  public int firstTerminal(int terminals) {
    return Math.multiplyExact(k - 1, terminals);
  }

  /** The terminals of all N processes together. */
  public int allTerminals(int terminals) {
    return Math.multiplyExact(n, terminals);
  }

  /**
   * This process's part {@code [from, to)} of the id range {@code [start, end)} for a load in
   * slices: the N parts are consecutive, cover the range and differ in size by at most one id.
   */
  public long[] slice(long start, long end) {
    long length = end - start;
    return new long[] {start + part(length, k - 1), start + part(length, k)};
  }

  private long part(long length, int i) {
    // length * i / n without overflow for any id range
    return length / n * i + length % n * i / n;
  }

  /** Whether other processes drive the same benchmark. */
  public boolean shared() {
    return n > 1;
  }
}
