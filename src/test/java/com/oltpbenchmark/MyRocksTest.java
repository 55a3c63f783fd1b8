package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * MyRocks on the private server of {@code scripts/myrocks-server.sh}: the sample configs run
 * through the whole runtime at READ COMMITTED and REPEATABLE READ on RocksDB tables with a passing
 * audit, and what MyRocks refuses is said in one line before the run.
 */
class MyRocksTest {

  private static final Path DDL = Path.of("src/main/resources/benchmarks/socialgraph");

  @TempDir Path dir;

  @ParameterizedTest(name = "{0} at {1}")
  @CsvSource({
    "sample_socialgraph_config.xml, TRANSACTION_READ_COMMITTED",
    "sample_socialgraph_config.xml, TRANSACTION_REPEATABLE_READ",
    "sample_taobench_config.xml, TRANSACTION_READ_COMMITTED",
    "sample_taobench_config.xml, TRANSACTION_REPEATABLE_READ"
  })
  void sampleConfigRunsOnRocksDbAndPassesTheAudit(String sample, String isolation)
      throws Exception {
    TestDatabase db =
        TestDatabase.myrocks(
            "sg_myrocks_"
                + (sample.contains("taobench") ? "tao" : "lb")
                + (isolation.contains("COMMITTED") ? "_rc" : "_rr"));
    String xml = Files.readString(Path.of("config", "myrocks", sample));
    xml = CliRun.element(xml, "url", db.url.replace("&", "&amp;"));
    xml = CliRun.element(xml, "isolation", isolation);
    xml = CliRun.element(xml, "scalefactor", "0.1");
    xml = CliRun.element(xml, "terminals", "4");
    xml = CliRun.element(xml, "warmup", "0");
    xml = CliRun.element(xml, "time", "4");
    Path config = Files.writeString(dir.resolve(sample), xml, StandardCharsets.UTF_8);
    Path results = dir.resolve("results");
    CliRun r = CliRun.socialgraph(config, results, "--create", "--load", "--execute");
    JSONObject audit = latest(results, ".audit.json");
    assertEquals(0, r.code, r + "\n" + audit.toString(2));
    assertEquals("PASS", audit.getString("verdict"));
    assertTrue(check(audit, "acknowledgedWritesKept").getLong("examined") > 0, "writes tracked");
    assertEquals(
        Map.of(
            "counttable", "ROCKSDB",
            "graphmarker", "ROCKSDB",
            "linktable", "ROCKSDB",
            "nodetable", "ROCKSDB"),
        engines(db));
    // the database's own figures come from RocksDB's counters: the phase wrote bytes and WAL
    JSONObject perRequest =
        latest(results, ".summary.json")
            .getJSONObject("Database")
            .getJSONArray("Phases")
            .getJSONObject(0)
            .getJSONObject("Per Request");
    assertTrue(perRequest.getDouble("KB written") > 0, perRequest.toString());
    assertTrue(perRequest.getDouble("WAL/redo KB") > 0, perRequest.toString());
  }

  /**
   * Tables made RocksDB by another DDL under {@code <type>MARIADB</type>}: nothing refuses the
   * configuration, and the session check before the run finds MyRocks' refusal and shows its text.
   */
  @Test
  void serializableOnRocksDbTablesEndsWithTheServersOwnMessage() throws Exception {
    TestDatabase db = TestDatabase.myrocks("sg_myrocks_serializable");
    Path config =
        sampleWithDdl(
            db,
            "ddl-myrocks.sql",
            "serializable.xml",
            "type",
            "MARIADB",
            "isolation",
            "TRANSACTION_SERIALIZABLE");
    Path results = dir.resolve("results");
    CliRun r = CliRun.socialgraph(config, results, "--create", "--load", "--execute");
    String line = r.endedWithOneLine(ExitCodes.FAILURE);
    assertTrue(
        line.contains(
            "MyRocks supports only READ COMMITTED and REPEATABLE READ isolation levels. Please"
                + " change from current isolation level SERIALIZABLE [SQLState HY000]"),
        line);
    assertTrue(line.contains("<isolation> TRANSACTION_SERIALIZABLE in " + config), line);
    assertFalse(Files.exists(results), "no run was recorded");
  }

  /** {@code <type>MYROCKS</type>} on InnoDB tables would measure InnoDB under MyRocks' name. */
  @Test
  void tablesInAnotherEngineThanRocksDbAreRefused() throws Exception {
    TestDatabase db = TestDatabase.myrocks("sg_myrocks_innodb");
    Path config = sampleWithDdl(db, "ddl-mysql.sql", "innodb.xml");
    Path results = dir.resolve("results");
    CliRun r = CliRun.socialgraph(config, results, "--create", "--load", "--execute");
    String line = r.endedWithOneLine(ExitCodes.FAILURE);
    assertTrue(line.contains("linktable=InnoDB"), line);
    assertTrue(line.contains("do not use the ROCKSDB engine that <type>MYROCKS</type>"), line);
    assertTrue(line.contains("scripts/myrocks-server.sh start"), line);
    assertFalse(Files.exists(results), "no run was recorded");
  }

  private static Map<String, String> engines(TestDatabase db) throws Exception {
    Map<String, String> m = new TreeMap<>();
    try (Connection c = db.connect();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT TABLE_NAME, UPPER(ENGINE) FROM information_schema.TABLES"
                    + " WHERE TABLE_SCHEMA = DATABASE()")) {
      while (rs.next()) {
        m.put(rs.getString(1), rs.getString(2));
      }
    }
    return m;
  }

  private static JSONObject latest(Path results, String suffix) throws Exception {
    try (Stream<Path> files = Files.list(results)) {
      Path p =
          files
              .filter(f -> f.getFileName().toString().endsWith(suffix))
              .sorted()
              .reduce((a, b) -> b)
              .orElseThrow(() -> new AssertionError("no " + suffix + " in " + results));
      return new JSONObject(Files.readString(p));
    }
  }

  private static JSONObject check(JSONObject audit, String name) {
    JSONArray checks = audit.getJSONArray("checks");
    for (int i = 0; i < checks.length(); i++) {
      if (name.equals(checks.getJSONObject(i).getString("name"))) {
        return checks.getJSONObject(i);
      }
    }
    throw new AssertionError("no check " + name + " in " + audit.toString(2));
  }

  /**
   * The MyRocks sample on {@code db} at scale 0.05 with its tables made by {@code ddl}, written as
   * {@code name}; {@code edits} are further element/value pairs.
   */
  private Path sampleWithDdl(TestDatabase db, String ddl, String name, String... edits)
      throws IOException {
    String xml = Files.readString(Path.of("config", "myrocks", "sample_socialgraph_config.xml"));
    xml = CliRun.element(xml, "url", db.url.replace("&", "&amp;"));
    xml = CliRun.element(xml, "scalefactor", "0.05");
    for (int i = 0; i < edits.length; i += 2) {
      xml = CliRun.element(xml, edits[i], edits[i + 1]);
    }
    xml = xml.replace("<batchsize>", "<ddlpath>" + DDL.resolve(ddl) + "</ddlpath><batchsize>");
    return Files.writeString(dir.resolve(name), xml, StandardCharsets.UTF_8);
  }
}
