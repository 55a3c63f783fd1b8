package com.oltpbenchmark.api.collectors.resources;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.types.DatabaseType;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The same readings from outside a run, for scripts that measure another program (the original
 * tools beside ours) with this implementation. Each answer is one JSON line on stdout:
 *
 * <pre>
 *   java -cp benchbase.jar com.oltpbenchmark.api.collectors.resources.ResourcesCommand sample PID
 *   ... find JDBC-URL [USER [PASSWORD]]      the server's pid, or {"not_measured": why}
 *   ... serve                                the same commands, one per stdin line, until EOF
 * </pre>
 *
 * {@code serve} lets a script pay for the JVM's start once, before the window it measures.
 */
public final class ResourcesCommand {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ResourcesCommand() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 1 && args[0].equals("serve")) {
      BufferedReader in =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank()) {
          System.out.println(answer(line.trim().split("\\s+")));
          System.out.flush();
        }
      }
      return;
    }
    String out = answer(args);
    PrintStream to = out.startsWith("{\"error\"") ? System.err : System.out;
    to.println(out);
    System.exit(out.startsWith("{\"error\"") ? 2 : 0);
  }

  /** The JSON line answering one command. */
  static String answer(String[] args) throws JsonProcessingException {
    Map<String, Object> m = new LinkedHashMap<>();
    try {
      if (args.length == 2 && args[0].equals("sample")) {
        m.putAll(ProcessResources.sample(Long.parseLong(args[1])).toMap());
        m.put("clock_ticks_per_second", ProcFs.ticksPerSecond());
      } else if (args.length >= 2 && args.length <= 4 && args[0].equals("find")) {
        ServerProcess p = find(args);
        if (p.measured()) {
          m.put("pid", p.pid());
          m.put("embedded", p.isEmbedded());
          m.put("how", p.account());
        } else {
          m.put("not_measured", p.account());
        }
      } else {
        m.put(
            "error",
            "usage: sample PID | find JDBC-URL [USER [PASSWORD]] | serve (one command a line)");
      }
    } catch (NumberFormatException e) {
      m.put("error", "not a pid: " + args[1]);
    } catch (ProcessResources.NoSuchProcess e) {
      m.put("error", e.getMessage());
    }
    return JSON.writeValueAsString(m);
  }

  private static ServerProcess find(String[] args) {
    String url = args[1];
    DatabaseType type = typeOf(url);
    if (type == null) {
      return ServerProcess.notMeasured("no known database family for " + url);
    }
    if (type == DatabaseType.SQLITE) {
      // embedded in whichever process opens it: here that would be this command, not the driver
      return ServerProcess.notMeasured(
          "embedded: SQLite runs inside the driver's process; measure the driver instead");
    }
    try (Connection c =
        args.length == 2
            ? DriverManager.getConnection(url)
            : DriverManager.getConnection(url, args[2], args.length == 4 ? args[3] : "")) {
      return ServerProcess.find(c, type);
    } catch (SQLException e) {
      return ServerProcess.notMeasured("cannot connect: " + e.getMessage());
    }
  }

  static DatabaseType typeOf(String url) {
    if (url.startsWith("jdbc:postgresql:")) {
      return DatabaseType.POSTGRES;
    }
    if (url.startsWith("jdbc:mariadb:")) {
      return DatabaseType.MARIADB;
    }
    if (url.startsWith("jdbc:mysql:")) {
      return DatabaseType.MYSQL;
    }
    if (url.startsWith("jdbc:sqlite:")) {
      return DatabaseType.SQLITE;
    }
    return null;
  }
}
