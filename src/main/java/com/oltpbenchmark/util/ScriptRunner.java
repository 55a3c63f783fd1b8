package com.oltpbenchmark.util;

import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs SQL scripts line by line: lines starting with {@code --} or {@code //} and blank lines are
 * skipped, trailing {@code --} comments are removed, and a statement ends on a line ending with
 * {@code ;} (before or after such a comment). Each statement runs with {@link Statement#execute}.
 */
public class ScriptRunner {
  private static final Logger LOG = LoggerFactory.getLogger(ScriptRunner.class);

  private final Connection connection;
  private final boolean stopOnError;
  private final boolean autoCommit;

  public ScriptRunner(Connection connection, boolean autoCommit, boolean stopOnError) {
    this.connection = connection;
    this.autoCommit = autoCommit;
    this.stopOnError = stopOnError;
  }

  /** Runs a script from the filesystem. */
  public void runExternalScript(String path) throws IOException, SQLException {
    try (Reader reader = Files.newBufferedReader(Paths.get(path), StandardCharsets.UTF_8)) {
      runScript(reader, path);
    }
  }

  /** Runs a script from the classpath. */
  public void runScript(String path) throws IOException, SQLException {
    try (InputStream in = ScriptRunner.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new FileNotFoundException("script not found on the classpath: " + path);
      }
      runScript(new InputStreamReader(in, StandardCharsets.UTF_8), path);
    }
  }

  private void runScript(Reader reader, String source) throws IOException, SQLException {
    boolean originalAutoCommit = connection.getAutoCommit();
    try {
      if (originalAutoCommit != autoCommit) {
        connection.setAutoCommit(autoCommit);
      }
      execute(new BufferedReader(reader), source);
    } finally {
      if (connection.getAutoCommit() != originalAutoCommit) {
        connection.setAutoCommit(originalAutoCommit);
      }
    }
  }

  private void execute(BufferedReader reader, String source) throws IOException, SQLException {
    StringBuilder command = new StringBuilder();
    String line;
    int lineNo = 0;
    int startLine = 0;
    while ((line = reader.readLine()) != null) {
      lineNo++;
      String trimmed = line.trim();
      if (trimmed.isEmpty() || trimmed.startsWith("--") || trimmed.startsWith("//")) {
        continue;
      }
      String content = line;
      int comment = content.indexOf("--");
      if (comment >= 0) {
        content = content.substring(0, comment);
      }
      if (command.length() == 0) {
        startLine = lineNo;
      }
      // a trailing comment after the ';' still ends the statement (upstream would not)
      if (trimmed.endsWith(";") || content.trim().endsWith(";")) {
        String c = content.trim();
        if (c.endsWith(";")) {
          c = c.substring(0, c.length() - 1);
        }
        command.append(c).append(' ');
        run(command.toString().trim(), source, startLine);
        command.setLength(0);
      } else {
        command.append(content).append(' ');
      }
    }
    if (command.toString().trim().length() > 0) {
      run(command.toString().trim(), source, startLine);
    }
    if (!autoCommit && !connection.getAutoCommit()) {
      connection.commit();
    }
  }

  private void run(String sql, String source, int line) throws SQLException {
    if (sql.isEmpty()) {
      return;
    }
    LOG.debug("{}:{}: {}", source, line, sql);
    try (Statement st = connection.createStatement()) {
      st.execute(sql);
    } catch (SQLException ex) {
      if (stopOnError) {
        throw new SQLException(
            source + " line " + line + ": " + ex.getMessage() + " [" + sql + "]",
            ex.getSQLState(),
            ex.getErrorCode(),
            ex);
      }
      LOG.warn("{} line {}: {} [{}]", source, line, ex.getMessage(), sql);
    }
  }
}
