package com.oltpbenchmark.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Real driver errors in one line: the server's message and SQLState, no driver internals. */
class OneLineDriverErrorsTest {

  @Test
  void postgresKeepsMessageAndStateDropsClassAndPosition() throws Exception {
    SQLException e = error(TestDatabase.postgres("oneline"), "SELECT id1 FROM linktable");
    assertTrue(e.getMessage().contains("Position:"), "the driver's own text: " + e.getMessage());
    assertEquals("relation \"linktable\" does not exist [SQLState 42P01]", OneLine.describe(e));
    String wrapped = OneLine.describe(new IllegalStateException("the audit failed: " + e, e));
    assertEquals(
        "the audit failed: relation \"linktable\" does not exist [SQLState 42P01]", wrapped);
  }

  @Test
  void mariadbKeepsMessageAndStateDropsClassAndConnectionId() throws Exception {
    TestDatabase db = TestDatabase.mariadb("oneline");
    SQLException e = error(db, "SELECT id1 FROM linktable");
    String line = OneLine.describe(e);
    assertTrue(line.matches("Table '\\w+\\.linktable' doesn't exist \\[SQLState 42S02\\]"), line);
    String wrapped = OneLine.describe(new RuntimeException("load failed: " + e, e));
    assertFalse(wrapped.contains("SQLSyntaxErrorException") || wrapped.contains("conn="), wrapped);
    assertTrue(wrapped.endsWith("doesn't exist [SQLState 42S02]"), wrapped);
  }

  @Test
  void joinedTextLosesPositionMarkersAndClassNames() {
    assertEquals(
        "relation \"linktable\" does not exist",
        OneLine.of(
            "org.postgresql.util.PSQLException: ERROR: relation \"linktable\" does not exist\n"
                + "  Position: 233"));
    assertEquals(
        "failed: relation \"x\" does not exist",
        OneLine.of("failed: PSQLException: ERROR: relation \"x\" does not exist / Position: 15"));
  }

  private static SQLException error(TestDatabase db, String sql) throws SQLException {
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      st.executeQuery(sql);
    } catch (SQLException e) {
      return e;
    }
    throw new AssertionError("no error from " + sql);
  }
}
