package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/measure/lib/txn_latency_shim.c, which times the C++ TAOBench tool's read transactions in
 * scripts/measure/compare-with-originals.sh: built the way the script builds it and preloaded into
 * a program that talks to a stand-in client library, it must keep exactly the read-only
 * transactions that completed, with their latency, and the script's window filter and percentiles
 * must read them.
 *
 * <p>The shim belongs to the measuring harness, not to the product, so the product's tests do not
 * need a C compiler: without one the test is skipped with a message, unless the harness's check is
 * asked for ({@code SG_HARNESS_CHECK=true}, which .ci/run sets after installing gcc), where a
 * missing compiler fails it.
 */
class TxnLatencyShimTest {

  private static final String INSTALL_HINT =
      "no C compiler: install gcc (apt-get install gcc libc6-dev) to test the harness's"
          + " txn_latency_shim.c";

  // The client library's two calls as the shim sees them: a query "fails" if it contains FAIL; its
  // results are one per statement, and a statement ERRNEXT makes fetching the next result fail.
  private static final String STAND_IN_CLIENT =
      """
      #include <string.h>
      typedef struct st_mysql MYSQL;
      static int left;
      static int broken;
      int mysql_real_query(MYSQL *m, const char *q, unsigned long n) {
        if (strstr(q, "FAIL")) return 1;
        left = 0;
        for (const char *p = q; *p; p++) if (*p == ';') left++;
        broken = strstr(q, "ERRNEXT") != 0;
        return 0;
      }
      int mysql_next_result(MYSQL *m) {
        if (broken) return 1;
        return left-- > 0 ? 0 : -1;
      }
      """;

  private static final String PROGRAM =
      """
      #include <unistd.h>
      typedef struct st_mysql MYSQL;
      int mysql_real_query(MYSQL *m, const char *q, unsigned long n);
      int mysql_next_result(MYSQL *m);
      static void run(const char *q, int pause_us) {
        unsigned long n = 0;
        while (q[n]) n++;
        if (mysql_real_query(0, q, n)) return;
        if (pause_us) usleep(pause_us);
        while (mysql_next_result(0) == 0) {}
      }
      int main(void) {
        run("START TRANSACTION; SELECT v FROM objects WHERE id=1; SELECT v FROM edges; COMMIT", 3000);
        run("START TRANSACTION; UPDATE objects SET v=1 WHERE id=1; COMMIT", 0);
        run("START TRANSACTION; SELECT v FROM objects; INSERT INTO edges VALUES (1); COMMIT", 0);
        run("SELECT v FROM objects WHERE id=1", 0);
        run("START TRANSACTION; SELECT FAIL; COMMIT", 0);
        run("START TRANSACTION; SELECT ERRNEXT; COMMIT", 0);
        run("start transaction;select v from objects;\\ncommit", 0);
        return 0;
      }
      """;

  @TempDir Path dir;

  @Test
  void keepsCompletedReadTransactionsOnlyAndTheScriptReadsThemByWindow() throws Exception {
    if (!onPath("cc") && !onPath("gcc")) {
      if ("true".equalsIgnoreCase(System.getenv("SG_HARNESS_CHECK"))) {
        fail(INSTALL_HINT + " [SG_HARNESS_CHECK=true: the harness's check must run]");
      }
      Assumptions.abort(INSTALL_HINT);
    }
    Files.writeString(dir.resolve("client.c"), STAND_IN_CLIENT);
    Files.writeString(dir.resolve("main.c"), PROGRAM);
    run(dir, Map.of(), "cc", "-shared", "-fPIC", "-o", "libstandin.so", "client.c");
    run(
        dir,
        Map.of(),
        "cc",
        "-o",
        "main",
        "main.c",
        "-L.",
        "-lstandin",
        "-Wl,-rpath," + dir.toAbsolutePath());
    // the script's own build of the shim
    String built =
        python(
            "print(c.build_latency_shim(" + pyString(dir.toString()) + "))",
            dir.getParent().toString());
    assertTrue(built.startsWith("('") && built.endsWith("None)"), built);
    String shim = dir.resolve("txn_latency_shim.so").toString();

    long before = System.currentTimeMillis();
    Path out = dir.resolve("latencies.txt");
    run(dir, Map.of("LD_PRELOAD", shim, "SG_TXN_LATENCY_OUT", out.toString()), "./main");
    long after = System.currentTimeMillis();

    List<String> lines = Files.readAllLines(out);
    assertEquals(2, lines.size(), "the two read-only transactions that completed: " + lines);
    long[] first = parse(lines.get(0));
    assertTrue(first[0] >= before * 1_000_000L - 1_000_000_000L && first[0] <= after * 1_000_000L);
    assertTrue(
        first[1] >= 3_000_000L, "latency includes the 3 ms before the last result: " + first[1]);
    assertTrue(parse(lines.get(1))[1] < first[1], lines.toString());

    String inWindow =
        python(
            "s = c.shim_latencies("
                + pyString(out.toString())
                + ", ("
                + (before / 1000.0 - 1)
                + ", "
                + (after / 1000.0 + 1)
                + ")); print(s['count'], s['max'] >= 3.0, s['p99'] == s['max'], s['p50'] < 3.0)",
            dir.toString());
    assertEquals("2 True True True", inWindow);
    String outside =
        python("print(c.shim_latencies(" + pyString(out.toString()) + ", (0, 1)))", dir.toString());
    assertEquals("None", outside);

    // without SG_TXN_LATENCY_OUT the shim records and writes nothing
    Files.delete(out);
    run(dir, Map.of("LD_PRELOAD", shim), "./main");
    assertTrue(!Files.exists(out));
  }

  private static long[] parse(String line) {
    String[] f = line.split(" ");
    return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
  }

  private static String pyString(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  /** Runs python3 with the script's module imported as {@code c}; returns its stripped output. */
  private static String python(String code, String cwd) throws IOException, InterruptedException {
    String scriptLib =
        new File(System.getProperty("user.dir"), "scripts/measure/lib").getAbsolutePath();
    String py =
        "import sys; sys.path.insert(0, "
            + pyString(scriptLib)
            + "); import compare_with_originals as c\n"
            + code
            + "\n";
    return run(Path.of(cwd), Map.of(), "python3", "-c", py);
  }

  private static String run(Path cwd, Map<String, String> env, String... cmd)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(cwd.toFile());
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", cmd) + " did not end");
    assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + out);
    return out;
  }

  private static boolean onPath(String tool) {
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(d, tool))) {
        return true;
      }
    }
    return false;
  }
}
