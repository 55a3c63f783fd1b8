package com.oltpbenchmark.results;

import static com.oltpbenchmark.results.MeasurementCollector.NOT_RATE_LIMITED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultWriterTest {
  private static final String BASE = "socialgraph_2026-11-21_16-00-00";
  private static final String URL =
      "jdbc:sqlite:/tmp/sg.db?user=admin&password=" + ReportBuilder.URL_PASSWORD + "&x=1";

  @TempDir Path dir;

  private static final List<String> UPSTREAM_SUMMARY_KEYS =
      List.of(
          "Start timestamp (milliseconds)",
          "Current Timestamp (milliseconds)",
          "Elapsed Time (nanoseconds)",
          "DBMS Type",
          "DBMS Version",
          "Benchmark Type",
          "Final State",
          "Measured Requests",
          "isolation",
          "scalefactor",
          "terminals",
          "Latency Distribution",
          "Throughput (requests/second)",
          "Goodput (requests/second)");

  private static final List<String> ADDED_SUMMARY_KEYS =
      List.of(
          "Served Requests",
          "Latency Distribution From Intended Start",
          "Latency Distribution Of Rate-Limited Requests",
          "Latency Distribution By Transaction Type",
          "Transaction Status Counts",
          "User Abort Messages",
          "Error SQLStates",
          "Error Messages",
          "Unserved Rate-Limited Requests",
          "Samples After Window Closed",
          "In Flight At End",
          "Phases");

  private static final Set<String> UPSTREAM_DISTRIBUTION_KEYS =
      Set.of(
          "Minimum Latency (microseconds)",
          "25th Percentile Latency (microseconds)",
          "Median Latency (microseconds)",
          "Average Latency (microseconds)",
          "75th Percentile Latency (microseconds)",
          "90th Percentile Latency (microseconds)",
          "95th Percentile Latency (microseconds)",
          "99th Percentile Latency (microseconds)",
          "Maximum Latency (microseconds)");

  private String read(String suffix) throws IOException {
    return Files.readString(dir.resolve(BASE + suffix), StandardCharsets.UTF_8);
  }

  private Path write(boolean raw) throws Exception {
    RunReport r = ReportBuilder.sqliteReport(raw, URL);
    Path jh = dir.resolve("histograms/out.json");
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY); // decimal comma locale: files must still use '.'
    try {
      ResultWriter.writeAll(r, dir, BASE, jh);
    } finally {
      Locale.setDefault(saved);
      r.measurements().close();
    }
    return jh;
  }

  @Test
  void writesExactlyUpstreamsFiles() throws Exception {
    write(true);
    Set<String> names;
    try (Stream<Path> s = Files.list(dir)) {
      names = s.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
    }
    assertEquals(
        new TreeSet<>(
            List.of(
                BASE + ".raw.csv",
                BASE + ".samples.csv",
                BASE + ".summary.json",
                BASE + ".params.json",
                BASE + ".config.xml",
                BASE + ".results.csv",
                BASE + ".results.GetNode.csv",
                BASE + ".results.AddLink.csv",
                BASE + ".results.WriteTxn.csv",
                BASE + ".histograms.json",
                "histograms")),
        names,
        "SQLite has no metrics collector, so no metrics.json");
  }

  @Test
  void rawCsvHasUpstreamHeaderAndSortedEpochSecondRows() throws Exception {
    write(true);
    List<String> lines = Fixtures.lines(read(".raw.csv"));
    assertEquals(
        "Transaction Type Index,Transaction Name,Start Time (microseconds),Latency (microseconds),"
            + "Worker Id (start number),Phase Id (index in config file)",
        lines.get(0));
    assertEquals("1,GetNode,1795273540.444000,1000,0,1", lines.get(1));
    assertEquals("1,GetNode,1795273540.944000,1000,1,1", lines.get(6));
    assertEquals("2,AddLink,1795273540.944007,3000,3,1", lines.get(7));
    assertEquals("2,AddLink,1795273546.944000,3000,2,2", lines.get(32));
    assertEquals("", lines.get(33), "file ends with a newline");
    assertEquals(34, lines.size());
  }

  @Test
  void rawCsvIsNotWrittenWhenRawSamplesAreOff() throws Exception {
    write(false);
    assertFalse(Files.exists(dir.resolve(BASE + ".raw.csv")));
    assertTrue(Files.exists(dir.resolve(BASE + ".samples.csv")));
  }

  @Test
  void samplesCsvUsesOneSecondWindowsInMicroseconds() throws Exception {
    write(false);
    List<String> lines = Fixtures.lines(read(".samples.csv"));
    assertEquals(WindowCsv.SAMPLES_HEADER, lines.get(0));
    assertEquals(
        "Time (seconds),Requests,Throughput (requests/second),Minimum Latency (microseconds),"
            + "25th Percentile Latency (microseconds),Median Latency (microseconds),"
            + "Average Latency (microseconds),75th Percentile Latency (microseconds),"
            + "90th Percentile Latency (microseconds),95th Percentile Latency (microseconds),"
            + "99th Percentile Latency (microseconds),Maximum Latency (microseconds)",
        lines.get(0));
    assertEquals("0,11,11.000,1000,1000,1000,1181,1000,1000,3000,3000,3000", lines.get(1));
    assertEquals("1,10,10.000,1000,1000,1000,1000,1000,1000,1000,1000,1000", lines.get(2));
    assertEquals("3,0,0.000,-1,-1,-1,-1,-1,-1,-1,-1,-1", lines.get(4));
    assertEquals("6,1,1.000,3000,3000,3000,3000,3000,3000,3000,3000,3000", lines.get(7));
    assertEquals(9, lines.size(), "7 windows, no trailing empty ones");
  }

  @Test
  void resultsCsvUsesTheWindowInMilliseconds() throws Exception {
    write(false);
    String header =
        "Time (seconds),Throughput (requests/second),Average Latency (millisecond),"
            + "Minimum Latency (millisecond),25th Percentile Latency (millisecond),"
            + "Median Latency (millisecond),75th Percentile Latency (millisecond),"
            + "90th Percentile Latency (millisecond),95th Percentile Latency (millisecond),"
            + "99th Percentile Latency (millisecond),Maximum Latency (millisecond),"
            + "tp (req/s) scaled";
    List<String> all = Fixtures.lines(read(".results.csv"));
    assertEquals(
        List.of(
            header,
            "0,6.200,1.065,1.000,1.000,1.000,1.000,1.000,1.000,3.000,3.000,0.939",
            "5,0.200,3.000,3.000,3.000,3.000,3.000,3.000,3.000,3.000,3.000,0.333",
            ""),
        all);
    String empty = "0.000,-0.001,-0.001,-0.001,-0.001,-0.001,-0.001,-0.001,-0.001,-0.001,-1000.000";
    assertEquals(
        List.of(
            header,
            "0,6.000,1.000,1.000,1.000,1.000,1.000,1.000,1.000,1.000,1.000,1.000",
            "5," + empty,
            ""),
        Fixtures.lines(read(".results.GetNode.csv")));
    assertEquals(
        List.of(
            header,
            "0,0.200,3.000,3.000,3.000,3.000,3.000,3.000,3.000,3.000,3.000,0.333",
            "5,0.200,3.000,3.000,3.000,3.000,3.000,3.000,3.000,3.000,3.000,0.333",
            ""),
        Fixtures.lines(read(".results.AddLink.csv")));
    assertEquals(
        List.of(header, "0," + empty, "5," + empty, ""),
        Fixtures.lines(read(".results.WriteTxn.csv")),
        "a configured type that never ran gets a file with the run's windows");
  }

  @Test
  void summaryJsonHasUpstreamKeysInOrderThenTheAdditions() throws Exception {
    write(false);
    String text = read(".summary.json");
    assertTrue(text.startsWith("{\n \"Start timestamp (milliseconds)\": "), "1-space indent");
    assertTrue(text.endsWith("\n}\n"), "pretty JSON followed by a newline");
    JsonNode s = new ObjectMapper().readTree(text);
    List<String> keys = new ArrayList<>();
    s.fieldNames().forEachRemaining(keys::add);
    List<String> expected = new ArrayList<>(UPSTREAM_SUMMARY_KEYS);
    expected.addAll(ADDED_SUMMARY_KEYS);
    assertEquals(expected, keys);

    assertEquals(ReportBuilder.EPOCH_MS - 1000, s.get("Start timestamp (milliseconds)").asLong());
    assertEquals(10_000_000_000L, s.get("Elapsed Time (nanoseconds)").asLong());
    assertEquals("SQLITE", s.get("DBMS Type").asText());
    assertTrue(s.get("DBMS Version").asText().matches("3\\.\\d+.*"), "SQLite's own version");
    assertEquals("socialgraph", s.get("Benchmark Type").asText());
    assertEquals("EXIT", s.get("Final State").asText());
    assertEquals(32, s.get("Measured Requests").asLong());
    assertEquals("TRANSACTION_SERIALIZABLE", s.get("isolation").asText());
    assertEquals("0.5", s.get("scalefactor").asText());
    assertEquals("4", s.get("terminals").asText());
    assertEquals(3.2, s.get("Throughput (requests/second)").asDouble(), 1e-12);
    assertEquals(
        13.0,
        s.get("Goodput (requests/second)").asDouble(),
        1e-12,
        "goodput counts successes (warm-up included), as upstream");

    JsonNode d = s.get("Latency Distribution");
    Set<String> dk = new TreeSet<>();
    d.fieldNames().forEachRemaining(dk::add);
    Set<String> expectedDk = new TreeSet<>(UPSTREAM_DISTRIBUTION_KEYS);
    expectedDk.add("99.9th Percentile Latency (microseconds)");
    expectedDk.add("99.99th Percentile Latency (microseconds)");
    assertEquals(expectedDk, dk);
    assertEquals(1000, d.get("Minimum Latency (microseconds)").asLong());
    assertEquals(1000, d.get("Median Latency (microseconds)").asLong());
    assertEquals(1125, d.get("Average Latency (microseconds)").asLong());
    assertEquals(3000, d.get("95th Percentile Latency (microseconds)").asLong());
    assertEquals(3000, d.get("99.99th Percentile Latency (microseconds)").asLong());
    assertEquals(3000, d.get("Maximum Latency (microseconds)").asLong());
    assertTrue(d.get("Average Latency (microseconds)").isIntegralNumber(), "int microseconds");

    JsonNode intended = s.get("Latency Distribution From Intended Start");
    assertEquals(32, intended.get("Requests").asLong());
    long intendedMedian = intended.get("Median Latency (microseconds)").asLong();
    assertTrue(
        intendedMedian >= 3000 && intendedMedian <= 3003, "3000 within 0.1%: " + intendedMedian);
    assertEquals(5000, intended.get("Maximum Latency (microseconds)").asLong());
    assertEquals(
        1000,
        s.get("Latency Distribution Of Rate-Limited Requests")
            .get("Median Latency (microseconds)")
            .asLong());

    JsonNode byType = s.get("Latency Distribution By Transaction Type");
    assertEquals(List.of("GetNode", "AddLink", "WriteTxn"), names(byType));
    assertEquals(30, byType.get("GetNode").get("Requests").asLong());
    assertEquals(3000, byType.get("AddLink").get("Median Latency (microseconds)").asLong());
    assertEquals(0, byType.get("WriteTxn").get("Requests").asLong());
    assertEquals(-1, byType.get("WriteTxn").get("Median Latency (microseconds)").asLong());

    JsonNode status = s.get("Transaction Status Counts");
    assertEquals(
        List.of("UNKNOWN", "SUCCESS", "USER_ABORTED", "RETRY", "RETRY_DIFFERENT", "ERROR"),
        names(status.get("GetNode")));
    assertEquals(90, status.get("GetNode").get("SUCCESS").asLong());
    assertEquals(2, status.get("GetNode").get("ERROR").asLong());
    assertEquals(5, status.get("AddLink").get("RETRY").asLong());
    assertEquals(0, status.get("WriteTxn").get("SUCCESS").asLong());

    assertEquals(2, s.get("User Abort Messages").get("AddLink").get("UNIQUE").asLong());
    assertEquals(
        1,
        s.get("User Abort Messages").get("AddLink").get("leaked ********").asLong(),
        "the password inside an abort message is masked");
    assertEquals(0, s.get("User Abort Messages").get("GetNode").size());
    assertEquals(5, s.get("Error SQLStates").get("AddLink").get("40001").asLong());
    assertEquals(2, s.get("Error SQLStates").get("GetNode").get("08006").asLong());
    assertEquals(List.of("1", "2"), names(s.get("Unserved Rate-Limited Requests")));
    assertEquals(17, s.get("Unserved Rate-Limited Requests").get("2").asLong());
    assertEquals(0, s.get("Samples After Window Closed").asLong());
  }

  @Test
  void summaryOfAnUnlimitedRunHasNullIntendedDistributions() throws Exception {
    MeasurementCollector c = new MeasurementCollector(5, false);
    c.beginMeasurement(0, ReportBuilder.EPOCH_MS);
    c.record(1, 0, Fixtures.MS, NOT_RATE_LIMITED, 0, 1);
    RunReport r = ReportBuilder.sqlite(false, URL).measurements(c).build();
    ResultWriter.writeAll(r, dir, BASE, null);
    JsonNode s = new ObjectMapper().readTree(read(".summary.json"));
    assertTrue(s.get("Latency Distribution From Intended Start").isNull());
    assertTrue(s.get("Latency Distribution Of Rate-Limited Requests").isNull());
  }

  @Test
  void emptyRunWritesHeadersOnlyAndMinusOneStatistics() throws Exception {
    RunReport r =
        ReportBuilder.sqlite(true, URL)
            .measurements(new MeasurementCollector(5, true))
            .elapsedNanos(0)
            .build();
    ResultWriter.writeAll(r, dir, BASE, null);
    assertEquals(RawCsv.HEADER + "\n", read(".raw.csv"));
    assertEquals(WindowCsv.SAMPLES_HEADER + "\n", read(".samples.csv"));
    assertEquals(WindowCsv.RESULTS_HEADER + "\n", read(".results.csv"));
    assertEquals(WindowCsv.RESULTS_HEADER + "\n", read(".results.GetNode.csv"));
    JsonNode s = new ObjectMapper().readTree(read(".summary.json"));
    assertEquals(0, s.get("Measured Requests").asLong());
    assertEquals(0.0, s.get("Throughput (requests/second)").asDouble());
    for (String k : UPSTREAM_DISTRIBUTION_KEYS) {
      assertEquals(-1, s.get("Latency Distribution").get(k).asLong(), k);
    }
  }

  @Test
  void paramsJsonIsAnEmptyObjectForSqliteWithoutTrailingNewline() throws Exception {
    write(false);
    assertEquals("{}", read(".params.json"));
  }

  @Test
  void configXmlIsReserialisedWithoutConnectionElements() throws Exception {
    write(false);
    String xml = read(".config.xml");
    List<String> lines = Fixtures.lines(xml);
    assertEquals("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>", lines.get(0));
    assertEquals("<configuration>", lines.get(1));
    assertTrue(lines.contains("  <isolation>TRANSACTION_SERIALIZABLE</isolation>"), xml);
    assertTrue(lines.contains("      <weights>50,50,0</weights>"), "lists are not split: " + xml);
    for (String gone :
        List.of(
            "<type>",
            "<driver>",
            "<url>",
            "<username>",
            "<password>",
            "comment",
            "secretPassword")) {
      assertFalse(xml.contains(gone), gone + " must be gone: " + xml);
    }
    assertTrue(xml.contains("<workload>a</workload>"), "module blocks stay");
  }

  @Test
  void histogramJsonMatchesUpstreamLayout() throws Exception {
    Path jh = write(false);
    String p = "com.oltpbenchmark.results.Fixtures$";
    String vt = ",\"VALUE_TYPE\":\"com.oltpbenchmark.api.TransactionType\"";
    assertEquals(
        "{\"rejected\":{\"HISTOGRAM\":{\""
            + p
            + "AddLink/02\":5},\"NUM_SAMPLES\":5"
            + vt
            + "},"
            + "\"aborted\":{\"HISTOGRAM\":{\""
            + p
            + "AddLink/02\":3},\"NUM_SAMPLES\":3"
            + vt
            + "},"
            + "\"unexpected\":{\"HISTOGRAM\":{\""
            + p
            + "GetNode/01\":2},\"NUM_SAMPLES\":2"
            + vt
            + "},"
            + "\"completed\":{\"HISTOGRAM\":{\""
            + p
            + "GetNode/01\":90,\""
            + p
            + "AddLink/02\":40,\""
            + p
            + "WriteTxn/03\":0},\"NUM_SAMPLES\":130,\"KEEP_ZERO_ENTRIES\":true"
            + vt
            + "}}",
        Files.readString(jh));
  }

  @Test
  void histogramJsonOfAnIdleStatusHasNoValueType() throws Exception {
    RunReport r = ReportBuilder.sqliteWithoutStatusCounts(false, URL).build();
    Path jh = dir.resolve("h.json");
    ResultWriter.writeAll(r, dir, BASE, jh);
    String json = Files.readString(jh);
    assertTrue(json.startsWith("{\"rejected\":{\"HISTOGRAM\":{},\"NUM_SAMPLES\":0},"), json);
    assertTrue(json.contains("\"completed\":{\"HISTOGRAM\":{"), json);
  }

  @Test
  void noFileContainsThePassword() throws Exception {
    write(true);
    assertNoSecretIn(dir, List.of(ReportBuilder.PASSWORD, ReportBuilder.URL_PASSWORD));
  }

  @Test
  void consoleSummaryHasTheRateLineAndAllHistogramSections() throws Exception {
    RunReport r = ReportBuilder.sqliteReport(false, URL);
    String text = ResultWriter.consoleSummary(r);
    List<String> lines = Fixtures.lines(text);
    assertEquals(
        "Rate limited reqs/s: Results(state=EXIT, nanoSeconds=10000000000, "
            + "measuredRequests=32) = 3.2 requests/sec (throughput), 13.0 requests/sec (goodput)",
        lines.get(0));
    int completed = lines.indexOf("Completed Transactions:");
    assertTrue(completed > 0, text);
    assertTrue(
        lines.get(completed + 1).startsWith("com.oltpbenchmark.results.Fixtures$GetNode/01"));
    assertTrue(lines.get(completed + 1).contains("[90] "), text);
    assertTrue(lines.get(completed + 3).contains("[ 0]"), "zero entries kept for completed");
    int unknown = lines.indexOf("Unknown Status Transactions:");
    assertEquals("<EMPTY>", lines.get(unknown + 1));
    int retryDifferent = lines.indexOf("Rejected Transactions (Retry Different):");
    assertEquals("<EMPTY>", lines.get(retryDifferent + 1));
    assertTrue(lines.contains("Aborted Transactions:"));
    assertTrue(lines.contains("Rejected Transactions (Server Retry):"));
    assertTrue(lines.contains("Unexpected SQL Errors:"));
    assertFalse(text.contains(ReportBuilder.PASSWORD));
  }

  static List<String> names(JsonNode node) {
    List<String> n = new ArrayList<>();
    node.fieldNames().forEachRemaining(n::add);
    return n;
  }

  /** Every regular file under {@code root}, read as bytes, must not contain any secret. */
  static void assertNoSecretIn(Path root, List<String> secrets) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(Files::isRegularFile).collect(Collectors.toList());
    }
    assertTrue(files.size() >= 8, "expected the result files, found " + files);
    for (Path f : files) {
      String content = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
      for (String secret : secrets) {
        assertFalse(content.contains(secret), f + " contains a secret");
      }
    }
  }
}
