package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.types.DatabaseType;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Invalid configurations and command lines fail with a message naming the element and file. */
class ConfigErrorsTest {
  private static final String CONNECTION =
      "<type>SQLITE</type><driver>org.sqlite.JDBC</driver><url>jdbc:sqlite::memory:</url>";
  private static final String TYPES =
      "<transactiontypes><transactiontype><name>Noop</name></transactiontype>"
          + "<transactiontype><name>NoopB</name></transactiontype></transactiontypes>";
  private static final String WORK =
      "<works><work><time>1</time><rate>10</rate><weights>50,50</weights></work></works>";

  @TempDir Path dir;

  private Path file(String body) throws Exception {
    return EngineHarness.write(
        dir, "bad_config.xml", "<?xml version=\"1.0\"?>\n<parameters>" + body + "</parameters>\n");
  }

  /** Reads the file the way DBWorkload does; returns the configuration. */
  private WorkloadConfiguration read(Path file) throws Exception {
    return EngineHarness.testbench(file).getWorkloadConfiguration();
  }

  private void assertRejected(String body, String element, String problem) throws Exception {
    Path f = file(body);
    ConfigurationError e = assertThrows(ConfigurationError.class, () -> read(f));
    String msg = e.getMessage();
    assertTrue(msg.contains(f.toString()), "names the file: " + msg);
    assertTrue(msg.contains("<" + element + ">"), "names <" + element + ">: " + msg);
    assertTrue(msg.contains(problem), "says '" + problem + "': " + msg);
  }

  @Test
  void missingType() throws Exception {
    assertRejected("<url>jdbc:sqlite::memory:</url>" + WORK + TYPES, "type", "missing");
  }

  @Test
  void spreadTerminalsOverHostsNeedsAMultiHostUrl() throws Exception {
    assertRejected(
        CONNECTION + "<spreadTerminalsOverHosts>true</spreadTerminalsOverHosts>" + WORK + TYPES,
        "url",
        "jdbc:sqlite::memory:");
  }

  @Test
  void unknownType() throws Exception {
    assertRejected("<type>FOODB</type>" + WORK + TYPES, "type", "FOODB");
  }

  @ParameterizedTest
  @CsvSource({"fast, 'fast'", "0, must be positive", "-5, must be positive", "'', missing"})
  void badRate(String rate, String problem) throws Exception {
    assertRejected(
        CONNECTION
            + "<works><work><time>1</time><rate>"
            + rate
            + "</rate><weights>50,50</weights></work></works>"
            + TYPES,
        "works/work[1]/rate",
        problem);
  }

  @Test
  void weightCountMismatch() throws Exception {
    assertRejected(
        CONNECTION
            + "<works><work><time>1</time><rate>10</rate>"
            + "<weights>100</weights></work></works>"
            + TYPES,
        "works/work[1]/weights",
        "has 1 weights but there are 2 transaction types");
  }

  @Test
  void nonNumericWeight() throws Exception {
    assertRejected(
        CONNECTION
            + "<works><work><time>1</time><rate>10</rate>"
            + "<weights>50,x</weights></work></works>"
            + TYPES,
        "works/work[1]/weights",
        "'x'");
  }

  @Test
  void missingWeights() throws Exception {
    assertRejected(
        CONNECTION + "<works><work><time>1</time><rate>10</rate></work></works>" + TYPES,
        "works/work[1]/weights",
        "missing");
  }

  @Test
  void unknownIsolation() throws Exception {
    assertRejected(
        CONNECTION + "<isolation>TRANSACTION_SNAPSHOT</isolation>" + WORK + TYPES,
        "isolation",
        "TRANSACTION_SNAPSHOT");
  }

  @Test
  void nonNumericTerminals() throws Exception {
    assertRejected(
        CONNECTION + "<terminals>four</terminals>" + WORK + TYPES, "terminals", "'four'");
  }

