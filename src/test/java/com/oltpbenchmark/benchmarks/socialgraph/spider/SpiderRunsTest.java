package com.oltpbenchmark.benchmarks.socialgraph.spider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.audit.LoadGuard;
import com.oltpbenchmark.benchmarks.socialgraph.audit.SocialGraphAudit;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.testutil.SpiderCluster;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spider sample configs, shortened, through the whole runtime against the cluster of
 * scripts/spider-cluster.sh: LinkBench and TAOBench at READ COMMITTED and REPEATABLE READ with the
 * audit (and its in-doubt transaction check on the head and every backend) passing, rows on the
 * backend their shard maps to, --create resetting the backends, and an abandoned prepared XA
 * transaction on a backend failing the audit with exit 4 and its xid.
 */
class SpiderRunsTest {
  /** The test graph: ids [1, 3001), TAOBench's 50 shards. */
  private static final String SCALE = "0.3";

  private static final long END_ID = 3001;
  private static final int SHARDS = 50;
  private static final long NEW_ID_FLOOR = 1L << 40;

  @TempDir Path dir;

  @Test
  void linkBenchRunsAtBothLevelsAndASecondCreateResetsTheBackends() throws Exception {
    SpiderCluster cluster = SpiderCluster.database("sg_spider_lb");
    Path results = dir.resolve("results");
    Path rc = config(cluster, "sample_socialgraph_config.xml", "TRANSACTION_READ_COMMITTED");
    assertEquals(0, run(rc, results, "--create=true", "--load=true", "--execute=true"));
    assertAuditPassed(cluster, results);
    // a second --create --load: refused if the backends had kept their rows
    Path rr = config(cluster, "sample_socialgraph_config.xml", "TRANSACTION_REPEATABLE_READ");
    assertEquals(0, run(rr, dir.resolve("results-rr"), "--create=true", "--load=true"));
    assertEquals(0, run(rr, dir.resolve("results-rr"), "--execute=true"));
    assertAuditPassed(cluster, dir.resolve("results-rr"));
    assertRowsOnTheirShardsBackend(cluster);
  }

  @Test
  void taoBenchRunsAtBothLevelsAndAnAbandonedPreparedTransactionFailsTheAudit() throws Exception {
    SpiderCluster cluster = SpiderCluster.database("sg_spider_tao");
    Path rc = config(cluster, "sample_taobench_config.xml", "TRANSACTION_READ_COMMITTED");
    assertEquals(0, run(rc, dir.resolve("r1"), "--create=true", "--load=true", "--execute=true"));
    assertAuditPassed(cluster, dir.resolve("r1"));
    Path rr = config(cluster, "sample_taobench_config.xml", "TRANSACTION_REPEATABLE_READ");
    assertEquals(0, run(rr, dir.resolve("r2"), "--execute=true"));
    assertAuditPassed(cluster, dir.resolve("r2"));
    assertRowsOnTheirShardsBackend(cluster);

    String xid = "'sg_abandoned','b1',4242";
    int b = cluster.backends();
    try (Connection conn = cluster.backend(b);
        Statement s = conn.createStatement()) {
      s.execute("XA START " + xid);
      s.execute("UPDATE nodetable SET version = version + 1 WHERE id = 1 OR id = " + (END_ID - 1));
      s.execute("XA END " + xid);
      s.execute("XA PREPARE " + xid);
    }
    try {
      // a prepared XA transaction outlives its connection (MariaDB 10.5 and later)
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      Path json = dir.resolve("alone.audit.json");
      int code =
          SocialGraphAudit.run(
              new String[] {rr.toString(), json.toString()}, print(out), print(err));
      String line = out.toString(StandardCharsets.UTF_8);
      assertEquals(SocialGraphAudit.EXIT_VIOLATIONS, code, line + err);
      assertTrue(line.contains("FAIL (1 violations: noInDoubtTransactions 1"), line);
      JSONObject check = check(new JSONObject(Files.readString(json)), "noInDoubtTransactions");
      JSONObject example = check.getJSONArray("examples").getJSONObject(0);
      assertEquals(cluster.backendUrl(b), example.getString("key"), check.toString());
      assertEquals(xid, example.getString("found"), check.toString());
      assertTrue(example.getString("expected").contains("XA ROLLBACK " + xid), check.toString());
      // the runtime's own audit says the same
      assertEquals(4, run(rr, dir.resolve("r3"), "--audit=true"));
    } finally {
      try (Connection conn = cluster.backend(b);
          Statement s = conn.createStatement()) {
        s.execute("XA ROLLBACK " + xid);
      }
    }
    assertEquals(0, run(rr, dir.resolve("r4"), "--audit=true"), "after XA ROLLBACK");
  }

  @Test
  void theLoadRefusalSaysCreateEmptiesSpiderTablesOnlyWithTheBackendDdl() throws Exception {
    SpiderCluster cluster = SpiderCluster.database("sg_spider_hint");
    try (Connection head = cluster.head();
        Statement s = head.createStatement()) {
      for (String stmt : ddl(cluster).split(";\\s*\\n")) {
        String sql = stmt.replaceAll("(?m)^--.*$", "").strip();
        if (!sql.isEmpty()) {
          s.execute(sql);
        }
      }
      // rows the head's DDL did not create: as a head-only DDL leaves them on a backend
      try (Connection backend = cluster.backend(1);
          Statement bs = backend.createStatement()) {
        bs.execute("INSERT INTO nodetable VALUES (1, 1, 1, 1, 'x')");
      }
      String refusal = LoadGuard.refusal(head);
      assertTrue(refusal.contains("1 rows and no load marker"), refusal);
      assertTrue(
          refusal.contains(
              "nodetable is a SPIDER table whose rows live on other servers, so"
                  + " --create=true --load=true replaces them only when the DDL also empties"),
          refusal);
      String slice = LoadGuard.sliceRefusal(head, LinkBenchConfig.defaults(1), 1, 2, 1, 10);
      assertTrue(
          slice.contains(
              "empties the tables (these are SPIDER tables whose rows live on other servers:"),
          slice);
    }
  }

