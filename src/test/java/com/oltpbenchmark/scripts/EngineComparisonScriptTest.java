package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.ScriptRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/measure/engine-comparison.sh without a database: bad arguments are one line with exit 2,
 * --dry-run prints the alternated order and each target's config, a target whose cluster script is
 * missing is skipped by name, and --report renders a table from recorded runs with or without the
 * runtime's database figures. The measured comparison itself is a benchmark, not a test.
 */
class EngineComparisonScriptTest {

  private static final String SCRIPT = "scripts/measure/engine-comparison.sh";

  @TempDir Path dir;

  private static ScriptRun run(Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    return ScriptRun.of(SCRIPT, 60, env, args);
  }

  private static ScriptRun run(String... args) throws IOException, InterruptedException {
    return run(Map.of(), args);
  }

  @Test
  void unknownTargetIsOneLineNamingItAndTheKnownOnes() throws Exception {
    ScriptRun r = run("--targets", "innodb,oracle");
    assertEquals(2, r.code(), r.out());
    assertEquals(1, r.out().strip().lines().count(), r.out());
    assertTrue(r.lastLine().contains("unknown target 'oracle'"), r.out());
    assertTrue(r.lastLine().contains("myrocks") && r.lastLine().contains("spider3-xaoff"), r.out());
  }

  @Test
  void badNumbersAndNamesAreOneLineEach() throws Exception {
    for (String[] c :
        List.of(
            new String[] {"--runs", "0", "--runs must be a positive integer, got '0'"},
            new String[] {"--time", "3", "--time must be at least 4"},
            new String[] {"--nodes", "1e5", "--nodes must be a positive integer, got '1e5'"},
            new String[] {"--database", "x;drop", "--database must be a plain SQL name"},
            new String[] {"--bogus", "", "unrecognized arguments: --bogus"},
            new String[] {
              "--report",
              "/nonexistent/runs.json",
              "--report /nonexistent/runs.json: not a runs.json"
            })) {
      ScriptRun r = c[1].isEmpty() ? run(c[0]) : run(c[0], c[1]);
      assertEquals(2, r.code(), r.out());
      assertEquals(1, r.out().strip().lines().count(), r.out());
      assertTrue(r.lastLine().startsWith("engine-comparison: "), r.out());
      assertTrue(r.lastLine().contains(c[2]), r.out());
    }
  }

  @Test
  void dryRunAlternatesTheTargetsAndNamesTheirConfigs() throws Exception {
    ScriptRun r =
        run(
            Map.of("SG_SPIDER_SCRIPT", "/nonexistent/spider-cluster.sh"),
            "--dry-run",
            "--runs",
            "3",
            "--targets",
            "innodb,myrocks,spider2-xaon",
            "--taobench",
            "--nodes",
            "5000");
    assertEquals(0, r.code(), r.out());
    assertTrue(r.out().contains("TAOBench preset A, database benchbase, 5,000 nodes"), r.out());
    assertTrue(r.out().contains("run 1: innodb myrocks spider2-xaon\n"), r.out());
    assertTrue(r.out().contains("run 2: myrocks spider2-xaon innodb\n"), r.out());
    assertTrue(r.out().contains("run 3: spider2-xaon innodb myrocks\n"), r.out());
    assertTrue(
        r.out().contains("myrocks: config/myrocks/sample_taobench_config.xml on 127.0.0.1:3310"),
        r.out());
    assertTrue(r.out().contains("(skipped: /nonexistent/spider-cluster.sh not found)"), r.out());
  }

  @Test
  void reportRendersMediansAndToleratesMissingDatabaseFigures() throws Exception {
    String rows =
        "{\"targets\": [\"innodb\", \"myrocks\", \"spider1-xaon\"], \"rows\": ["
            + row("innodb", 1, 1000, 20.0, "PASS", "\"server_cpu_us\": 100.0,")
            + ","
            + row("innodb", 2, 3000, 40.0, "PASS", "\"server_cpu_us\": 300.0,")
            + ","
            + row("myrocks", 1, 800, 30.0, "FAIL", "")
            + ", {\"target\": \"spider1-xaon\", \"run\": 1, \"skipped\": \"no script\"}]}";
    Path json = Files.writeString(dir.resolve("runs.json"), rows);
    ScriptRun r = run("--report", json.toString());
    assertEquals(0, r.code(), r.out());
    String innodb = line(r.out(), "innodb ");
    assertTrue(
        innodb.matches(".*\\b2\\s+REPEATABLE_READ\\s+2,000\\s+30\\.0\\s+PASS/PASS\\s+200\\b.*"),
        innodb);
    String myrocks = line(r.out(), "myrocks ");
    assertTrue(myrocks.matches(".*\\b800\\s+30\\.0\\s+FAIL\\s+-\\s+-\\s+-.*"), myrocks);
    assertTrue(line(r.out(), "spider1-xaon").contains("skipped: no script"), r.out());
  }

