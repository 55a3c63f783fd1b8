package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bare action flags are true; repeated options, repeated benchmarks and --anonymize are errors. */
class CommandLineTest {
  @TempDir Path dir;

  private Path config(TestDatabase db) throws Exception {
    return EngineHarness.write(
        dir,
        "cli.xml",
        EngineHarness.xml(
            db,
            "<terminals>1</terminals><works><work><time>1</time><rate>10</rate>"
                + "<weights>100</weights></work></works>"
                + EngineHarness.types("Noop")));
  }

  private static long rows(TestDatabase db) throws Exception {
    return db.firstLong("SELECT COUNT(*) FROM kv");
  }

  @Test
  void bareActionFlagsAreTrue() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "cli_bare");
    CliRun r =
        CliRun.inProcess(
            "-b", "testbench", "-c", config(db).toString(), "--create", "--load", "--clear=false");
    assertEquals(DBWorkload.EXIT_OK, r.code, r.toString());
    assertEquals(100, rows(db), "created and loaded");
  }

  @Test
  void falseValueStillTurnsAnActionOff() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "cli_false");
    Path cfg = config(db);
    assertEquals(0, CliRun.inProcess("-b", "testbench", "-c", cfg.toString(), "--create").code);
    CliRun r =
        CliRun.inProcess("-b", "testbench", "-c", cfg.toString(), "--load=false", "--clear=FALSE");
    assertEquals(DBWorkload.EXIT_OK, r.code, r.toString());
    assertEquals(0, rows(db), "nothing loaded");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "config twice | -c {cfg} -c {cfg} | --config is given more than once |",
        "execute twice | -c {cfg} --execute=true --execute=false | --execute is given more than once |",
        "bare and valued | -c {cfg} --create --create=true | --create is given more than once |",
        "benchmark twice | -c {cfg} -b testbench | --bench is given more than once |",
        "benchmark listed twice | -c {cfg} | lists benchmark 'testbench' twice | testbench,testbench",
        "anonymize | -c {cfg} --anonymize | --anonymize is not supported |",
        "anonymize with value | -c {cfg} --anonymize=true | --anonymize is not supported |",
        "bad flag value | -c {cfg} --load=yes | --load expects true or false |",
      })
  void badCommandLinesExitTwo(String name, String args, String message, String bench)
      throws Exception {
    Path cfg = config(TestDatabase.sqlite(dir, "cli_bad"));
    List<String> argv = new ArrayList<>(List.of("-b", bench == null ? "testbench" : bench));
    for (String a : args.trim().split("\\s+")) {
      argv.add(a.replace("{cfg}", cfg.toString()));
    }
    CliRun r = CliRun.inProcess(argv.toArray(new String[0]));
    assertEquals(DBWorkload.EXIT_USAGE, r.code, r.toString());
    assertTrue(r.err.contains(message), r.toString());
    assertTrue(Files.notExists(dir.resolve("cli_bad.db")), "nothing touched");
  }
}
