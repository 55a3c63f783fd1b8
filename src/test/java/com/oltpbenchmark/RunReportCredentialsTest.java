package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.results.RunReport;
import com.oltpbenchmark.testutil.Reachable;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.commons.configuration2.XMLConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report the runtime hands to the writers holds no credential and cannot be changed. */
class RunReportCredentialsTest {
  private static final String PASSWORD = "Cfg-Pa55word-4711";
  private static final String URL_PASSWORD = "UrlInfo-S3cret-0815";
  private static final String USER = "sg_report_user";
  private static final String URL =
      "jdbc:postgresql://" + USER + ":" + URL_PASSWORD + "@127.0.0.1:1/nowhere?ssl=false";

  /** The database connector is the report's one way to the database: a closure, by design. */
  private static final Predicate<Object> CONNECTOR = o -> o instanceof RunReport.DatabaseConnector;

  @TempDir Path dir;

  @Test
  void theRuntimesReportHoldsNoPasswordAndItsCollectionsAreUnmodifiable() throws Exception {
    // The run is on SQLite, which ignores credentials; the configuration still names a user and a
    // password, and once the run is over its URL is one with user info, as a server's would be.
    String body =
        "<username>"
            + USER
            + "</username><password>"
            + PASSWORD
            + "</password><terminals>1</terminals><loaderThreads>1</loaderThreads>"
            + EngineHarness.oneWork(1, 200, "50,50")
            + EngineHarness.types("ReadRow", "Abort");
    Path file = EngineHarness.sqliteConfig(dir, "sg_report_credentials", body);
    EngineHarness.Run run = EngineHarness.run(file);
    run.conf.setUrl(URL);
    XMLConfiguration xml = WorkloadConfigReader.load(file.toString());
    xml.setProperty("url", URL);
    assertEquals(PASSWORD, run.conf.getPassword());

    RunReport report =
        RunReportBuilder.build(
                "testbench",
                List.of(run.conf),
                List.of(run.module),
                run.outcome,
                run.workers,
                run.collector,
                xml,
                null,
                ServerClock.Reading.notMeasured("not measured: a test"))
            .withAudit(
                "{\"checked\": \"" + URL + " with " + PASSWORD + "\"}",
                Map.of("verdict", "PASS", "file", "x.audit.json"));

    // the report is complete ...
    assertFalse(report.statusCounts().isEmpty());
    assertTrue(report.abortMessages().toString().contains("precondition UNIQUE failed"));
    assertTrue(report.configXml().contains("<terminals>1</terminals>"), report.configXml());
    assertEquals("1", report.configValue("terminals"));
    assertEquals(1, report.workloads().size());
    assertEquals(List.of(50.0, 50.0), report.workloads().get(0).phases().get(0).weights());
    assertTrue(report.databaseLabel().contains(USER), report.databaseLabel());
    assertTrue(report.auditJson().contains("\"checked\""));
    // ... its scrubber still recognises the secrets ...
    assertEquals("x ******** y", report.scrubber().scrub("x " + PASSWORD + " y"));
    assertEquals("x ******** y", report.scrubber().scrub("x " + URL_PASSWORD + " y"));
    // ... but nothing it reaches holds them (the walk does find them where they are)
    for (String secret : List.of(PASSWORD, URL_PASSWORD)) {
      assertFalse(Reachable.occurrences(xml, secret, CONNECTOR).isEmpty(), "control: the XML");
      assertFalse(Reachable.occurrences(run.conf, secret, CONNECTOR).isEmpty(), "control: conf");
      assertEquals(List.of(), Reachable.occurrences(report, secret, CONNECTOR), secret);
    }
    assertFalse(report.toString().contains(URL_PASSWORD), report.toString());

    Map<String, Object> containers =
        Reachable.containers(report, k -> k == RunReport.class || k.isRecord());
    for (String path :
        List.of(
            "root.statusCounts",
            "root.abortMessages",
            "root.workloads[0].phases[0].weights",
            "root.auditSummary",
            "root.transactionTypes")) {
      assertTrue(containers.containsKey(path), path + " in " + containers.keySet());
    }
    assertTrue(containers.size() > 10, containers.keySet().toString());
    containers.forEach(
        (path, c) ->
            assertThrows(
                UnsupportedOperationException.class,
                () -> {
                  if (c instanceof Map<?, ?> m) {
                    m.clear();
                  } else {
                    ((Collection<?>) c).clear();
                  }
                },
                path + " can be modified"));
  }
}
