package com.oltpbenchmark.benchmarks.socialgraph.config;

import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.apache.commons.configuration2.XMLConfiguration;

/**
 * The optional {@code <readReplicas>} block: the servers that answer the run's reads while every
 * write goes to {@code <url>}, as TAO's read tier answers reads from followers of the leader that
 * takes the writes. One {@code <url>} per replica (a PostgreSQL hot standby, say); terminal t reads
 * from replica {@code t mod n}, t counted over every driver process, so the terminals spread evenly
 * over the replicas. Connected with the config's {@code <username>}/{@code <password>} unless the
 * URL carries its own.
 *
 * <p>Checked here, before anything is connected: every URL is a JDBC URL of the same kind as {@code
 * <url>} that some driver on the classpath accepts (pgjdbc refuses a malformed host or port at this
 * step). Whether a replica is reachable, is really a replica and holds the loaded graph is the
 * preflight's to say ({@code ReadReplicaPreflight}).
 *
 * @param urls the replicas' JDBC URLs, in the config's order; empty without the block
 */
public record ReadReplicas(List<String> urls) {

  public static final String BLOCK = "readReplicas";
  public static final Set<String> KEYS = Set.of("url");
  public static final ReadReplicas NONE = new ReadReplicas(List.of());

  public ReadReplicas {
    urls = List.copyOf(urls);
  }

  /**
   * Reads the block of {@code xml}; a bad URL throws a {@link ConfigException} naming the element.
   *
   * @param writeUrl the config's {@code <url>}, whose kind of database the replicas must share
   *     (null: not compared)
   */
  public static ReadReplicas from(XMLConfiguration xml, String writeUrl) {
    ConfigBlock block = ConfigBlock.of(xml, BLOCK, KEYS);
    if (block.isEmpty()) {
      return NONE;
    }
    List<String> urls = block.strings("url");
    if (urls.isEmpty()) {
      throw new ConfigException(
          "<" + BLOCK + "> has no <url>: give one per replica, or remove the block");
    }
    for (String url : urls) {
      check(url, writeUrl);
    }
    return new ReadReplicas(urls);
  }

  private static void check(String url, String writeUrl) {
    String where = "<" + BLOCK + "><url> \"" + url + "\"";
    if (!url.startsWith("jdbc:") || kind(url) == null) {
      throw new ConfigException(where + " is not a JDBC URL (jdbc:<driver>:...)");
    }
    if (writeUrl != null && kind(writeUrl) != null && !kind(writeUrl).equals(kind(url))) {
      throw new ConfigException(
          where
              + " is another kind of database than <url> ("
              + kind(writeUrl)
              + "): the replicas serve the reads of the database the writes go to");
    }
    String port = badPort(url);
    if (port != null) {
      throw new ConfigException(where + ": port \"" + port + "\" is not a port number");
    }
    try {
      DriverManager.getDriver(url);
    } catch (SQLException e) {
      throw new ConfigException(
          where
              + ": no JDBC driver on the classpath accepts it (a malformed host, port or"
              + " option?)");
    }
  }

  /**
   * The first port of the URL's {@code //host:port,...} part that is not a number in [1, 65535], or
   * null. Checked here because pgjdbc, handed such a URL, also logs a warning of its own on stderr,
   * a second line beside the refusal.
   */
  static String badPort(String url) {
    int start = url.indexOf("//");
    if (start < 0) {
      return null;
    }
    int end = start + 2;
    while (end < url.length() && "/?;".indexOf(url.charAt(end)) < 0) {
      end++;
    }
    for (String entry : url.substring(start + 2, end).split(",")) {
      String host = entry.substring(entry.lastIndexOf('@') + 1); // user:password@ aside
      int colon = host.lastIndexOf(':');
      if (colon < 0 || host.lastIndexOf(']') > colon) {
        continue; // no port, or the colons of a bracketed IPv6 address
      }
      String port = host.substring(colon + 1);
      if (!port.matches("[0-9]{1,5}")
          || Integer.parseInt(port) < 1
          || Integer.parseInt(port) > 65535) {
        return port;
      }
    }
    return null;
  }

  /** {@code jdbc:<driver>:} of a URL, or null when it has none. */
  private static String kind(String url) {
    int colon = url.indexOf(':', "jdbc:".length());
    return colon <= "jdbc:".length() ? null : url.substring(0, colon + 1);
  }

  public boolean isEmpty() {
    return urls.isEmpty();
  }

  /** The replica terminal {@code terminal} (0-based, over every driver process) reads from. */
  public String urlFor(int terminal) {
    return urls.get(Math.floorMod(terminal, urls.size()));
  }
}
