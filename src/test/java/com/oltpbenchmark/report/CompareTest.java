package com.oltpbenchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The comparison command over this runtime's and upstream BenchBase's result files. */
class CompareTest {
  static final String UPSTREAM = "tpcc_2024-03-05_10-11-12";

  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int compare(String... args) {
    return Compare.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  /** Copies the upstream-format fixture (summary, results, raw, config) into {@code to}. */
  static Path upstreamFixture(Path to) throws IOException {
    try {
      Path src =
          Path.of(CompareTest.class.getResource("upstream/" + UPSTREAM + ".summary.json").toURI())
              .getParent();
      Files.createDirectories(to);
      try (Stream<Path> files = Files.list(src)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.copy(f, to.resolve(f.getFileName()));
        }
      }
      return to.resolve(UPSTREAM + ".summary.json");
    } catch (URISyntaxException e) {
      throw new IOException(e);
    }
  }

  @Test
  void comparesAnUpstreamResultSetWithOneOfOurs() throws Exception {
    Path upstream = upstreamFixture(dir.resolve("upstream"));
    Path ours = OwnResultSet.write(OwnResultSet.report(), dir.resolve("ours"), "testbench_x");
    Path html = dir.resolve("cmp/both.html");

    assertEquals(0, compare("-o", html.toString(), upstream.toString(), ours.toString()), err());

    JsonNode data = PageData.of(html);
    assertEquals(2, data.get("runs").size());
    JsonNode up = data.get("runs").get(0);
    assertEquals(UPSTREAM, up.get("name").asText());
    assertEquals("POSTGRES", up.get("summary").get("DBMS Type").asText());
    // results.csv: 5-s windows in ms, an empty window in the middle
    assertEquals("[0.0,5.0,10.0]", up.get("series").get("t").toString());
    assertEquals("[1.0,0.0,1.4]", up.get("series").get("tput").toString());
    assertEquals("[6000.0,null,12000.0]", up.get("series").get("p99").toString());
    // raw.csv: per-type figures and curves
    assertEquals(7, up.get("rawTypes").get("NewOrder").get("Requests").asInt());
    assertEquals(5, up.get("rawTypes").get("Payment").get("Requests").asInt());
    JsonNode all = up.get("curves").get("All").get("v");
    assertEquals(12000, all.get(all.size() - 1).asInt(), "the curve ends at the maximum");
    assertTrue(up.get("settings").toString().contains("[\"batchsize\",\"128\"]"));
    assertFalse(up.get("settings").toString().contains("works"), "phases are not settings");

    JsonNode own = data.get("runs").get(1);
    assertEquals(8, own.get("series").get("t").size(), "samples.csv: one row per second");
    assertEquals(2, own.get("summary").get("Phases").size());
    assertEquals(2, own.get("saturation").get("concurrency").get("phase").asInt());
    assertTrue(out.toString(StandardCharsets.UTF_8).contains(html.toAbsolutePath().toString()));
    String page = Files.readString(html);
    assertFalse(page.contains("<script src") || page.contains("<link"), "nothing is fetched");
  }

  @Test
  void ourRunWritesItsReportAndShowsItsAudit() throws Exception {
    Path ours = dir.resolve("ours");
    Files.createDirectories(ours);
    Files.writeString(ours.resolve("testbench_y.audit.json"), "{\"Verdict\": \"PASS\"}");
    OwnResultSet.write(OwnResultSet.report(), ours, "testbench_y");
    JsonNode run = PageData.of(ours.resolve("testbench_y.report.html")).get("runs").get(0);
    assertEquals("PASS", run.get("audit").get("Verdict").asText());
    assertEquals(8, run.get("series").get("p999").size(), "p99.9 per second from memory");
    assertEquals(3, run.get("curves").size(), "All plus one curve per type");
  }

  @Test
  void badInputIsNamedAndNothingIsWritten() throws Exception {
    Path html = dir.resolve("x.html");
    assertEquals(2, compare());
    assertTrue(err().contains("no result set given"), err());

    assertEquals(1, compare("-o", html.toString(), dir.resolve("nope.summary.json").toString()));
    assertTrue(err().contains("nope.summary.json: no such file or directory"), err());

    // a directory: its one result set, else one line saying what it holds
    Path empty = Files.createDirectories(dir.resolve("empty"));
    err.reset();
    assertEquals(1, compare("-o", html.toString(), empty.toString()));
    assertEquals(
        "compare: " + empty + ": the directory holds no result set (no *.summary.json)",
        err().strip());

    Path notSummary = Files.writeString(dir.resolve("run.json"), "{}");
    assertEquals(1, compare("-o", html.toString(), notSummary.toString()));
    assertTrue(err().contains("run.json: not a summary file"), err());

    Path upstream = upstreamFixture(dir.resolve("broken"));
    Path results = upstream.resolveSibling(UPSTREAM + ".results.csv");
    Files.writeString(results, Files.readString(results).replace("1.400", "x"));
    assertEquals(1, compare("-o", html.toString(), upstream.toString()));
    assertTrue(err().contains(UPSTREAM + ".results.csv line 4: not a number"), err());
    assertFalse(Files.exists(html), "no report from bad input");

    assertEquals(2, compare("--bogus"));
    assertTrue(err().contains("unknown option --bogus"), err());
  }

  @Test
  void brokenSummaryFilesAreOneLineEach() throws Exception {
    Path html = dir.resolve("x.html");
    Path whole = upstreamFixture(dir.resolve("whole"));
    String json = Files.readString(whole);
    String[][] cases = {
      {"", "empty file, expected a summary.json object"},
      {"not json at all", "not a summary.json object: Unrecognized token 'not'"},
      {json.substring(0, json.length() / 2), "Unexpected end-of-input"},
      {"[1, 2]", "not a summary.json object (a JSON object)"},
    };
    for (String[] c : cases) {
      Path f = Files.writeString(dir.resolve("broken_1.summary.json"), c[0]);
      err.reset();
      assertEquals(1, compare("-o", html.toString(), f.toString()), c[1]);
      String e = err();
      assertEquals(1, e.strip().lines().count(), "one line: " + e);
      assertTrue(e.startsWith("compare: " + f + ": "), e);
      assertTrue(e.contains(c[1]), e);
      assertFalse(e.contains("Source:") || e.contains("REDACTED"), e);
    }
    // the parser's position, when it has one
    Files.writeString(dir.resolve("broken_1.summary.json"), "{\n  \"a\": tru\n}");
    err.reset();
    compare("-o", html.toString(), dir.resolve("broken_1.summary.json").toString());
    assertTrue(err().matches("(?s).*\\(line 2, column \\d+\\)\\s*"), err());
    assertFalse(Files.exists(html), "no report from bad input");
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
