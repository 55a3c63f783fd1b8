package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A terminal's session that the database refuses ends the command before the run, in one line with
 * the database's own message and the exit code of a failed step (1), and no run is recorded. The
 * MyRocks isolation refusal, the case this exists for, is in MyRocksTest.
 */
class SessionCheckTest {

  @TempDir Path dir;

  @Test
  void aSessionSetupFileTheDatabaseRejectsIsOneLineWithItsMessage() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "session_check");
    Path setup = EngineHarness.write(dir, "setup.sql", "UPDATE no_such_table SET x = 1");
    String body =
        "<terminals>1</terminals><loaderThreads>1</loaderThreads>"
            + EngineHarness.element("sessionsetupfile", setup)
            + "<works><work><time>1</time><rate>10</rate><weights>100</weights></work></works>"
            + EngineHarness.types("Noop");
    Path cfg = EngineHarness.write(dir, "session.xml", EngineHarness.xml(db, body));
    Path out = dir.resolve("out");
    CliRun r = CliRun.inProcess(RunArgs.createLoadExecute("testbench", cfg, out));
    String line = r.endedWithOneLine(ExitCodes.FAILURE);
    assertTrue(line.startsWith("benchbase: the session setup file " + setup), line);
    assertTrue(line.contains("<sessionsetupfile> in " + cfg), line);
    assertTrue(line.contains("no such table: no_such_table"), "the database's message: " + line);
    assertFalse(r.out.contains("\tat "), "no stack trace");
    assertFalse(Files.exists(out), "no run was recorded");
    // the check ran after create and load, as the session setup may need their tables
    try (Connection c = db.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT name FROM ddl_source")) {
      assertTrue(rs.next(), "the DDL ran before the check");
    }
  }
}
