package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.database.RoutineSql;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Creates a family's server routines ({@code benchmarks/socialgraph/routines/<family>.sql}, one
 * CREATE per statement, statements ended by a line holding only {@code /}) where the database lacks
 * them. Never drops one: each name carries {@link ServerWriteRoutines#VERSION}.
 */
final class RoutineInstaller {

  private static final Pattern ROUTINE_NAME =
      Pattern.compile("CREATE\\s+(?:FUNCTION|PROCEDURE)\\s+(\\w+)", Pattern.CASE_INSENSITIVE);

  /** How often {@link #awaitVisible} asks again. */
  private static final long AWAIT_POLL_MILLIS = 20;

  private RoutineInstaller() {}

  /** The CREATE statements of this family's routines, in file order. */
  static List<String> createStatements(RoutineSql family) {
    String text;
    try (InputStream in =
        RoutineInstaller.class.getResourceAsStream(
            "/benchmarks/socialgraph/routines/" + family.file)) {
      if (in == null) {
        throw new IllegalStateException(
            "benchmarks/socialgraph/routines/" + family.file + " is missing from the class path");
      }
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> statements = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (line.strip().equals("/")) {
        addStatement(statements, current);
        current.setLength(0);
      } else if (!line.strip().startsWith("--")) {
        current.append(line).append('\n');
      }
    }
    addStatement(statements, current);
    return statements;
  }

  private static void addStatement(List<String> statements, StringBuilder sql) {
    String s = sql.toString().strip();
    if (!s.isEmpty()) {
      statements.add(s);
    }
  }

  /** The routine a CREATE statement creates. */
  static String routineName(String createStatement) {
    Matcher m = ROUTINE_NAME.matcher(createStatement);
    if (!m.find()) {
      throw new IllegalStateException("not a CREATE FUNCTION/PROCEDURE: " + createStatement);
    }
    return m.group(1);
  }

  /**
   * Creates the routines this database does not have yet, on a connection in autocommit mode.
   * Another driver process creating them at the same moment is fine: its duplicate is ignored.
   */
  static void install(RoutineSql family, Connection conn) throws SQLException {
    for (String create : createStatements(family)) {
      if (exists(family, conn, routineName(create))) {
        continue;
      }
      try (Statement st = StatementBinder.plain(conn)) {
        st.execute(create);
      } catch (SQLException e) {
        if (!isDuplicate(e)) {
          throw e;
        }
      }
    }
  }

  /**
   * Waits until every routine of this family is visible on {@code conn}, a connection in a
   * transaction of its own (each probe is rolled back, so the next one sees anew). A Galera node
   * applies another node's CREATE PROCEDURE after that node returned, so a worker on it can call a
   * routine the cluster already has and be told it does not exist (1305, SQLState 42000).
   *
   * @throws SQLException when one is still missing after {@code limitMillis}
   */
  static void awaitVisible(RoutineSql family, Connection conn, long limitMillis)
      throws SQLException {
    long deadline = System.nanoTime() + limitMillis * 1_000_000L;
    for (String create : createStatements(family)) {
      String name = routineName(create);
      while (!existsNow(family, conn, name)) {
        if (System.nanoTime() - deadline > 0) {
          throw new SQLException(
              "socialgraph: the server write routine "
                  + name
                  + " is not visible on this connection "
                  + limitMillis / 1000
                  + " s after the benchmark created it (a replica or cluster node that does not"
                  + " apply it?); set <serverWrites>false</serverWrites> to write step by step");
        }
        sleepQuietly(AWAIT_POLL_MILLIS);
      }
    }
  }

  private static boolean existsNow(RoutineSql family, Connection conn, String name)
      throws SQLException {
    try {
      return exists(family, conn, name);
    } finally {
      conn.rollback();
    }
  }

  private static void sleepQuietly(long millis) throws SQLException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("socialgraph: interrupted while waiting for the server routines", e);
    }
  }

  private static boolean exists(RoutineSql family, Connection conn, String name)
      throws SQLException {
    String sql = family.existsSql();
    try (PreparedStatement ps = StatementBinder.prepareOnce(conn, sql)) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static boolean isDuplicate(SQLException e) {
    // PostgreSQL duplicate_function / a racing insert into pg_proc; MySQL ER_SP_ALREADY_EXISTS
    return "42723".equals(e.getSQLState())
        || "23505".equals(e.getSQLState())
        || e.getErrorCode() == 1304;
  }
}