  @Test
  void tooManyActiveTerminals() throws Exception {
    assertRejected(
        CONNECTION
            + "<terminals>2</terminals><works><work><time>1</time>"
            + "<rate>10</rate><active_terminals>3</active_terminals><weights>50,50</weights>"
            + "</work></works>"
            + TYPES,
        "works/work[1]/active_terminals",
        "between 0 and");
  }

  @Test
  void unknownArrival() throws Exception {
    assertRejected(
        CONNECTION
            + "<works><work arrival=\"bursty\"><time>1</time><rate>10</rate>"
            + "<weights>50,50</weights></work></works>"
            + TYPES,
        "works/work[1]/@arrival",
        "'bursty'");
  }

  @Test
  void missingTime() throws Exception {
    assertRejected(
        CONNECTION
            + "<works><work><rate>10</rate><weights>50,50</weights></work>"
            + "</works>"
            + TYPES,
        "works/work[1]/time",
        "positive time");
  }

  @Test
  void negativeWarmup() throws Exception {
    assertRejected(
        CONNECTION
            + "<works><work><time>1</time><warmup>-1</warmup><rate>10</rate>"
            + "<weights>50,50</weights></work></works>"
            + TYPES,
        "works/work[1]/warmup",
        "negative");
  }

  @Test
  void unknownTransactionType() throws Exception {
    assertRejected(
        CONNECTION
            + WORK
            + "<transactiontypes><transactiontype><name>Nope</name>"
            + "</transactiontype><transactiontype><name>Noop</name></transactiontype>"
            + "</transactiontypes>",
        "transactiontypes/transactiontype[1]/name",
        "Nope");
  }

  @Test
  void missingDdlPath() throws Exception {
    assertRejected(
        CONNECTION + "<ddlpath>/no/such/ddl.sql</ddlpath>" + WORK + TYPES, "ddlpath", "not found");
  }

  @Test
  void defaultsAreUpstreams() throws Exception {
    WorkloadConfiguration wc = read(file(CONNECTION + WORK + TYPES));
    assertEquals(DatabaseType.SQLITE, wc.getDatabaseType());
    assertEquals(128, wc.getBatchSize());
    assertEquals(3, wc.getMaxRetries());
    assertEquals(-1, wc.getRandomSeed());
    assertEquals(1.0, wc.getScaleFactor());
    assertEquals(0, wc.getTerminals());
    assertEquals(Connection.TRANSACTION_SERIALIZABLE, wc.getIsolationMode());
    assertEquals(".", wc.getDataDir());
    assertNull(wc.getDDLPath());
    assertEquals(false, wc.getNewConnectionPerTxn());
    assertEquals(false, wc.getReconnectOnConnectionFailure());
    Phase p = wc.getPhases().get(0);
    assertEquals(Phase.Arrival.REGULAR, p.getArrival());
    assertEquals(0, p.getWarmupTime());
    assertEquals(false, p.isSerial());
    // transaction ids are 1-based positions; position 0 is INVALID
    assertEquals("Noop", wc.getTransTypes().getType(1).getName());
    assertEquals(2, wc.getTransTypes().getType(2).getId());
  }

  @Test
  void benchAttributesOverrideForTheirBenchmark() throws Exception {
    WorkloadConfiguration wc =
        read(
            file(
                CONNECTION
                    + "<terminals>2</terminals><terminals bench=\"testbench\">5</terminals>"
                    + "<isolation>TRANSACTION_SERIALIZABLE</isolation>"
                    + "<isolation bench=\"testbench\">TRANSACTION_READ_COMMITTED</isolation>"
                    + "<works><work arrival=\"POISSON\"><time>1</time><rate>10</rate>"
                    + "<rate bench=\"testbench\">20</rate><weights bench=\"other\">1,2</weights>"
                    + "<weights bench=\"testbench\">30,70</weights></work></works>"
                    + TYPES));
    assertEquals(5, wc.getTerminals());
    assertEquals(Connection.TRANSACTION_READ_COMMITTED, wc.getIsolationMode());
    assertEquals("TRANSACTION_READ_COMMITTED", wc.getIsolationString());
    Phase p = wc.getPhases().get(0);
    assertEquals(20.0, p.getRate());
    assertEquals(java.util.List.of(30.0, 70.0), p.getWeights());
    assertEquals(Phase.Arrival.POISSON, p.getArrival());
    assertEquals(5, p.getActiveTerminals());
  }

