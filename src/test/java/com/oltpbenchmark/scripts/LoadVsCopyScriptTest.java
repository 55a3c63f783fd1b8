package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.ScriptRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * scripts/measure/load-vs-copy.sh without a database: bad input is a one-line error, --dry-run
 * prints ours first (its rows are the floor's) and then the sides alternating, and the pure parts
 * of scripts/measure/lib/load_vs_copy.py (the loader's summary line, the floor's time marks, the
 * medians and the ratio) give the figures they must. The measurement itself is a benchmark, not a
 * test (docs/performance.md).
 */
class LoadVsCopyScriptTest {

  private static ScriptRun run(String... args) throws IOException, InterruptedException {
    return ScriptRun.of("scripts/measure/load-vs-copy.sh", 60, Map.of(), args);
  }

  @Test
  void thePlanStartsWithOursAndAlternatesTheSides() throws Exception {
    ScriptRun r = run("--dry-run", "--dbs", "postgres,mariadb", "--runs", "2", "--nodes", "5000");
    assertEquals(0, r.code(), r.out());
    var plan = r.out().lines().filter(l -> l.startsWith("PLAN  ")).toList();
    assertEquals(10, plan.size(), r.out());
    assertTrue(plan.get(0).contains("5,000 nodes") && plan.get(0).contains("server reads"));
    assertTrue(plan.get(1).startsWith("PLAN  postgres run 1 ours") && plan.get(1).contains("dump"));
    assertTrue(
        plan.get(2).startsWith("PLAN  postgres run 1 floor") && plan.get(2).contains("COPY"));
    assertTrue(plan.get(2).contains("rebuild the indexes; ANALYZE"), plan.get(2));
    assertTrue(plan.get(3).startsWith("PLAN  postgres run 2 ours"), plan.get(3));
    assertTrue(plan.get(4).startsWith("PLAN  postgres run 2 floor"), plan.get(4));
    assertTrue(plan.get(7).contains("mariadb run 1 floor") && plan.get(7).contains("LOAD DATA"));
    r = run("--dry-run", "--dbs", "mariadb", "--floor-source", "client");
    assertTrue(r.out().contains("LOAD DATA LOCAL INFILE"), r.out());
  }

  @Test
  void badArgumentsAreOneLineErrors() throws Exception {
    ScriptRun r = run("--dry-run", "--nodes", "0");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.lastLine().contains("--nodes must be a positive integer"), r.out());
    // the database is dropped and recreated: never one that is not a scratch one
    r = run("--dry-run", "--database", "benchbase");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.lastLine().contains("starting with sg_"), r.out());
    r = run("--dry-run", "--dbs", "oracle");
    assertEquals(2, r.code(), r.out());
    assertTrue(r.lastLine().contains("unknown database 'oracle'"), r.out());
    r = run("--help");
    assertEquals(0, r.code(), r.out());
    assertTrue(r.out().contains("--floor-source server|client"), r.out());
  }

  @Test
  void theFiguresComeFromTheLoadersLineAndTheServersClock() throws Exception {
    String out =
        python(
            "log = 'x\\n12:00 INFO Loader - socialgraph load complete: 200000/200000 ids (100.0%)"
                + " in 9.6 s: 200000 nodes (20933/s), 806420 links (84406 links/s), 1 counts"
                + " (1/s), 52.8 MB payload\\n'\n"
                + "s, n, l = m.parse_load(log)\n"
                + "print(round(s, 3), n, l)\n"
                + "st = m.marks_to_steps(['T|start|100.0', 'noise', 'T|nodetable|101.5',"
                + " 'T\\tlinktable\\t104.0'])\n"
                + "print(st)\n"
                + "rs = [dict(side='ours', seconds=10.0, nodes=100, links=1000, server_cpu_s=2.0),"
                + " dict(side='floor', seconds=8.0, nodes=100, links=1000, server_cpu_s=None),"
                + " dict(side='ours', seconds=12.0, nodes=100, links=1000, server_cpu_s=4.0),"
                + " dict(side='floor', seconds=12.0, nodes=100, links=1000, server_cpu_s=None)]\n"
                + "sm = m.summarize(rs)\n"
                + "print(round(sm['ratio'], 4), sm['ours']['server_cpu_s'], sm['floor']['server_cpu_s'])\n"
                + "print(m.plan(2))\n");
    var lines = out.lines().toList();
    // 806420 / 84406 s: the printed 9.6 s is rounded
    assertEquals("9.554 200000 806420", lines.get(0), out);
    assertEquals("[('nodetable', 1.5), ('linktable', 2.5)]", lines.get(1), out);
    // medians of links/s: ours (100 + 83.33) / 2, floor (125 + 83.33) / 2
    assertEquals("0.88 3.0 None", lines.get(2), out);
    assertEquals("[(1, 'ours'), (1, 'floor'), (2, 'ours'), (2, 'floor')]", lines.get(3), out);
    String missing = python("m.parse_load('no summary here')", true);
    assertTrue(missing.contains("no 'socialgraph load complete' line"), missing);
  }

  private static String python(String code) throws IOException, InterruptedException {
    return python(code, false);
  }

  /** Runs python3 with the script's module imported as {@code m}; its stripped output. */
  private static String python(String code, boolean mayFail)
      throws IOException, InterruptedException {
    String lib = new File(System.getProperty("user.dir"), "scripts/measure/lib").getAbsolutePath();
    String py = "import sys; sys.path.insert(0, '" + lib + "'); import load_vs_copy as m\n" + code;
    ProcessBuilder pb = new ProcessBuilder("python3", "-c", py).redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "python3 did not end");
    if (!mayFail) {
      assertEquals(0, p.exitValue(), out);
    }
    return out;
  }
}
