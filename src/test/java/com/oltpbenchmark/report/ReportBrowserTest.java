package com.oltpbenchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.LoadedGraph;
import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a real short run (socialgraph on SQLite: two concurrency phases and a rate-limited
 * one) and a comparison page, opened in headless Chromium: no console error, every chart drew every
 * series, and a screenshot of each page under {@code <build dir>/report-screenshots/} for a person
 * to look at. Without Chromium it skips (fails under CI=true).
 */
class ReportBrowserTest {
  private static final String INSTALL_HINT =
      "headless Chromium is needed to test the HTML report: apt-get install chromium"
          + " (or put chromium / chromium-browser / google-chrome on the PATH)";
  private static final Pattern STATUS = Pattern.compile("<pre id=\"report-status\">([^<]*)</pre>");
  private static final String WEIGHTS =
      "<weights>12.9,2.6,7.4,1.0,0.5,50.7,4.9,9.0,8.0,3.0</weights>";

  @TempDir static Path dir;
  private static Path chromium;
  private static Path report;

  @BeforeAll
  static void runOnSqlite() throws Exception {
    chromium = findChromium();
    if (chromium == null) {
      if ("true".equals(System.getenv("CI"))) {
        fail(INSTALL_HINT);
      }
      Assumptions.abort(INSTALL_HINT);
    }
    String config =
        "<?xml version=\"1.0\"?><parameters><type>SQLITE</type><driver>org.sqlite.JDBC</driver>"
            + "<url>jdbc:sqlite:"
            + dir.resolve("sg.db")
            + "</url><username></username><password></password>"
            + "<isolation>TRANSACTION_SERIALIZABLE</isolation><randomSeed>7</randomSeed>"
            + "<retries>10</retries><loaderThreads>1</loaderThreads><scalefactor>0.05</scalefactor>"
            + "<terminals>2</terminals><works>"
            + "<work><warmup>1</warmup><time>2</time><active_terminals>1</active_terminals>"
            + "<rate>unlimited</rate>"
            + WEIGHTS
            + "</work><work><time>2</time><active_terminals>2</active_terminals>"
            + "<rate>unlimited</rate>"
            + WEIGHTS
            + "</work><work><time>2</time><rate>100</rate>"
            + WEIGHTS
            + "</work></works><transactiontypes>"
            + types(LoadedGraph.LINKBENCH_TYPES)
            + "</transactiontypes></parameters>";
    Path cfg = Files.writeString(dir.resolve("sg.xml"), config);
    Path out = dir.resolve("out");
    int code = DBWorkload.run(RunArgs.createLoadExecute("socialgraph", cfg, out));
    assertEquals(0, code, "the run succeeds");
    try (Stream<Path> s = Files.list(out)) {
      report =
          s.filter(p -> p.toString().endsWith(RunReportFiles.REPORT_SUFFIX))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no report.html in " + out));
    }
  }

  private static String types(List<String> names) {
    StringBuilder sb = new StringBuilder();
    for (String n : names) {
      sb.append("<transactiontype><name>").append(n).append("</name></transactiontype>");
    }
    return sb.toString();
  }

  @Test
  void runReportDrawsEveryChartWithoutErrors() throws Exception {
    JsonNode run = PageData.of(report).get("runs").get(0);
    JsonNode status = render(report, "run-report.png");
    List<String> titles = new ArrayList<>();
    status.get("charts").forEach(c -> titles.add(c.get("title").asText()));
    assertEquals(
        List.of(
            "Anomalies seen per second, beside throughput",
            "Throughput (requests/s)",
            "Latency (ms, log scale)",
            "Throughput vs terminals",
            "Latency vs terminals (ms, log scale)",
            "Latency vs achieved throughput (ms, log scale)",
            "Latency by percentile (ms, log scale)",
            "Intended start vs service time (ms, log scale)"),
        titles);
    assertEquals(4, chart(status, "Latency (ms, log scale)").get("series").asInt());
    assertEquals(
        4,
        chart(status, "Anomalies seen per second, beside throughput").get("series").asInt(),
        "throughput and the three classes of the read checks");
    assertEquals(
        run.get("curves").size(),
        chart(status, "Latency by percentile (ms, log scale)").get("series").asInt(),
        "All plus every type that ran");
    assertEquals(3, run.get("summary").get("Phases").size());
    JsonNode skew = run.get("fidelity").get("socialgraph").get("LinkBench").get("Key skew");
    assertEquals(4, skew.size(), "the module's draws reach the report: " + run.get("fidelity"));
  }

  @Test
  void comparisonOfTheRunWithAnUpstreamResultSetDrawsEveryChart() throws Exception {
    Path upstream = CompareTest.upstreamFixture(dir.resolve("upstream"));
    Path summary =
        report.resolveSibling(
            report.getFileName().toString().replace(RunReportFiles.REPORT_SUFFIX, ".summary.json"));
    Path html = dir.resolve("comparison.html");
    assertEquals(
        0,
        Compare.run(
            new String[] {"-o", html.toString(), summary.toString(), upstream.toString()},
            System.out,
            System.err));
    JsonNode status = render(html, "comparison.png");
    assertTrue(status.get("charts").size() >= 4, status.toString());
  }