  /**
   * The runtime's figures are read from summary.json's layout (docs/database-figures.md): the last
   * phase's per-request figures under Database, the Server Process CPU where Database has none, and
   * nothing (so the script samples its own) when neither is there.
   */
  @Test
  void databaseFiguresAreTakenFromSummaryJsonOnlyWhenPresent() throws Exception {
    String py =
        "import sys, json; sys.path.insert(0, 'scripts/measure/lib'); import engine_comparison as e;"
            + " print(json.dumps(e.database_figures({'Throughput (requests/second)': 5.0})));"
            + " print(json.dumps(e.database_figures({'Database': {'Phases': [{'Per Request':"
            + " {'KB written': 9.0}}, {'Per Request': {'Server CPU microseconds': 120,"
            + " 'KB written': 0.5, 'WAL/redo KB': 0.25, 'Disk reads': 0.01}}]}})));"
            + " print(json.dumps(e.database_figures({'Database': {'Phases': []},"
            + " 'Server Process': {'CPU (microseconds/request)': 80.5}})))";
    String out = python(py);
    List<String> lines = out.strip().lines().toList();
    assertEquals("{}", lines.get(0), out);
    // the last phase is the measured one of a single-phase sample
    assertTrue(lines.get(1).contains("\"server_cpu_us\": 120.0"), out);
    assertTrue(lines.get(1).contains("\"written_kb\": 0.5"), out);
    assertTrue(lines.get(1).contains("\"wal_kb\": 0.25"), out);
    assertTrue(lines.get(1).contains("\"disk_reads\": 0.01"), out);
    assertTrue(lines.get(1).contains("\"source\": \"summary.json 'Database'\""), out);
    assertTrue(lines.get(2).contains("\"server_cpu_us\": 80.5"), out);
    assertTrue(lines.get(2).contains("\"source\": \"summary.json 'Server Process'\""), out);
    assertTrue(!lines.get(2).contains("written_kb"), out);
  }

  /**
   * A Spider target of N backends audits those N: the sample's three {@code <audit><backend>}
   * entries are cut to the cluster's (a missing backend would fail the audit with a refused
   * connection).
   */
  @Test
  void aSpiderTargetNamesOnlyItsOwnBackendsToTheAudit() throws Exception {
    Path cfg = Files.createTempFile("engine-comparison", ".xml");
    String py =
        "import sys, types, xml.etree.ElementTree as ET; sys.path.insert(0, 'scripts/measure/lib');"
            + " import engine_comparison as e;"
            + " t = e.targets()['spider2-xaon']; t.ddl = ['echo', 'SELECT 1;'];"
            + " a = types.SimpleNamespace(taobench=False, nodes=2000, terminals=2,"
            + " isolation='sample', database='db', time=5, warmup=1);"
            + " e.derive(t, a, sys.argv[1]);"
            + " print(len(ET.parse(sys.argv[1]).getroot().findall('./audit/backend')))";
    String out = python(py, cfg.toString());
    assertEquals("2", out.strip(), out);
    String xml = Files.readString(cfg);
    assertTrue(xml.contains("127.0.0.1:3322/") && !xml.contains("127.0.0.1:3323/"), xml);
  }

  /**
   * MyRocks' size is the SST files' bytes on disk, each file in the database's share of its
   * indexes' uncompressed bytes ({@code ROCKSDB_INDEX_FILE_MAP.DATA_SIZE}), not that uncompressed
   * sum itself (1.6 times the files); a file the harness cannot stat counts by its block sizes.
   */
  @Test
  void myRocksSizeIsTheSstFilesOnDiskInTheDatabasesShare() throws Exception {
    Path rocks = Files.createDirectories(dir.resolve("data").resolve("#rocksdb"));
    Files.write(rocks.resolve("000010.sst"), new byte[1000]);
    Files.write(rocks.resolve("000011.sst"), new byte[400]);
    Files.write(rocks.resolve("000012.sst"), new byte[50]);
    String py =
        "import sys; sys.path.insert(0, 'scripts/measure/lib'); import engine_comparison as e;"
            + " rows = '000010.sst\\t1600\\t1600\\t990\\n000011.sst\\t100\\t400\\t390\\n'"
            + " + '000012.sst\\t0\\t0\\t40\\n000013.sst\\t300\\t300\\t120\\n';"
            + " answers = {'SELECT @@datadir': sys.argv[1], 'SELECT @@rocksdb_datadir': './#rocksdb'};"
            + " e.sql = lambda t, q, db=None: answers.get(q, rows if 'sg_db' in q else None);"
            + " print(e.myrocks_sst_bytes(e.targets()['myrocks'], 'sg_db'))";
    // 1000 (all of it the database's) + 400 / 4 + 0 (no rows) + 120 (no such file: its blocks)
    assertEquals("1220", python(py, dir.resolve("data").toString()).strip());
  }

  private static String row(
      String target, int run, double rps, double p99, String audit, String extra) {
    return "{\"target\": \""
        + target
        + "\", \"run\": "
        + run
        + ", \"isolation\": \"REPEATABLE_READ\", "
        + extra
        + " \"requests_per_s\": "
        + rps
        + ", \"p99_ms\": "
        + p99
        + ", \"audit\": \""
        + audit
        + "\", \"size_after_load\": 1048576, \"size_after_run\": 2097152}";
  }

  private static String line(String out, String start) {
    return out.lines()
        .filter(l -> l.startsWith(start))
        .findFirst()
        .orElse("(no line " + start + ")");
  }

  /**
   * Runs {@code program} with python3 -c in the project's directory; its output, once it exited 0.
   */
  private static String python(String program, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("python3", "-c", program));
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command)
            .directory(new File(System.getProperty("user.dir")))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    return out;
  }
}
