package com.oltpbenchmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.util.CredentialScrubber;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** params.json, metrics.json and the DBMS version against real databases. */
class DatabaseParametersTest {
  private static final String BASE = "socialgraph_2026-11-21_16-30-00";
  private static final String DB_NAME = "sg_r2_results";

  @TempDir Path dir;

  private RunReport.Builder report(TestDatabase db, String url, String password) throws Exception {
    return ReportBuilder.sqlite(false, url)
        .dbmsType(db.type)
        .database(
            () -> java.sql.DriverManager.getConnection(url, db.username, password),
            CredentialScrubber.safeUrl(url))
        .scrubber(new CredentialScrubber(password, url))
        .configuration(ReportBuilder.parse(ReportBuilder.configXml(db.type, url)));
  }

  private JsonNode json(String suffix) throws Exception {
    return new ObjectMapper().readTree(dir.resolve(BASE + suffix).toFile());
  }

  private static List<String> keys(JsonNode n) {
    return ResultWriterTest.names(n);
  }

  private static void assertSorted(List<String> keys) {
    List<String> sorted = new ArrayList<>(keys);
    sorted.sort(null);
    assertEquals(sorted, keys, "params.json keys are sorted");
  }

  @Test
  void sqliteHasEmptyParametersNoMetricsAndTheDriversVersion() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, DB_NAME);
    ResultWriter.writeAll(report(db, db.url, ReportBuilder.PASSWORD).build(), dir, BASE, null);
    assertEquals("{}", Files.readString(dir.resolve(BASE + ".params.json")));
    assertFalse(Files.exists(dir.resolve(BASE + ".metrics.json")));
    // no parameter collector for SQLite: the version comes from the JDBC metadata
    String version;
    try (java.sql.Connection c = db.connect()) {
      version = c.getMetaData().getDatabaseProductVersion();
    }
    assertTrue(version.matches("3\\.\\d+.*"), version);
    assertEquals(version, json(".summary.json").get("DBMS Version").asText());
  }

  @Test
  void postgresWritesShowAllAndStatisticsViews() throws Exception {
    TestDatabase db = TestDatabase.postgres(DB_NAME);
    // The local server trusts connections, so the sentinel passwords (in the URL and the
    // report) are accepted and must still never reach a file.
    String url = db.url + "&password=" + ReportBuilder.URL_PASSWORD;
    ResultWriter.writeAll(report(db, url, ReportBuilder.PASSWORD).build(), dir, BASE, null);

    String paramsText = Files.readString(dir.resolve(BASE + ".params.json"));
    assertTrue(paramsText.endsWith("}") && !paramsText.endsWith("\n"), "no trailing newline");
    JsonNode params = json(".params.json");
    assertSorted(keys(params));
    assertTrue(params.has("max_connections"), "SHOW ALL name -> setting");
    assertTrue(params.get("max_connections").asText().matches("\\d+"));
    assertTrue(json(".summary.json").get("DBMS Version").asText().startsWith("PostgreSQL"));

    JsonNode metrics = json(".metrics.json");
    assertTrue(metrics.has("pg_stat_database"), keys(metrics).toString());
    assertTrue(metrics.get("pg_stat_database").isArray());
    assertTrue(metrics.get("pg_stat_database").size() > 0);
    JsonNode row = metrics.get("pg_stat_database").get(0);
    assertTrue(row.has("datname") && row.has("xact_commit"), "lower-case column -> value");
    for (String view : List.of("pg_stat_user_tables", "pg_statio_user_indexes")) {
      assertTrue(metrics.has(view), view);
    }
    ResultWriterTest.assertNoSecretIn(
        dir, List.of(ReportBuilder.PASSWORD, ReportBuilder.URL_PASSWORD));
  }

  @Test
  void mariadbWritesShowVariablesAndShowStatus() throws Exception {
    TestDatabase db = TestDatabase.mariadb(DB_NAME);
    ResultWriter.writeAll(report(db, db.url, db.password).build(), dir, BASE, null);
    JsonNode params = json(".params.json");
    assertSorted(keys(params));
    assertTrue(params.has("innodb_lock_wait_timeout"), "SHOW VARIABLES, lower-case names");
    assertTrue(params.has("version"));
    String version = json(".summary.json").get("DBMS Version").asText();
    assertEquals(params.get("version").asText(), version, "SELECT @@GLOBAL.version");
    JsonNode metrics = json(".metrics.json");
    assertTrue(metrics.has("uptime"), "SHOW STATUS, lower-case names");
    assertTrue(metrics.has("threads_connected"));
  }

  @Test
  void unreachableDatabaseStillWritesEveryFile() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, DB_NAME);
    String url =
        "jdbc:postgresql://127.0.0.1:1/nowhere?connectTimeout=1&password="
            + ReportBuilder.URL_PASSWORD;
    RunReport r =
        report(db, db.url, ReportBuilder.PASSWORD)
            .dbmsType("POSTGRES")
            .database(
                () -> java.sql.DriverManager.getConnection(url), CredentialScrubber.safeUrl(url))
            .scrubber(new CredentialScrubber(ReportBuilder.PASSWORD, url))
            .build();
    ResultWriter.writeAll(r, dir, BASE, null);
    assertEquals("{}", Files.readString(dir.resolve(BASE + ".params.json")));
    assertFalse(Files.exists(dir.resolve(BASE + ".metrics.json")));
    assertTrue(json(".summary.json").get("DBMS Version").isNull());
    assertTrue(Files.exists(dir.resolve(BASE + ".results.csv")));
  }
}
