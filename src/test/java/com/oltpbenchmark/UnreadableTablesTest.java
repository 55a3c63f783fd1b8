package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table is "missing" only when the server says so. A user who may not read nodetable is told the
 * server's own message and SQLState by the run's preflight, the load guard and the audit, never to
 * create the tables again (which would drop a loaded graph); a table that really is missing still
 * gets the advice to create it.
 */
class UnreadableTablesTest {

  @TempDir Path dir;

  @Test
  void aUserWhoMayNotReadNodetableGetsTheServersMessageEverywhere() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_unreadable");
    Path owner = CliRun.sampleConfig(dir, "postgres", db, "0.01");
    assertEquals(0, CliRun.socialgraph(owner, dir.resolve("r0"), "--create", "--load").code);
    String role = databaseName(db) + "_reader";
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP ROLE IF EXISTS " + role);
      s.execute("CREATE ROLE " + role + " LOGIN");
      s.execute("GRANT SELECT ON linktable, counttable, graphmarker TO " + role);
      s.execute("REVOKE SELECT ON nodetable FROM " + role + ", PUBLIC");
    }
    try {
      Path reader =
          Files.writeString(
              dir.resolve("reader.xml"), CliRun.element(Files.readString(owner), "username", role));

      for (String[] action : new String[][] {{"--execute"}, {"--audit=true"}, {"--load=true"}}) {
        String line =
            CliRun.socialgraph(reader, dir.resolve("r-" + action[0].substring(2)), action)
                .endedWithOneLine(ExitCodes.FAILURE);
        assertTrue(line.startsWith("benchbase: "), line);
        assertTrue(line.contains("permission denied for table nodetable"), action[0] + ": " + line);
        assertTrue(line.contains("[SQLState 42501]"), action[0] + ": " + line);
        assertFalse(line.contains("does not exist"), action[0] + ": " + line);
        assertFalse(line.contains("--create"), action[0] + ": " + line);
        if (action[0].startsWith("--audit")) {
          // the in-doubt check still ran, over a fresh connection, and says what it found
          assertTrue(
              line.contains("the in-doubt transaction check, from a fresh connection, found none"),
              line);
        }
      }
    } finally {
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        s.execute("DROP OWNED BY " + role);
        s.execute("DROP ROLE " + role);
      }
    }
  }

  @Test
  void aMissingTableStillSaysCreateItOnPostgresAndMariadb() throws Exception {
    for (TestDatabase db :
        new TestDatabase[] {
          TestDatabase.postgres("sg_missing_table"), TestDatabase.mariadb("sg_missing_table")
        }) {
      String sample = db.type.equals("POSTGRES") ? "postgres" : "mariadb";
      Path config = CliRun.sampleConfig(dir, sample, db, "0.01");
      assertEquals(0, CliRun.socialgraph(config, dir.resolve("c-" + sample), "--create").code);
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        s.execute("DROP TABLE nodetable");
      }
      String line =
          CliRun.socialgraph(config, dir.resolve("x-" + sample), "--execute")
              .endedWithOneLine(ExitCodes.FAILURE);
      assertEquals(
          "benchbase: socialgraph table nodetable does not exist in this database; create and load"
              + " it first (--create=true --load=true)",
          line,
          sample);
    }
  }

  private static String databaseName(TestDatabase db) {
    Matcher m = Pattern.compile("//[^/]+/([^?]+)").matcher(db.url);
    assertTrue(m.find(), db.url);
    return m.group(1);
  }
}
