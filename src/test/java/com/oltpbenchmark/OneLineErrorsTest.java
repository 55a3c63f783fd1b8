package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.RunArgs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each kind of bad input ends the command with one stderr line that names the cause and where it
 * is, with the documented exit code, before any database is touched.
 */
class OneLineErrorsTest {
  private static final String TYPES = EngineHarness.types("Noop");
  private static final String WORK =
      "<works><work><time>1</time><rate>10</rate><weights>100</weights></work></works>";

  @TempDir static Path dir;

  /** Stands for the SQLite file in {@link #cases}, which run before the directory is known. */
  private static final String SQLITE_FILE = "{sqlite-file}";

  private static String sqlite() {
    return "<type>SQLITE</type><driver>org.sqlite.JDBC</driver><url>jdbc:sqlite:"
        + dir.resolve("one_line.db")
        + "</url>";
  }

  /** name, config body (after the connection unless it starts with '!'), exit code, parts. */
  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of(
            "module config error",
            "<terminals>1</terminals><testbench><rows>many</rows></testbench>" + WORK + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("benchmark testbench", "many")),
        Arguments.of(
            "missing url",
            "!<type>SQLITE</type><terminals>1</terminals>" + WORK + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("<url>", "missing")),
        Arguments.of(
            "no driver for the url",
            "!<type>POSTGRES</type><url>jdbc:nosuchdb://h/db</url><terminals>1</terminals>"
                + WORK
                + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("<url>", "no JDBC driver", "jdbc:nosuchdb://h/db")),
        Arguments.of(
            "driver class missing",
            "!<type>POSTGRES</type><driver>org.nosuch.Driver</driver>"
                + "<url>jdbc:postgresql://127.0.0.1:1/x</url><terminals>1</terminals>"
                + WORK
                + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("<driver>", "org.nosuch.Driver")),
        Arguments.of(
            "unreachable host",
            "!<type>POSTGRES</type><url>jdbc:postgresql://127.0.0.1:1/x?connectTimeout=5</url>"
                + "<terminals>1</terminals>"
                + WORK
                + TYPES,
            DBWorkload.EXIT_FAILURE,
            List.of("cannot connect to jdbc:postgresql://127.0.0.1:1/x", "<url>")),
        Arguments.of(
            "unknown database file",
            "!<type>SQLITE</type><url>jdbc:sqlite:/no/such/dir/x.db</url><terminals>1</terminals>"
                + WORK
                + TYPES,
            DBWorkload.EXIT_FAILURE,
            List.of("cannot connect to jdbc:sqlite:/no/such/dir/x.db")),
        Arguments.of(
            "absurd terminal count",
            "<terminals>1000000000</terminals>" + WORK + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("<terminals>", "at most 10000")),
        Arguments.of(
            "absurd phase time",
            "<terminals>1</terminals><works><work><time>2000000000</time><rate>10</rate>"
                + "<weights>100</weights></work></works>"
                + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("<works/work[1]/time>", "at most")),
        Arguments.of(
            "absurd loader threads",
            "<terminals>1</terminals><loaderThreads>99999999</loaderThreads>" + WORK + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("<loaderThreads>", "at most")),
        Arguments.of(
            "unreadable session setup file",
            "<terminals>1</terminals><sessionsetupfile>/no/such/setup.sql</sessionsetupfile>"
                + WORK
                + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("<sessionsetupfile>")),
        Arguments.of(
            "MyRocks at the default isolation",
            "!<type>MYROCKS</type><url>jdbc:mariadb://127.0.0.1:1/x</url><terminals>1</terminals>"
                + WORK
                + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of(
                "<isolation>",
                "TRANSACTION_SERIALIZABLE (the default when <isolation> is absent)",
                "\"MyRocks supports only READ COMMITTED and REPEATABLE READ isolation levels\"")),
        Arguments.of(
            "MyRocks at READ UNCOMMITTED",
            "!<type>MYROCKS</type><url>jdbc:mariadb://127.0.0.1:1/x</url><terminals>1</terminals>"
                + "<isolation>TRANSACTION_READ_UNCOMMITTED</isolation>"
                + WORK
                + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("<isolation>", "TRANSACTION_READ_UNCOMMITTED is refused", "MyRocks supports")),
        Arguments.of(
            "MyRocks type with a SQLite url",
            "!<type>MYROCKS</type><url>jdbc:sqlite:"
                + SQLITE_FILE
                + "</url><isolation>TRANSACTION_READ_COMMITTED</isolation>"
                + "<terminals>1</terminals>"
                + WORK
                + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of(
                "element <type>: MYROCKS does not fit <url>, a jdbc:sqlite: URL, which reaches"
                    + " SQLite; <type>MYROCKS</type> needs a URL starting jdbc:mariadb: or"
                    + " jdbc:mysql:")),
        Arguments.of(
            "MyRocks type with a PostgreSQL url",
            "!<type>MYROCKS</type><url>jdbc:postgresql://127.0.0.1:1/x</url>"
                + "<isolation>TRANSACTION_REPEATABLE_READ</isolation><terminals>1</terminals>"
                + WORK
                + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("element <type>: MYROCKS does not fit <url>, a jdbc:postgresql: URL")),
        Arguments.of(
            "PostgreSQL type with a SQLite url",
            "!<type>POSTGRES</type><url>jdbc:sqlite:"
                + SQLITE_FILE
                + "</url><terminals>1</terminals>"
                + WORK
                + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("element <type>: POSTGRES does not fit <url>, a jdbc:sqlite: URL")),
        Arguments.of(
            "bad maxErrorPercent",
            "<terminals>1</terminals><maxErrorPercent>250</maxErrorPercent>" + WORK + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("<maxErrorPercent>", "at most 100")),
        Arguments.of(
            "malformed xml",
            "<terminals>1</terminals><works>" + TYPES,
            DBWorkload.EXIT_CONFIG,
            List.of("cannot parse", "line")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void oneLineWithCodeAndPlace(String name, String body, int code, List<String> parts)
      throws Exception {
    String xmlBody = body.startsWith("!") ? body.substring(1) : sqlite() + body;
    xmlBody = xmlBody.replace(SQLITE_FILE, dir.resolve("one_line.db").toString());
    Path cfg =
        EngineHarness.write(
            dir,
            "one_line_" + name.replace(' ', '_') + ".xml",
            "<?xml version=\"1.0\"?>\n<parameters>\n" + xmlBody + "\n</parameters>\n");
    Files.deleteIfExists(dir.resolve("one_line.db"));
    CliRun r = CliRun.inProcess(RunArgs.createLoadExecute("testbench", cfg, dir.resolve("out")));
    String line = r.endedWithOneLine(code);
    assertTrue(line.startsWith("benchbase: "), line);
    if (code == DBWorkload.EXIT_CONFIG || line.contains("<url>")) {
      assertTrue(line.contains(cfg.toString()), "names the file: " + line);
    }
    for (String part : parts) {
      assertTrue(line.contains(part), "says '" + part + "': " + line);
    }
    assertFalse(r.out.contains("\tat "), "no stack trace: " + r);
    assertFalse(Files.exists(dir.resolve("one_line.db")), "the database was not created");
    assertFalse(Files.exists(dir.resolve("out")), "the results directory was not left behind");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("resultsDirs")
  void unwritableResultsDirectoryIsRefusedFirst(String name, String sub) throws Exception {
    Path blocker = EngineHarness.write(dir, "a_file", "not a directory");
    Path cfg =
        EngineHarness.write(
            dir,
            "results_dir.xml",
            "<?xml version=\"1.0\"?>\n<parameters>"
                + sqlite()
                + "<terminals>1</terminals>"
                + WORK
                + TYPES
                + "</parameters>\n");
    Files.deleteIfExists(dir.resolve("one_line.db"));
    String out = blocker.resolve(sub).toString();
    CliRun r =
        CliRun.inProcess(
            "-b", "testbench", "-c", cfg.toString(), "--create", "--load", "--execute", "-d", out);
    r.endedWithOneLine(DBWorkload.EXIT_CONFIG);
    assertTrue(r.err.contains("results directory") && r.err.contains("-d/--directory"), r.err);
    assertFalse(Files.exists(dir.resolve("one_line.db")), "the database was not created");
  }

  static Stream<Arguments> resultsDirs() {
    return Stream.of(Arguments.of("below a file", "sub"), Arguments.of("is a file", ""));
  }
}
