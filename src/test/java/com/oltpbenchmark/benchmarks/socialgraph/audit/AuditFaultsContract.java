package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static com.oltpbenchmark.benchmarks.socialgraph.audit.AuditRun.check;
import static com.oltpbenchmark.benchmarks.socialgraph.audit.AuditRun.dbworkload;
import static com.oltpbenchmark.benchmarks.socialgraph.audit.AuditRun.exampleKeys;
import static com.oltpbenchmark.benchmarks.socialgraph.audit.AuditRun.latestAudit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoLinkTypes;
import com.oltpbenchmark.testutil.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit catches real faults through the whole runtime (DBWorkload, loader, workers): links
 * changed without their counts, and acknowledged writes the database did not keep; and reports
 * nothing on a clean run with many terminals on a few hot keys.
 */
abstract class AuditFaultsContract {

  /** UpdateLink-heavy: most writes overwrite existing links. */
  static final String UPDATE_HEAVY = "0, 0, 0, 0, 0, 0, 0, 20, 80, 0";

  /** Every LinkBench write type, with some reads. */
  static final String ALL_WRITES = "5, 10, 15, 5, 5, 5, 5, 20, 20, 10";

  @TempDir Path dir;

  private final String sample;
  private final List<String> loseUpdatesOfSomeLinks;

  /**
   * @param sample the database, as {@link TestDatabase#forSample} names it
   * @param loseUpdatesOfSomeLinks the statements that install, in that database's dialect, a
   *     trigger that keeps the old payload of updated links with id2 % 5 = 0
   */
  AuditFaultsContract(String sample, String... loseUpdatesOfSomeLinks) {
    this.sample = sample;
    this.loseUpdatesOfSomeLinks = List.of(loseUpdatesOfSomeLinks);
  }

  private TestDatabase database(String name) {
    return TestDatabase.forSample(sample, dir, name);
  }

  /** Terminals for the hot-key run (the servers get 64). */
  int hotKeyTerminals() {
    return 64;
  }