  @Test
  void databaseSectionOfAPostgresRunDrawsItsCharts() throws Exception {
    TestDatabase db = TestDatabase.postgres("report_dbfig");
    String xml = Files.readString(Path.of("config", "postgres", "sample_socialgraph_config.xml"));
    xml = xml.replaceFirst("<url>[^<]*</url>", "<url>" + db.url.replace("&", "&amp;") + "</url>");
    xml = xml.replace("<linkbench>", "<linkbench><maxid1>1001</maxid1>");
    xml = xml.replaceFirst("<terminals>[^<]*</terminals>", "<terminals>2</terminals>");
    xml = xml.replaceAll("<warmup>\\d+</warmup>", "<warmup>0</warmup>");
    xml = xml.replaceAll("<time>\\d+</time>", "<time>3</time>");
    Path cfg = Files.writeString(dir.resolve("pg.xml"), xml);
    Path out = dir.resolve("pg-out");
    int code =
        DBWorkload.run(
            RunArgs.socialgraph(
                cfg, out, "--create", "--load", "--execute", "--audit=false", "-s", "1"));
    assertEquals(0, code, "the PostgreSQL run succeeds");
    Path html;
    try (Stream<Path> s = Files.list(out)) {
      html = s.filter(p -> p.toString().endsWith(RunReportFiles.REPORT_SUFFIX)).findFirst().get();
    }
    JsonNode run = PageData.of(html).get("runs").get(0);
    assertEquals("PostgreSQL", run.get("summary").get("Database").get("Family").asText());
    JsonNode status = render(html, "database-report.png");
    List<String> titles = new ArrayList<>();
    status.get("charts").forEach(c -> titles.add(c.get("title").asText()));
    for (String t :
        List.of(
            "Requests/s",
            "WAL/redo MB/s",
            "Disk reads/s",
            "sessions waiting for a lock (when read)")) {
      assertTrue(titles.contains(t), t + " in " + titles);
    }
    Path summary =
        html.resolveSibling(
            html.getFileName().toString().replace(RunReportFiles.REPORT_SUFFIX, ".summary.json"));
    Path sqliteSummary =
        report.resolveSibling(
            report.getFileName().toString().replace(RunReportFiles.REPORT_SUFFIX, ".summary.json"));
    Path compared = dir.resolve("db-comparison.html");
    assertEquals(
        0,
        Compare.run(
            new String[] {"-o", compared.toString(), summary.toString(), sqliteSummary.toString()},
            System.out,
            System.err));
    render(compared, "database-comparison.png");
    String page = Files.readString(compared);
    assertTrue(page.contains("\"Database\""), "the comparison carries both runs' figures");
  }

  private static JsonNode chart(JsonNode status, String title) {
    for (JsonNode c : status.get("charts")) {
      if (c.get("title").asText().equals(title)) {
        return c;
      }
    }
    throw new AssertionError("no chart " + title + " in " + status);
  }

  /**
   * Opens the page, returns its status (errors, charts) after checking it, and saves a screenshot.
   */
  private static JsonNode render(Path html, String screenshot) throws Exception {
    String url = html.toUri().toString();
    Result dom = chromium(List.of("--dump-dom", url));
    for (String line : dom.stderr.split("\n")) {
      assertFalse(
          line.contains("Uncaught") || line.contains(":CONSOLE("), "browser console: " + line);
    }
    Matcher m = STATUS.matcher(dom.stdout);
    assertTrue(m.find(), "the page wrote no status (did its script run?)");
    JsonNode status =
        new ObjectMapper()
            .readTree(
                m.group(1)
                    .replace("&quot;", "\"")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&amp;", "&"));
    assertEquals("[]", status.get("errors").toString(), "console errors in " + html);
    assertTrue(status.get("charts").size() > 0, "no chart in " + html);
    for (JsonNode c : status.get("charts")) {
      String title = c.get("title").asText();
      assertTrue(c.get("series").asInt() > 0, title + ": no series");
      assertEquals(c.get("series").asInt(), c.get("drawn").asInt(), title + ": series not drawn");
      assertEquals("[]", c.get("emptySeries").toString(), title + ": series without data");
      assertTrue(c.get("canvasInked").asBoolean(), title + ": blank canvas");
    }
    Path shots = buildDir().resolve("report-screenshots");
    Files.createDirectories(shots);
    Path png = shots.resolve(screenshot);
    Files.deleteIfExists(png);
    chromium(List.of("--hide-scrollbars", "--window-size=1400,4000", "--screenshot=" + png, url));
    byte[] head = Files.readAllBytes(png);
    assertTrue(head.length > 10_000 && head[1] == 'P' && head[2] == 'N', "a PNG screenshot");
    return status;
  }

  private record Result(String stdout, String stderr) {}

  private static Result chromium(List<String> args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(chromium.toString());
    cmd.add("--headless");
    cmd.add("--no-sandbox");
    cmd.add("--disable-gpu");
    cmd.add("--no-first-run");
    cmd.add("--user-data-dir=" + dir.resolve("chromium-profile"));
    cmd.add("--enable-logging=stderr");
    cmd.add("--virtual-time-budget=10000");
    cmd.addAll(args);
    Path stdout = Files.createTempFile(dir, "chromium", ".out");
    Path stderr = Files.createTempFile(dir, "chromium", ".err");
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile())
            .start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("chromium did not finish within 180 s: " + cmd);
    }
    return new Result(
        Files.readString(stdout, StandardCharsets.UTF_8),
        Files.readString(stderr, StandardCharsets.UTF_8));
  }

  private static Path findChromium() {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
      for (String d : path.split(File.pathSeparator)) {
        Path p = Path.of(d, name);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    return null;
  }

  /** The build directory (-DbuildDir honoured): the parent of test-classes. */
  private static Path buildDir() throws URISyntaxException {
    return Path.of(
            ReportBrowserTest.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        .getParent();
  }
}
