package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.catalog.AbstractCatalog;
import com.oltpbenchmark.catalog.Table;
import com.oltpbenchmark.util.OneLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens a session the way a terminal does (auto-commit off, the configured isolation level) and,
 * once the tables exist, runs the session setup file and reads no rows from each table in one
 * transaction that it rolls back. A server that refuses the terminals' sessions then ends the
 * command before the run with its own message, where otherwise every request would fail with only a
 * SQLState to show for it: an engine refusing the isolation level (MyRocks answers any statement on
 * its tables at SERIALIZABLE with an error), a session setup statement the server rejects, a driver
 * that does not offer the level.
 */
final class SessionCheck {

  /** Table gone (MySQL, PostgreSQL): the catalog may name tables the module never reads. */
  private static final List<String> NO_SUCH_TABLE = List.of("42S02", "42P01");

  private SessionCheck() {}

  /**
   * The first refusal, in one line, or null.
   *
   * @param afterSetup false before create and load: only auto-commit and the isolation level are
   *     tried (a session setup file may need tables the DDL or the after-load script creates)
   */
  static String problem(List<BenchmarkModule> modules, String configFile, boolean afterSetup)
      throws Exception {
    for (BenchmarkModule b : modules) {
      String p =
          afterSetup
              ? problem(b, configFile, tableNames(b.getCatalog()), true)
              : problem(b, configFile, List.of(), false);
      if (p != null) {
        return p;
      }
    }
    return null;
  }

  static String problem(
      BenchmarkModule b, String configFile, List<String> tables, boolean sessionSetupFile)
      throws SQLException {
    WorkloadConfiguration wc = b.getWorkloadConfiguration();
    String isolation = "<isolation> " + wc.getIsolationString() + " in " + configFile;
    try (Connection conn = b.makeConnection()) {
      try {
        conn.setAutoCommit(false);
        conn.setTransactionIsolation(wc.getIsolationMode());
      } catch (SQLException e) {
        return "the database refuses a terminal's session settings (" + isolation + "): " + why(e);
      }
      String setup = wc.getSessionSetupFile();
      if (sessionSetupFile && setup != null && !setup.isEmpty()) {
        try (Statement st = conn.createStatement()) {
          st.execute(Files.readString(Paths.get(setup), StandardCharsets.UTF_8));
        } catch (SQLException e) {
          return "the session setup file "
              + setup
              + " (<sessionsetupfile> in "
              + configFile
              + ") fails: "
              + why(e);
        } catch (IOException e) {
          return "cannot read the session setup file " + setup + ": " + OneLine.describe(e);
        }
      }
      String quote = conn.getMetaData().getIdentifierQuoteString();
      quote = quote == null || quote.isBlank() ? "" : quote.strip();
      for (String table : tables) {
        try (Statement st = conn.createStatement()) {
          st.executeQuery("SELECT * FROM " + quote + table + quote + " WHERE 1 = 0").close();
        } catch (SQLException e) {
          if (NO_SUCH_TABLE.contains(e.getSQLState())) {
            conn.rollback();
            continue;
          }
          return "the database refuses to read table "
              + table
              + " in a terminal's session ("
              + isolation
              + "): "
              + why(e);
        }
      }
      conn.rollback();
    }
    return null;
  }

  private static List<String> tableNames(AbstractCatalog catalog) {
    List<String> names = new ArrayList<>();
    if (catalog != null) {
      for (Table t : catalog.getTables()) {
        names.add(t.getName());
      }
    }
    return names;
  }

  /** The server's own message and SQLState. */
  private static String why(SQLException e) {
    return OneLine.of(String.valueOf(e.getMessage()))
        + (e.getSQLState() == null ? "" : " [SQLState " + e.getSQLState() + "]");
  }
}