  @Test
  void linksChangedWithoutTheirCountsAreReportedWithTheirKeys() throws Exception {
    TestDatabase db = database("sg_audit_count");
    Path config = AuditRun.loadedConfig(dir, db, 101, 1, 1, UPDATE_HEAVY);
    Path results = dir.resolve("results");
    assertEquals(0, standaloneAudit(config, dir.resolve("before.json")), "clean after the load");
    long id1;
    long type;
    long id2;
    try (Connection conn = db.connect()) {
      try (Statement st = conn.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT id1, link_type, id2 FROM linktable WHERE visibility = 1"
                      + " ORDER BY id1, link_type, id2")) {
        assertTrue(rs.next(), "the load wrote links");
        id1 = rs.getLong(1);
        type = rs.getLong(2);
        id2 = rs.getLong(3);
      }
      CountBreakingWrite.hideWithoutCount(conn, id1, type, id2);
      CountBreakingWrite.insertWithoutCount(conn, 77, 4242, 5);
    }
    assertEquals(DBWorkload.EXIT_AUDIT, dbworkload(config, results, "--audit=true"));
    JSONObject count = check(latestAudit(results), "countMatchesVisibleLinks");
    Path standalone = dir.resolve("after.json");
    assertEquals(SocialGraphAudit.EXIT_VIOLATIONS, standaloneAudit(config, standalone));
    assertEquals(
        2,
        check(new JSONObject(Files.readString(standalone)), "countMatchesVisibleLinks")
            .getLong("violations"),
        "the upstream form finds the same");
    assertEquals(2, count.getLong("violations"), count.toString(2));
    assertEquals(
        List.of("count (" + id1 + "," + type + ")", "count (77,4242)"),
        exampleKeys(count).stream().sorted().toList(),
        count.toString(2));
  }

  @Test
  void taoBenchAssociationRulesBrokenAreReportedWithTheirKeys() throws Exception {
    TestDatabase db = database("sg_audit_tao");
    Path config = AuditRun.loadedConfig(dir, db, 101, 1, 1, UPDATE_HEAVY);
    Path results = dir.resolve("results");
    long u = TaoLinkTypes.UNIQUE;
    long b = TaoLinkTypes.BIDIRECTIONAL;
    long ub = TaoLinkTypes.UNIQUE_AND_BIDIRECTIONAL;
    try (Connection conn = db.connect()) {
      // with their counts, so that only the association rules break
      CountBreakingWrite.insertWithCount(conn, 5, u, 6, 7);
      CountBreakingWrite.insertWithCount(conn, 8, b, 9);
      CountBreakingWrite.insertWithCount(conn, 10, ub, 12);
      CountBreakingWrite.insertWithCount(conn, 11, ub, 12);
    }
    assertEquals(DBWorkload.EXIT_AUDIT, dbworkload(config, results, "--audit=true"));
    JSONObject audit = latestAudit(results);
    assertEquals(0, check(audit, "countMatchesVisibleLinks").getLong("violations"));
    assertEquals(List.of("id1=5 type " + u), exampleKeys(check(audit, "taoUniquePerId1")));
    assertEquals(List.of("id2=12 type " + ub), exampleKeys(check(audit, "taoUniquePerId2")));
    assertEquals(
        List.of("link (9," + b + ",8)", "link (12," + ub + ",10)", "link (12," + ub + ",11)"),
        exampleKeys(check(audit, "taoInverseVisible")));
  }

  /** The upstream form: the module's main class on the same config. */
  private static int standaloneAudit(Path config, Path out) {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(text, true, StandardCharsets.UTF_8);
    int exit = SocialGraphAudit.run(new String[] {config.toString(), out.toString()}, ps, ps);
    String printed = text.toString(StandardCharsets.UTF_8).trim();
    assertTrue(printed.startsWith("socialgraph audit: " + (exit == 0 ? "PASS" : "FAIL")), printed);
    assertEquals(1, printed.lines().count(), "one line: " + printed);
    return exit;
  }

  @Test
  void acknowledgedWritesTheDatabaseDidNotKeepAreReported() throws Exception {
    TestDatabase db = database("sg_audit_lost");
    Path config = AuditRun.loadedConfig(dir, db, 201, 4, 8, UPDATE_HEAVY);
    Path results = dir.resolve("results");
    try (Connection conn = db.connect();
        Statement st = conn.createStatement()) {
      for (String sql : loseUpdatesOfSomeLinks) {
        st.execute(sql);
      }
    }
    assertEquals(DBWorkload.EXIT_AUDIT, dbworkload(config, results, "--execute=true"));
    JSONObject audit = latestAudit(results);
    JSONObject lost = check(audit, "acknowledgedWritesKept");
    assertEquals(
        "FAIL", AuditRun.latestSummary(results).getJSONObject("Audit").getString("verdict"));
    assertTrue(lost.getLong("violations") > 0, lost.toString(2));
    Pattern link = Pattern.compile("link \\((\\d+),(\\d+),(\\d+)\\)");
    for (String key : exampleKeys(lost)) {
      Matcher m = link.matcher(key);
      assertTrue(m.matches(), key);
      assertEquals(0, Long.parseLong(m.group(3)) % 5, "only links with id2 % 5 = 0 lose writes");
    }
    assertEquals(0, check(audit, "countMatchesVisibleLinks").getLong("violations"));
  }

  @Test
  void aCleanRunWithManyTerminalsOnHotKeysReportsNothing() throws Exception {
    TestDatabase db = database("sg_audit_hot");
    Path config = AuditRun.loadedConfig(dir, db, 21, hotKeyTerminals(), 15, ALL_WRITES);
    Path results = dir.resolve("results");
    int exit = dbworkload(config, results, "--execute=true");
    JSONObject audit = latestAudit(results);
    assertEquals(0, exit, audit.toString(2));
    assertEquals("PASS", audit.getString("verdict"));
    JSONObject summary = AuditRun.latestSummary(results).getJSONObject("Audit");
    assertEquals("PASS", summary.getString("verdict"));
    assertEquals(0, summary.getLong("violations"));
    assertTrue(summary.getString("file").endsWith(".audit.json"), summary.toString());
    assertTrue(
        check(audit, "acknowledgedWritesKept").getLong("examined") > 10,
        "writes to hot keys were tracked: " + audit.toString(2));
  }
}
