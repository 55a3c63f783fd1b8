package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadFileReaderTest {

  @Test
  void readsAllNineteenNames() {
    Map<String, WorkloadRecord> r =
        WorkloadFileReader.read(TaoTestFixtures.SMALL_FILE, "small.json");
    assertEquals(19, r.size());
    assertEquals(
        19,
        WorkloadFileReader.INT_VALUED.size()
            + WorkloadFileReader.STRING_VALUED.size()
            + WorkloadFileReader.WEIGHTS_ONLY.size());
    assertTrue(r.keySet().stream().allMatch(WorkloadFileReader::isKnownName));
    assertEquals(List.of("1", "2", "3", "4"), r.get("write_txn_sizes").values());
    assertArrayEquals(new double[] {5, 3, 1, 1}, r.get("operations").weights());
    assertEquals(12, r.get("primary_shards").line());
  }

  @Test
  void typedWorkloadReportsRecordsItDoesNotSimulate() {
    TaoWorkload w = TaoTestFixtures.small(7);
    assertEquals(
        List.of(
            "read_tiers",
            "errors",
            "txn_errors",
            "read_operation_latency",
            "write_operation_latency",
            "write_txn_latency"),
        w.ignoredRecords());
    assertEquals(0.5, w.operations().probability(0), 1e-12);
    assertEquals(0.2, w.txnPredicateCounts().probabilityOf(2), 1e-12);
  }

  @Test
  void blankLineIsAnErrorWithItsLineNumber() {
    String text = "{\"name\": \"operations\", \"weights\": [1, 0, 0, 0]}\n\n";
    String message = readError(text);
    assertTrue(message.startsWith("w.json:2: blank line"), message);
  }

  @Test
  void unknownNameIsAnErrorNamingIt() {
    String text =
        "{\"name\": \"operations\", \"weights\": [1]}\n{\"name\": \"read_txn_latency\", \"weights\": [1]}\n";
    String message = readError(text);
    assertTrue(message.startsWith("w.json:2: unknown record name \"read_txn_latency\""), message);
  }

  @Test
  void missingCommaInWeightsIsMalformedNotASilentlyShorterList() {
    // TAOBench's strtod parsing turns "10 380" into 10; here it is an error on that line.
    String text =
        "{\"name\": \"write_operation_types\", \"values\": [\"obj_add\", \"obj_update\"], \"weights\": [10 380, 0]}\n";
    String message = readError(text);
    assertTrue(message.startsWith("w.json:1: malformed line"), message);
  }

  @Test
  void valuesAndWeightsOfDifferentLengthsAreAnError() {
    String text =
        "{\"name\": \"edge_types\", \"values\": [\"unique\", \"other\"], \"weights\": [1, 2, 3]}\n";
    String message = readError(text);
    assertEquals("w.json:1: \"edge_types\" has 2 values but 3 weights", message);
  }

  @Test
  void otherLineErrors() {
    assertLineError(
        "{\"name\": \"operations\", \"weights\": [1, -1, 0, 0]}",
        "must be finite and non-negative");
    assertLineError("{\"name\": \"operations\", \"weights\": []}", "non-empty array");
    assertLineError("{\"name\": \"operations\", \"weight\": [1]}", "unknown key \"weight\"");
    assertLineError("[1, 2]", "malformed line");
    assertLineError(
        "{\"name\": \"read_txn_sizes\", \"values\": [\"a\"], \"weights\": [1]}",
        "is not an integer");
    assertLineError("{\"name\": \"edge_types\", \"weights\": [1]}", "needs \"values\"");
    assertLineError(
        "{\"name\": \"operations\", \"values\": [1], \"weights\": [1]}", "weights only");
  }

  @Test
  void duplicateNameIsAnError() {
    String text =
        "{\"name\": \"operations\", \"weights\": [1, 0, 0, 0]}\n{\"name\": \"operations\", \"weights\": [1, 0, 0, 0]}\n";
    String message = readError(text);
    assertTrue(
        message.contains("w.json:2: duplicate record \"operations\" (first at line 1)"), message);
  }

  @Test
  void semanticErrorsNameTheLine() {
    String bad = TaoTestFixtures.SMALL_FILE.replace("\"unique_and_bidirectional\"", "\"uniq_bi\"");
    String unknownValue = workloadError(bad);
    assertTrue(
        unknownValue.startsWith("w.json:4: \"edge_types\": unknown value \"uniq_bi\""),
        unknownValue);
    String fourOps = TaoTestFixtures.SMALL_FILE.replace("[5, 3, 1, 1]", "[5, 3, 1, 1, 1]");
    String fiveWeights = workloadError(fourOps);
    assertTrue(
        fiveWeights.startsWith("w.json:1: \"operations\": needs exactly 4 weights"), fiveWeights);
  }

  @Test
  void missingRecordNeededByTheMixIsAnError() {
    String noWriteTxnTypes =
        TaoTestFixtures.SMALL_FILE
            .lines()
            .filter(l -> !l.contains("write_txn_operation_types"))
            .reduce("", (a, b) -> a + b + "\n");
    String message = workloadError(noWriteTxnTypes);
    assertTrue(message.contains("missing record \"write_txn_operation_types\""), message);
  }

  @Test
  void commentLinesAreSkippedAndFilesAreReadFromDisk(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("w.json");
    Files.writeString(f, "# a comment\n" + TaoTestFixtures.SMALL_FILE);
    Map<String, WorkloadRecord> r = WorkloadFileReader.read(f);
    assertEquals(2, r.get("operations").line());
    assertEquals(f.toString(), r.get("operations").source());
  }

  private static void assertLineError(String line, String expected) {
    String message = readError("{\"name\": \"remote_shards\", \"weights\": [1]}\n" + line + "\n");
    assertTrue(message.startsWith("w.json:2: "), message);
    assertTrue(message.contains(expected), message);
  }

  /** The message reading {@code text} as file w.json is refused with. */
  private static String readError(String text) {
    return assertThrows(WorkloadFileException.class, () -> WorkloadFileReader.read(text, "w.json"))
        .getMessage();
  }

  /** The message a workload of the records read from {@code text} is refused with. */
  private static String workloadError(String text) {
    return assertThrows(
            WorkloadFileException.class,
            () -> new TaoWorkload(WorkloadFileReader.read(text, "w.json"), "w.json", 7))
        .getMessage();
  }
}
