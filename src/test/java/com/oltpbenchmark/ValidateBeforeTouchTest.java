package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A run with a bad input and every action requested leaves a loaded database exactly as it was: the
 * inputs are all checked before the first statement.
 */
class ValidateBeforeTouchTest {
  private static final String GOOD_WORK =
      "<works><work><time>1</time><rate>10</rate><weights>100</weights></work></works>";

  @TempDir Path dir;

  /** name, text replaced in the good config, its replacement. */
  static Stream<Arguments> brokenInputs() {
    return Stream.of(
        Arguments.of("module block", "<testbench>", "<testbench><rows>many</rows>"),
        Arguments.of("runtime element", "<weights>100</weights>", "<weights>x</weights>"),
        Arguments.of("size", "<terminals>2</terminals>", "<terminals>1000000000</terminals>"),
        Arguments.of("ddl file", "<testbench>", "<ddlpath>/no/such.sql</ddlpath><testbench>"));
  }

  @ParameterizedTest(name = "SQLite, broken {0}")
  @MethodSource("brokenInputs")
  void sqliteUntouched(String name, String from, String to) throws Exception {
    untouched(TestDatabase.sqlite(dir, "untouched"), from, to);
  }

  @ParameterizedTest(name = "PostgreSQL, broken {0}")
  @MethodSource("brokenInputs")
  void postgresUntouched(String name, String from, String to) throws Exception {
    untouched(TestDatabase.postgres("bb_untouched"), from, to);
  }

  private void untouched(TestDatabase db, String from, String to) throws Exception {
    String good =
        EngineHarness.xml(
            db,
            "<terminals>2</terminals><testbench></testbench>"
                + GOOD_WORK
                + EngineHarness.types("Noop"));
    Path cfg = EngineHarness.write(dir, "good.xml", good);
    String[] all = {"--create", "--load", "--execute", "-d", dir.resolve("out").toString()};
    assertEquals(DBWorkload.EXIT_OK, CliRun.inProcess(args(cfg, all)).code, "loads");
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      st.executeUpdate("UPDATE kv SET v = v + k * 7");
      if (!c.getAutoCommit()) {
        c.commit();
      }
    }
    String before = fingerprint(db);

    Path bad = EngineHarness.write(dir, "broken.xml", good.replace(from, to));
    CliRun r = CliRun.inProcess(args(bad, all));
    assertEquals(DBWorkload.EXIT_CONFIG, r.code, r.toString());
    assertEquals(before, fingerprint(db), "the loaded database is untouched");
  }

  private static String[] args(Path cfg, String... more) {
    String[] a = new String[4 + more.length];
    a[0] = "-b";
    a[1] = "testbench";
    a[2] = "-c";
    a[3] = cfg.toString();
    System.arraycopy(more, 0, a, 4, more.length);
    return a;
  }

  /** Row counts and a checksum of every row of both tables. */
  private static String fingerprint(TestDatabase db) throws Exception {
    try (Connection c = db.connect();
        Statement st = c.createStatement();
        ResultSet kv = st.executeQuery("SELECT COUNT(*), SUM(k * 31 + v), SUM(v * v) FROM kv")) {
      kv.next();
      String s = kv.getLong(1) + "/" + kv.getLong(2) + "/" + kv.getLong(3);
      try (Statement st2 = c.createStatement();
          ResultSet src = st2.executeQuery("SELECT COUNT(*), MIN(name) FROM ddl_source")) {
        src.next();
        return s + "/" + src.getLong(1) + "/" + src.getString(2);
      }
    }
  }
}
