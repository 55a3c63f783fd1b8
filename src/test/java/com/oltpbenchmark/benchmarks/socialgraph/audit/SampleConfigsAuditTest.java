package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.json.JSONObject;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The sample configs of SQLite, PostgreSQL and MariaDB (LinkBench and TAOBench), shortened to 10 s
 * phases on a 1,000-node graph, end with a passing audit: 0 violations, exit 0.
 */
class SampleConfigsAuditTest {

  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource({
    "sqlite, sample_socialgraph_config.xml",
    "sqlite, sample_taobench_config.xml",
    "postgres, sample_socialgraph_config.xml",
    "postgres, sample_taobench_config.xml",
    "mariadb, sample_socialgraph_config.xml",
    "mariadb, sample_taobench_config.xml"
  })
  void sampleConfigPassesTheAudit(String database, String sample) throws Exception {
    String name = "sg_audit_sample_" + (sample.contains("taobench") ? "tao" : "lb");
    TestDatabase db =
        switch (database) {
          case "sqlite" -> TestDatabase.sqlite(dir, name);
          case "postgres" -> TestDatabase.postgres(name);
          default -> TestDatabase.mariadb(name);
        };
    String xml = Files.readString(Path.of("config", database, sample));
    xml = replace(xml, "url", db.url.replace("&", "&amp;"));
    xml = replace(xml, "scalefactor", "0.1");
    xml = replace(xml, "warmup", "0");
    xml = replace(xml, "time", "4");
    Path config = dir.resolve(database + "-" + sample);
    Files.writeString(config, xml, StandardCharsets.UTF_8);
    Path results = dir.resolve("results");
    int exit =
        AuditRun.dbworkload(config, results, "--create=true", "--load=true", "--execute=true");
    JSONObject audit = AuditRun.latestAudit(results);
    assertEquals(0, exit, audit.toString(2));
    assertEquals("PASS", audit.getString("verdict"));
    assertTrue(
        AuditRun.check(audit, "acknowledgedWritesKept").getLong("examined") > 0,
        "the run's writes were tracked");
  }

  private static String replace(String xml, String element, String value) {
    Pattern p = Pattern.compile("<" + element + ">[^<]*</" + element + ">");
    return p.matcher(xml)
        .replaceAll(Matcher.quoteReplacement("<" + element + ">" + value + "</" + element + ">"));
  }
}
