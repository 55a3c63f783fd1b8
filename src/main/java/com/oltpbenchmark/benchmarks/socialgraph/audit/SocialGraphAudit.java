package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.builder.fluent.Configurations;
import org.apache.commons.configuration2.ex.ConfigurationException;
import org.json.JSONObject;

/**
 * The audit as a command, for upstream BenchBase (which has no post-run hook) or any existing
 * database: {@code SocialGraphAudit <config.xml> [<out.audit.json>]} reads the connection (driver,
 * url, username, password) from the same config file the run used, checks the invariants and prints
 * the one-line verdict (the in-doubt transaction check also asks every {@code <audit><backend>}).
 * Exit 0 when it passes, 4 on violations, 1 when the audit could not run, 2 on a bad command line.
 * (Lost acknowledged writes need the run's own workers: only the runtime's built-in audit checks
 * them.)
 */
public final class SocialGraphAudit {

  public static final int EXIT_OK = 0;
  public static final int EXIT_FAILURE = 1;
  public static final int EXIT_USAGE = 2;
  public static final int EXIT_VIOLATIONS = 4;

  private SocialGraphAudit() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * A driver's message on one line without its position and hint lines (upstream has no helper for
   * this; the module may not use the runtime's).
   */
  static String oneLine(SQLException e) {
    return String.valueOf(e.getMessage())
        .replaceAll("(?m)^\\s*(?:Position|Where|Hint):.*$", "")
        .replaceAll("\\(conn=\\d+\\)\\s*", "")
        .replaceFirst("^(?:ERROR|FATAL):\\s+", "")
        .strip()
        .replaceAll("\\s*[\\r\\n]+\\s*", " / ");
  }

  /** Runs the command and returns its exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length < 1 || args.length > 2) {
      err.println("usage: SocialGraphAudit <config.xml> [<out.audit.json>]");
      return EXIT_USAGE;
    }
    XMLConfiguration xml;
    try {
      xml = new Configurations().xml(new File(args[0]));
    } catch (ConfigurationException e) {
      err.println("socialgraph audit: cannot read " + args[0] + ": " + e.getMessage());
      return EXIT_USAGE;
    }
    String url = xml.getString("url", "").trim();
    if (url.isEmpty()) {
      err.println("socialgraph audit: " + args[0] + ": element <url> is missing");
      return EXIT_USAGE;
    }
    String driver = xml.getString("driver", "").trim();
    try {
      if (!driver.isEmpty()) {
        Class.forName(driver);
      }
    } catch (ClassNotFoundException e) {
      err.println("socialgraph audit: " + args[0] + ": element <driver>: no class " + driver);
      return EXIT_USAGE;
    }
    String user = xml.getString("username", "");
    String password = xml.getString("password", "");
    AuditConfig config;
    try {
      config = AuditConfig.from(xml);
    } catch (IllegalArgumentException e) {
      err.println("socialgraph audit: " + args[0] + ": " + e.getMessage());
      return EXIT_USAGE;
    }
    JSONObject doc;
    FreshConnection open =
        () ->
            user.isEmpty()
                ? DriverManager.getConnection(url)
                : DriverManager.getConnection(url, user, password);
    try (Connection conn = open.open()) {
      doc = SocialGraphAuditor.audit(conn, null, null, config.backends(), user, password, open);
    } catch (SQLException e) {
      String line = oneLine(e);
      String state = " [SQLState " + e.getSQLState() + "]";
      err.println("socialgraph audit: failed: " + line + (line.contains(state) ? "" : state));
      return EXIT_FAILURE;
    } catch (IllegalStateException e) {
      err.println("socialgraph audit: " + e.getMessage());
      return EXIT_FAILURE;
    }
    if (args.length == 2) {
      try {
        Files.writeString(Path.of(args[1]), doc.toString(2) + "\n", StandardCharsets.UTF_8);
      } catch (IOException e) {
        err.println("socialgraph audit: cannot write " + args[1] + ": " + e.getMessage());
        return EXIT_FAILURE;
      }
    }
    out.println(SocialGraphAuditor.verdictLine(doc));
    return doc.getLong("violations") == 0 ? EXIT_OK : EXIT_VIOLATIONS;
  }
}
