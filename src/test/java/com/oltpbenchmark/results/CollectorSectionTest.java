package com.oltpbenchmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.report.RunReportFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A side collector's section ({@link RunReport.Section}) reaches summary.json under its key, after
 * the runtime's keys, the console's footer under the result table, and the report page.
 */
class CollectorSectionTest {
  private static final String BASE = "socialgraph_2026-11-28_10-00-00";

  @TempDir Path dir;

  @Test
  void aSectionIsInTheSummaryTheConsoleFooterAndTheReport() throws Exception {
    RunReport report =
        ReportBuilder.sqliteReport(false, "jdbc:sqlite:" + dir.resolve("x.db"))
            .withSection(
                new RunReport.Section(
                    "Anomalies",
                    Map.of("Checked Reads", 1200, "Stale Reads", 0),
                    List.of("Anomalies: 1200 reads checked, none stale")));
    Written w = ResultWriter.writeEach(report, dir, BASE, null);
    assertTrue(w.complete(), "" + w);

    JsonNode summary = new ObjectMapper().readTree(dir.resolve(BASE + ".summary.json").toFile());
    assertEquals(1200, summary.get("Anomalies").get("Checked Reads").asInt());
    List<String> keys = new ArrayList<>();
    for (Iterator<String> it = summary.fieldNames(); it.hasNext(); ) {
      keys.add(it.next());
    }
    assertEquals("Anomalies", keys.get(keys.size() - 1), "after the runtime's keys: " + keys);

    Map<String, Object> run = RunReportFiles.runModel(report, w.summary(), dir, BASE);
    Path html = RunReportFiles.writeReport(run, dir, BASE);
    String table = RunReportFiles.consoleTable(run, html);
    assertTrue(table.contains("\nAnomalies: 1200 reads checked, none stale\n"), table);
    assertTrue(table.indexOf("Anomalies:") < table.indexOf("Report: "), table);
    String page = Files.readString(html);
    assertTrue(page.contains("\"Checked Reads\""), "the page carries the section's figures");
  }

  @Test
  void aDirectoryThatCannotTakeAFileSaysWhatWasWrittenAndWhatWasLostWithoutClassNames() {
    Written w =
        new Written(
            dir,
            BASE,
            null,
            List.of("summary.json", "params.json"),
            List.of("raw.csv", "report.html"),
            new java.nio.file.FileSystemException(
                dir.resolve(BASE + ".raw.csv").toString(), null, "No space left on device"));
    assertEquals(
        "results directory "
            + dir.toAbsolutePath()
            + ": No space left on device; written: summary.json, params.json; lost: raw.csv,"
            + " report.html",
        w.lostLine());
    Written plain =
        new Written(
            dir,
            BASE,
            null,
            List.of(),
            List.of("raw.csv"),
            new java.io.IOException("No space left on device"));
    assertTrue(plain.lostLine().contains(": No space left on device; written: nothing;"));
    assertEquals(null, new Written(dir, BASE, null, List.of("a"), List.of(), null).lostLine());
  }
}