  private Path config(SpiderCluster cluster, String sample, String isolation) throws Exception {
    Path ddl = dir.resolve("ddl-" + cluster.backends() + ".sql");
    Files.writeString(ddl, ddl(cluster));
    String xml = Files.readString(Path.of("config", "spider", sample));
    xml = replace(xml, "url", cluster.headUrl().replace("&", "&amp;"));
    xml = replace(xml, "ddlpath", ddl.toString());
    xml = replace(xml, "scalefactor", SCALE);
    xml = replace(xml, "terminals", "4");
    xml = replace(xml, "warmup", "0");
    xml = replace(xml, "time", "5");
    xml = replace(xml, "isolation", isolation);
    StringBuilder audit = new StringBuilder("<audit>");
    for (int b = 1; b <= cluster.backends(); b++) {
      audit.append("<backend>").append(cluster.backendUrl(b)).append("</backend>");
    }
    xml = xml.replaceFirst("(?s)<audit>.*?</audit>", audit + "</audit>");
    Path file = dir.resolve(isolation + "-" + sample);
    Files.writeString(file, xml);
    return file;
  }

  private static String ddl(SpiderCluster cluster) throws Exception {
    return SpiderCluster.ddl(
        String.valueOf(cluster.backends()), String.valueOf(SHARDS), "1", String.valueOf(END_ID));
  }

  private static String replace(String xml, String element, String value) {
    String out =
        xml.replaceFirst(
            "<" + element + ">[^<]*</" + element + ">",
            java.util.regex.Matcher.quoteReplacement(
                "<" + element + ">" + value + "</" + element + ">"));
    assertTrue(!out.equals(xml) || xml.contains("<" + element + ">" + value), element);
    return out;
  }

  private static int run(Path config, Path results, String... actions) {
    List<String> args =
        new ArrayList<>(
            List.of("-b", "socialgraph", "-c", config.toString(), "-d", results.toString()));
    args.addAll(List.of(actions));
    return DBWorkload.run(args.toArray(String[]::new));
  }

  /** The newest audit.json passed, its in-doubt check asked the head and every backend. */
  private static void assertAuditPassed(SpiderCluster cluster, Path results) throws Exception {
    Path newest;
    try (Stream<Path> files = Files.list(results)) {
      newest =
          files
              .filter(p -> p.toString().endsWith(".audit.json"))
              .max(Path::compareTo)
              .orElseThrow(() -> new AssertionError("no audit.json in " + results));
    }
    JSONObject doc = new JSONObject(Files.readString(newest));
    assertEquals("PASS", doc.getString("verdict"), doc.toString(2));
    JSONObject inDoubt = check(doc, "noInDoubtTransactions");
    assertEquals("passed", inDoubt.getString("status"), inDoubt.toString());
    assertEquals(1 + cluster.backends(), inDoubt.getLong("examined"), inDoubt.toString());
  }

  private static JSONObject check(JSONObject doc, String name) {
    JSONArray checks = doc.getJSONArray("checks");
    for (int i = 0; i < checks.length(); i++) {
      if (checks.getJSONObject(i).getString("name").equals(name)) {
        return checks.getJSONObject(i);
      }
    }
    throw new AssertionError("no check " + name + " in " + doc.toString(2));
  }

  /**
   * Backend b holds exactly the nodes, links (by id1) and counts of shards [floor((b-1)S/N),
   * floor(bS/N)): loaded ids by their slice, new TAOBench objects by id mod S, and every backend
   * holds some.
   */
  private static void assertRowsOnTheirShardsBackend(SpiderCluster cluster) throws Exception {
    int n = cluster.backends();
    for (int b = 1; b <= n; b++) {
      long lo = (long) (b - 1) * SHARDS / n;
      long hi = b == n ? Long.MAX_VALUE : (long) b * SHARDS / n;
      String loadedShard = "((%1$s - 1 + 1) * " + SHARDS + " - 1) DIV " + (END_ID - 1);
      String shard =
          "CASE WHEN %1$s < "
              + NEW_ID_FLOOR
              + " THEN "
              + loadedShard
              + " ELSE %1$s MOD "
              + SHARDS
              + " END";
      try (Connection conn = cluster.backend(b);
          Statement s = conn.createStatement()) {
        for (String[] t :
            new String[][] {{"nodetable", "id"}, {"linktable", "id1"}, {"counttable", "id"}}) {
          String sh = String.format(shard, t[1]);
          try (ResultSet rs =
              s.executeQuery(
                  "SELECT COUNT(*), SUM(CASE WHEN "
                      + sh
                      + " >= "
                      + lo
                      + " AND "
                      + sh
                      + " < "
                      + hi
                      + " THEN 0 ELSE 1 END) FROM "
                      + t[0])) {
            rs.next();
            assertTrue(rs.getLong(1) > 0, t[0] + " rows on backend " + b);
            assertEquals(0, rs.getLong(2), t[0] + " rows of another backend's shards on " + b);
          }
        }
      }
    }
  }

  private static PrintStream print(ByteArrayOutputStream s) {
    return new PrintStream(s, true, StandardCharsets.UTF_8);
  }
}
