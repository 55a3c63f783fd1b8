package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.ModuleFixture;
import com.oltpbenchmark.testutil.ConfigXml;
import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sample config of each server database, run through the real runtime (DBWorkload, the module's
 * loader and worker) with 16 terminals for 15 s ({@code sg.race.seconds}) on a 1,000-node graph, at
 * the isolation level the sample config sets; afterwards every count row equals its visible links.
 */
class CountInvariantThroughRuntimeTest {

  private static final long SECONDS = Long.getLong("sg.race.seconds", 15);

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"postgres", "mariadb"})
  void sampleConfig(String sample) throws Exception {
    run(sample, TestDatabase.forSample(sample, dir, "sg_runtime"));
  }

  private void run(String sample, TestDatabase db) throws Exception {
    String xml = Files.readString(Path.of("config", sample, "sample_socialgraph_config.xml"));
    Matcher iso = Pattern.compile("<isolation>(\\w+)</isolation>").matcher(xml);
    assertTrue(iso.find(), "the sample config sets an isolation level");
    xml = ConfigXml.set(xml, "url", db.url.replace("&", "&amp;"));
    xml = ConfigXml.set(xml, "terminals", "16");
    xml = ConfigXml.set(xml, "warmup", "0");
    xml = ConfigXml.set(xml, "time", Long.toString(SECONDS));
    xml = ConfigXml.set(xml, "scalefactor", "0.1"); // 1,000 nodes: writers meet often
    Path config = dir.resolve(sample + ".xml");
    Files.writeString(config, xml, StandardCharsets.UTF_8);
    Path results = dir.resolve("results");

    assertEquals(
        0,
        DBWorkload.run(RunArgs.socialgraph(config, results, "--create=true", "--load=true")),
        "create + load exit code");
    long versionsBefore;
    try (Connection conn = db.connect()) {
      ModuleFixture.assertCountsMatchVisibleLinks(conn);
      versionsBefore = countVersions(conn);
    }
    assertEquals(
        0,
        DBWorkload.run(RunArgs.socialgraph(config, results, "--execute=true")),
        "execute exit code");
    try (Connection conn = db.connect()) {
      int pairs = ModuleFixture.assertCountsMatchVisibleLinks(conn);
      long countChanges = countVersions(conn) - versionsBefore;
      System.out.printf(
          "%s at %s: %d count rows consistent after %d count changes%n",
          db.type, iso.group(1), pairs, countChanges);
      assertTrue(
          countChanges > 1000,
          "only " + countChanges + " count changes during the run: the link writes did not run");
    }
  }

  /** Every count change bumps its row's version, so the sum counts them. */
  private static long countVersions(Connection conn) throws SQLException {
    try (Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery("SELECT COALESCE(SUM(version), 0) FROM counttable")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
