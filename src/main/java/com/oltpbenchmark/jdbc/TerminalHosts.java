package com.oltpbenchmark.jdbc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spreads terminals over the hosts of a multi-host JDBC URL ({@code
 * jdbc:sub://h1:p1,h2:p2,h3:p3/db?opts}): terminal {@code i} prefers host {@code i mod n} and falls
 * back to the following hosts in order when its own is unreachable. A runtime-only feature ({@code
 * <spreadTerminalsOverHosts>}); drivers' own multi-host modes pick hosts at random or always the
 * first, which does not give every node the same number of terminals.
 */
public final class TerminalHosts {
  private static final Pattern MULTI_HOST = Pattern.compile("^(jdbc:[^/]*//)([^/?#]+)(.*)$");

  private final String prefix;
  private final List<String> hosts;
  private final String suffix;

  private TerminalHosts(String prefix, List<String> hosts, String suffix) {
    this.prefix = prefix;
    this.hosts = hosts;
    this.suffix = suffix;
  }

  /**
   * Parses a URL that lists at least two hosts, comma-separated.
   *
   * @throws IllegalArgumentException naming the URL when it has fewer than two hosts
   */
  public static TerminalHosts parse(String url) {
    Matcher m = url == null ? null : MULTI_HOST.matcher(url);
    if (m == null || !m.matches()) {
      throw new IllegalArgumentException(
          "spreadTerminalsOverHosts: <url> "
              + url
              + " is not of the form jdbc:<driver>://host1:port1,host2:port2,.../database");
    }
    List<String> hosts = new ArrayList<>();
    for (String h : m.group(2).split(",")) {
      if (!h.isBlank()) {
        hosts.add(h.trim());
      }
    }
    if (hosts.size() < 2) {
      throw new IllegalArgumentException(
          "spreadTerminalsOverHosts: <url> "
              + url
              + " names one host; list several, e.g. jdbc:mariadb://h1:3307,h2:3308,h3:3309/db");
    }
    return new TerminalHosts(m.group(1), List.copyOf(hosts), m.group(3));
  }

  public int hostCount() {
    return hosts.size();
  }

  /**
   * Single-host URLs in the order terminal {@code terminal} tries them: its own host first, then
   * the next ones round the list.
   */
  public List<String> urlsFor(int terminal) {
    int n = hosts.size();
    int first = Math.floorMod(terminal, n);
    String[] urls = new String[n];
    for (int k = 0; k < n; k++) {
      urls[k] = prefix + hosts.get((first + k) % n) + suffix;
    }
    return Arrays.asList(urls);
  }
}
