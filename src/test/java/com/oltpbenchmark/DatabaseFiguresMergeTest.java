package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.testutil.ResultFiles;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database's figures are the database's: of several driver processes only process 1 reads them,
 * and {@code --merge} takes them from that part once, dividing by every part's requests.
 */
class DatabaseFiguresMergeTest {
  @TempDir Path dir;

  @SuppressWarnings("unchecked")
  private static Map<String, Object> summary(Path resultDir) throws Exception {
    Path f = ResultFiles.only(resultDir, ".summary.json");
    return new ObjectMapper().readValue(f.toFile(), Map.class);
  }

  private static boolean hasDatabaseCsv(Path resultDir) throws Exception {
    try (Stream<Path> s = Files.list(resultDir)) {
      return s.anyMatch(p -> p.toString().endsWith(".database.csv"));
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void onlyProcessOneSamplesAndTheMergeCountsItOnce() throws Exception {
    TestDatabase db = TestDatabase.postgres("dbfig_merge");
    String body =
        "<terminals>2</terminals><scalefactor>1</scalefactor>"
            + EngineHarness.oneWork(2, 200, "20,80")
            + EngineHarness.types("ReadRow", "UpdateRow");
    Path cfg = EngineHarness.write(dir, "merge.xml", EngineHarness.xml(db, body));
    String c = cfg.toString();
    assertEquals(0, CliRun.inProcess("-b", "testbench", "-c", c, "--create", "--load").code);
    for (int k = 1; k <= 2; k++) {
      CliRun run =
          CliRun.inProcess(
              "-b",
              "testbench",
              "-c",
              c,
              "--execute",
              "--audit=false",
              "--driver",
              k + "/2",
              "-d",
              dir.resolve("p" + k).toString());
      assertEquals(0, run.code, run.toString());
    }
    Map<String, Object> p1 = summary(dir.resolve("p1"));
    Map<String, Object> p2 = summary(dir.resolve("p2"));
    Map<String, Object> d1 = (Map<String, Object>) p1.get("Database");
    assertNotNull(d1, "process 1/2 reads the database");
    assertNull(p2.get("Database"), "process 2/2 does not");
    assertTrue(hasDatabaseCsv(dir.resolve("p1")));
    assertTrue(!hasDatabaseCsv(dir.resolve("p2")));

    Path merged = dir.resolve("merged");
    CliRun m = CliRun.merge(merged, dir.resolve("p1"), dir.resolve("p2"));
    assertEquals(0, m.code, m.toString());
    Map<String, Object> whole = summary(merged);
    Map<String, Object> d = (Map<String, Object>) whole.get("Database");
    assertNotNull(d, "the merged set keeps the database figures");
    assertTrue(hasDatabaseCsv(merged), "and its database.csv");
    assertEquals("all merged processes", d.get("Requests Counted"));
    Map<String, Object> run1 = (Map<String, Object>) d1.get("Whole Run");
    Map<String, Object> run = (Map<String, Object>) d.get("Whole Run");
    // the counters once, not once per process
    assertEquals(run1.get("Totals"), run.get("Totals"));
    long requests = ((Number) whole.get("Measured Requests")).longValue();
    assertEquals(requests, ((Number) run.get("Requests")).longValue());
    long changed =
        ((Number) ((Map<String, Object>) run.get("Totals")).get("rows_changed")).longValue();
    assertTrue(changed > 0, "" + run);
    double perRequest =
        ((Number) ((Map<String, Object>) run.get("Per Request")).get("Rows changed")).doubleValue();
    assertEquals((double) changed / requests, perRequest, 0.001 * perRequest + 1e-9);
    List<Object> phases = (List<Object>) d.get("Phases");
    assertEquals(
        requests, ((Number) ((Map<String, Object>) phases.get(0)).get("Requests")).longValue());
  }
}