  private static final class Captured {
    int code;
    String out;
    String err;
  }

  private static Captured cli(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Captured c = new Captured();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      c.code = DBWorkload.run(args);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    c.out = out.toString(StandardCharsets.UTF_8);
    c.err = err.toString(StandardCharsets.UTF_8);
    return c;
  }

  @Test
  void helpListsUpstreamOptions() {
    Captured c = cli("-h");
    assertEquals(0, c.code);
    for (String opt :
        new String[] {
          "--bench",
          "--config",
          "--create",
          "--clear",
          "--load",
          "--execute",
          "--sample",
          "--interval-monitor",
          "--monitor-type",
          "--directory",
          "--json-histograms",
          "--dialects-export",
          "--help",
          "--raw-output"
        }) {
      assertTrue(c.out.contains(opt), "help mentions " + opt + ":\n" + c.out);
    }
    assertTrue(c.out.contains("testbench"), "help lists the plugins");
  }

  /** Runs the command line and checks its exit code and that stderr mentions {@code part}. */
  private static void assertExit(int code, String part, String... args) {
    Captured c = cli(args);
    assertEquals(code, c.code, c.err);
    assertTrue(c.err.contains(part), c.err);
  }

  @Test
  void missingRequiredOptionIsAnError() {
    assertExit(DBWorkload.EXIT_USAGE, "-c/--config", "-b", "testbench");
  }

  @Test
  void unknownOptionIsAnError() {
    assertExit(
        DBWorkload.EXIT_USAGE, "frobnicate", "-b", "testbench", "-c", "x.xml", "--frobnicate=true");
  }

  @Test
  void badOptionValuesAreErrors() throws Exception {
    String f = file(CONNECTION + WORK + TYPES).toString();
    assertExit(
        DBWorkload.EXIT_USAGE,
        "--create expects true or false",
        "-b",
        "testbench",
        "-c",
        f,
        "--create=maybe");
    assertExit(DBWorkload.EXIT_USAGE, "-s/--sample", "-b", "testbench", "-c", f, "-s", "zero");
    assertExit(DBWorkload.EXIT_USAGE, "--monitor-type", "-b", "testbench", "-c", f, "-mt", "fancy");
  }

  @Test
  void unknownPluginIsAnError() throws Exception {
    String f = file(CONNECTION + WORK + TYPES).toString();
    assertExit(
        DBWorkload.EXIT_USAGE,
        "Plugin nosuchbench is undefined",
        "-b",
        "nosuchbench",
        "-c",
        f,
        "--execute=true");
  }

  @Test
  void configErrorsExitLikeUpstream() throws Exception {
    Path f = file("<url>jdbc:sqlite::memory:</url>" + WORK + TYPES);
    Captured c = cli("-b", "testbench", "-c", f.toString(), "--execute=true");
    assertEquals(DBWorkload.EXIT_CONFIG, c.code);
    assertTrue(c.err.contains("<type>") && c.err.contains(f.toString()), c.err);
    assertExit(
        DBWorkload.EXIT_CONFIG,
        "not found",
        "-b",
        "testbench",
        "-c",
        dir.resolve("missing.xml").toString());
  }

  @Test
  void executeNeedsTerminals() throws Exception {
    String f = file(CONNECTION + WORK + TYPES).toString();
    assertExit(DBWorkload.EXIT_CONFIG, "<terminals>", "-b", "testbench", "-c", f, "--execute=true");
  }
}
