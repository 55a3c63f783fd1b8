package com.oltpbenchmark.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.junit.jupiter.api.Test;

/**
 * A server error reaches the user once, through the runtime's own error reporting: MariaDB's driver
 * does not add a WARN line per error packet (an intended TAOBench precondition abort is one).
 */
class DriverErrorLogTest {

  @Test
  void mariadbErrorPacketsAreNotLoggedByTheDriver() throws Exception {
    TestDatabase db = TestDatabase.mariadb("sg_error_log");
    List<LoggingEvent> events = new ArrayList<>();
    AppenderSkeleton capture =
        new AppenderSkeleton() {
          @Override
          protected void append(LoggingEvent event) {
            events.add(event);
          }

          @Override
          public void close() {}

          @Override
          public boolean requiresLayout() {
            return false;
          }
        };
    Logger root = Logger.getRootLogger();
    root.addAppender(capture);
    try (Connection c = DriverManager.getConnection(db.url, db.username, db.password);
        Statement st = c.createStatement()) {
      SQLException e =
          assertThrows(SQLException.class, () -> st.execute("SIGNAL SQLSTATE '45000'"));
      assertEquals("45000", e.getSQLState());
    } finally {
      root.removeAppender(capture);
    }
    assertTrue(
        events.stream().noneMatch(ev -> ev.getLevel().isGreaterOrEqual(Level.WARN)),
        () ->
            "driver log lines: " + events.stream().map(LoggingEvent::getRenderedMessage).toList());
  }
}
