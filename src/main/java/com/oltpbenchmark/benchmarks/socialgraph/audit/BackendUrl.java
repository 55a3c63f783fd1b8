package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks an {@code <audit><backend>} URL when the config is read. The backends are first connected
 * by the audit, after the run: a URL no driver takes, or a port no socket can have, must be refused
 * before anything is created, loaded or run, not found out at the end.
 */
final class BackendUrl {

  /** The {@code port=N} of MariaDB's and MySQL's {@code address=(host=...)(port=N)} form. */
  private static final Pattern KEYED_PORT = Pattern.compile("(?i)\\bport=([^)]*)\\)");

  private static final int MAX_PORT = 65_535;

  private BackendUrl() {}

  /** Why {@code url} cannot be connected, in a few words, or null when nothing is wrong with it. */
  static String problem(String url) {
    if (!url.startsWith("jdbc:")) {
      return "is not a JDBC URL";
    }
    // ports first: a driver asked about a URL with a bad port may log its own warning on stderr
    for (String port : ports(url)) {
      String bad = portProblem(port);
      if (bad != null) {
        return bad;
      }
    }
    try {
      DriverManager.getDriver(url);
    } catch (SQLException e) {
      return "no JDBC driver on the classpath accepts it; check its jdbc:<subprotocol>: prefix"
          + " (e.g. jdbc:mariadb://host:port/)";
    }
    return null;
  }

  /**
   * The ports the URL's authority names ({@code //host:port,host:port/...}, brackets around IPv6
   * addresses, the keyed form), empty where a host has none; nothing for a URL without {@code //}.
   */
  static List<String> ports(String url) {
    List<String> ports = new ArrayList<>();
    int start = url.indexOf("//");
    if (start < 0) {
      return ports;
    }
    String authority = url.substring(start + 2).split("[/?;]", 2)[0];
    authority = authority.substring(authority.lastIndexOf('@') + 1);
    if (authority.contains("(")) {
      Matcher m = KEYED_PORT.matcher(authority);
      while (m.find()) {
        ports.add(m.group(1));
      }
      return ports;
    }
    for (String host : authority.split(",")) {
      int colon =
          host.startsWith("[") ? host.indexOf(':', host.indexOf(']')) : host.lastIndexOf(':');
      if (colon >= 0) {
        ports.add(host.substring(colon + 1));
      }
    }
    return ports;
  }

  private static String portProblem(String port) {
    if (port.isEmpty()) {
      return "the port after ':' is empty";
    }
    if (!port.matches("[0-9]{1,9}")) {
      return "port \"" + port + "\" is not a number";
    }
    int p = Integer.parseInt(port);
    if (p < 1 || p > MAX_PORT) {
      return "port " + p + " is out of range (1 to " + MAX_PORT + ")";
    }
    return null;
  }
}
