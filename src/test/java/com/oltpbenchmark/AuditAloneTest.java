package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.audit.SocialGraphAuditor;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --audit} alone on a database that is not what the config describes: no tables is one line
 * saying how to create them; another graph is named next to the verdict; the lost-write checks are
 * "not checked" and the TAOBench checks on a LinkBench graph "not applicable", never passed with
 * nothing examined.
 */
class AuditAloneTest {

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"postgres", "mariadb"})
  void withoutTablesIsOneLineSayingHowToCreateThem(String sample) throws Exception {
    noTables(sample, TestDatabase.forSample(sample, dir, "audit_empty"));
  }

  private void noTables(String sample, TestDatabase db) throws Exception {
    CliRun r = run(config(sample, db, "0.01"), "--audit=true");
    String line = r.endedWithOneLine(DBWorkload.EXIT_FAILURE);
    assertTrue(
        line.contains("the database holds no socialgraph tables")
            && line.contains("--create=true --load=true"),
        line);
    assertFalse(line.contains("Exception") || line.contains("Position"), r.err);
  }

  @Test
  void anotherGraphIsNamedAndLostWritesAreNotChecked() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "audit_other");
    assertEquals(0, run(config("sqlite", db, "0.01"), "--create=true", "--load=true").code);
    CliRun r = run(config("sqlite", db, "0.02"), "--audit=true");
    assertEquals(0, r.code, r.toString());

    JSONObject doc;
    try (Stream<Path> files = Files.list(dir.resolve("results"))) {
      Path f = files.filter(p -> p.toString().endsWith(".audit.json")).findFirst().orElseThrow();
      doc = new JSONObject(Files.readString(f));
    }
    assertEquals("maxid1=101, load_random_seed=" + seed(doc), doc.getString("graph"));
    assertTrue(
        doc.getString("graphDiffers").contains("maxid1: loaded 101, configured 201"),
        doc.toString());
    JSONArray checks = doc.getJSONArray("checks");
    int notChecked = 0;
    int notApplicable = 0;
    for (int i = 0; i < checks.length(); i++) {
      JSONObject c = checks.getJSONObject(i);
      if (c.getString("name").equals("acknowledgedWritesKept")
          || c.getString("name").equals("versionsNeverGoBackwards")) {
        assertEquals("not checked", c.getString("status"), c.toString());
        assertTrue(
            c.getString("skipped").contains("lost writes can only be judged against the run"),
            c.toString());
        notChecked++;
      } else if (c.getString("name").startsWith("tao")) {
        // a LinkBench graph holds no TAOBench association: nothing examined is not a pass
        assertEquals("not applicable", c.getString("status"), c.toString());
        assertEquals(0, c.getLong("examined"), c.toString());
        assertTrue(
            c.getString("skipped")
                .startsWith("not applicable: no TAOBench association types in this graph"),
            c.toString());
        notApplicable++;
      } else if (List.of("fracturedReads", "staleReads", "readYourWritesViolations")
          .contains(c.getString("name"))) {
        // what reads saw is judged while a run goes, never by an audit alone
        assertEquals("not checked", c.getString("status"), c.toString());
        assertTrue(
            c.getString("skipped").contains("reads are judged only while a run goes"),
            c.toString());
      } else if (c.getString("name").equals("noInDoubtTransactions")) {
        assertEquals("not checked", c.getString("status"), c.toString());
        assertEquals(
            "not checked: SQLite has no prepared (two-phase) transactions",
            c.getString("skipped"),
            c.toString());
      } else {
        assertEquals("passed", c.getString("status"), c.toString());
        assertTrue(c.getLong("examined") > 0, c.toString());
      }
    }
    assertEquals(2, notChecked);
    assertEquals(3, notApplicable);

    String line = SocialGraphAuditor.verdictLine(doc);
    assertTrue(
        line.startsWith(
            "socialgraph audit: PASS (2 checks, 0 violations; not applicable: taoUniquePerId1,"
                + " no TAOBench association types in this graph"),
        line);
    // each reason follows the checks it applies to
    assertTrue(line.contains("; taoUniquePerId2, no TAOBench association types"), line);
    assertTrue(line.contains("; taoInverseVisible, no TAOBench association types"), line);
    assertTrue(line.contains("; not checked: "), line);
    assertTrue(line.contains("acknowledgedWritesKept, versionsNeverGoBackwards, lost"), line);
    assertTrue(
        line.contains("noInDoubtTransactions, SQLite has no prepared (two-phase) transactions"),
        line);
    assertTrue(line.contains("on graph maxid1=101, load_random_seed="), line);
    assertTrue(line.contains("not this config's (maxid1: loaded 101, configured 201"), line);
  }

  private static String seed(JSONObject doc) {
    return doc.getString("graph").replaceFirst(".*load_random_seed=", "");
  }

  private Path config(String sample, TestDatabase db, String scale) throws Exception {
    return CliRun.sampleConfig(dir, sample, db, scale);
  }

  private CliRun run(Path config, String... actions) {
    return CliRun.socialgraph(config, dir.resolve("results"), actions);
  }
}
