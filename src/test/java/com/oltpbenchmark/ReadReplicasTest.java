package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.PgReplicaSet;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code <readReplicas>} on the PostgreSQL replica set of {@code scripts/pg-replicas.sh}: the reads
 * are served by the standbys (their own statistics count them, spread over both), the writes by the
 * primary, and the audit passes; a configuration whose replica URL is malformed is refused before
 * anything is touched, and one whose replica is not a standby at the preflight.
 */
class ReadReplicasTest {

  private static final Set<String> LINKBENCH_READS =
      Set.of("GetNode", "GetLink", "GetLinkList", "CountLink");
  private static final Set<String> TAOBENCH_READS = Set.of("Read", "ReadTxn");

  @TempDir Path dir;

  @Test
  void linkBenchReadsAreServedByTheStandbysAndWritesByThePrimary() throws Exception {
    PgReplicaSet set = PgReplicaSet.database("sg_replicas_lb");
    Path config =
        config(set, "sample_socialgraph_config.xml", "TRANSACTION_REPEATABLE_READ", "lb.xml");
    JSONObject summary = loadThenRun(set, config, LINKBENCH_READS);
    // the writes streamed to the standbys: the phase's replication lag is among its figures
    JSONObject lag =
        summary
            .getJSONObject("Database")
            .getJSONArray("Phases")
            .getJSONObject(0)
            .getJSONObject("Replication Lag");
    assertEquals(set.standbys(), lag.getInt("Standbys"), lag.toString());
    for (String figure :
        List.of("Write Lag (ms)", "Flush Lag (ms)", "Replay Lag (ms)", "Replay Behind (bytes)")) {
      assertTrue(lag.getDouble(figure) >= 0, figure + " in " + lag);
    }
    assertTrue(
        summary.getJSONObject("Database").getJSONObject("Whole Run").has("Replication Lag"),
        "the whole run's lag too");
  }

  /**
   * TAOBench's ReadTxn is one snapshot over several keys; at SERIALIZABLE the standby (which cannot
   * run it) reads at REPEATABLE READ while the primary writes at SERIALIZABLE.
   */
  @Test
  void taoBenchReadsAreServedByTheStandbysEvenAtSerializable() throws Exception {
    PgReplicaSet set = PgReplicaSet.database("sg_replicas_tao");
    Path config = config(set, "sample_taobench_config.xml", "TRANSACTION_SERIALIZABLE", "tao.xml");
    loadThenRun(set, config, TAOBENCH_READS);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "jdbc:postgresql://127.0.0.1:54x2/benchbase | port \"54x2\" is not a port number",
        "127.0.0.1:5442 | is not a JDBC URL",
        "jdbc:mariadb://127.0.0.1:3306/benchbase | is another kind of database than <url>"
      })
  void aBadReplicaUrlIsRefusedBeforeAnythingIsTouched(String url, String problem) throws Exception {
    // <url> names a database that does not exist: any connection would end in exit 1, not 255
    String xml =
        Files.readString(Path.of("config", "postgres", "sample_socialgraph_config.xml"))
            .replace(
                "</linkbench>", "</linkbench><readReplicas><url>" + url + "</url></readReplicas>");
    xml =
        CliRun.element(
            xml, "url", "jdbc:postgresql://127.0.0.1:5432/sg_no_such_database_for_replicas");
    Path config = Files.writeString(dir.resolve("bad.xml"), xml, StandardCharsets.UTF_8);
    Path results = dir.resolve("results");
    CliRun r = CliRun.socialgraph(config, results, "--create", "--load", "--execute");
    String line = r.endedWithOneLine(DBWorkload.EXIT_CONFIG);
    assertTrue(line.startsWith("benchbase: "), line);
    assertTrue(line.contains("<readReplicas><url> \"" + url + "\""), line);
    assertTrue(line.contains(problem), line);
    assertTrue(line.contains(config.toString()), line);
    assertFalse(Files.exists(results), "no run was recorded");
  }

  @Test
  void aPasswordInAReplicaUrlIsNotShown() throws Exception {
    String xml =
        Files.readString(Path.of("config", "postgres", "sample_socialgraph_config.xml"))
            .replace(
                "</linkbench>",
                "</linkbench><readReplicas><url>jdbc:postgresql://127.0.0.1:54x2/benchbase?user=u"
                    + "&amp;password=hunter2secret</url></readReplicas>");
    xml = CliRun.element(xml, "url", "jdbc:postgresql://127.0.0.1:5432/sg_no_such_database");
    Path config = Files.writeString(dir.resolve("secret.xml"), xml, StandardCharsets.UTF_8);
    CliRun r = CliRun.socialgraph(config, dir.resolve("results"), "--execute");
    String line = r.endedWithOneLine(DBWorkload.EXIT_CONFIG);
    assertTrue(line.contains("<readReplicas><url>"), line);
    assertFalse(line.contains("hunter2secret"), line);
  }

  /** A replica URL naming a server that takes writes: the preflight refuses it with exit 1. */
  @Test
  void aReplicaThatIsNotAStandbyIsRefusedAtThePreflight() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_replicas_not_standby");
    String xml = Files.readString(Path.of("config", "postgres", "sample_socialgraph_config.xml"));
    xml = CliRun.element(xml, "url", db.url.replace("&", "&amp;"));
    xml = CliRun.element(xml, "scalefactor", "0.05");
    xml =
        xml.replace(
            "</linkbench>",
            "</linkbench><readReplicas><url>"
                + db.url.replace("&", "&amp;")
                + "</url></readReplicas>");
    Path config = Files.writeString(dir.resolve("primary.xml"), xml, StandardCharsets.UTF_8);
    Path results = dir.resolve("results");
    CliRun r = CliRun.socialgraph(config, results, "--create", "--load", "--execute");
    String line = r.endedWithOneLine(ExitCodes.FAILURE);
    assertTrue(line.contains("<readReplicas><url> " + db.url), line);
    assertTrue(line.contains("is not a standby (pg_is_in_recovery() is false)"), line);
    assertFalse(Files.exists(results), "no run was recorded");
  }

  /**
   * A sample on the replica set's primary, 4 terminals, 2,000 nodes, 5 s, reading from every
   * standby.
   */
  private Path config(PgReplicaSet set, String sample, String isolation, String name)
      throws Exception {
    String xml = Files.readString(Path.of("config", "postgres", sample));
    xml = CliRun.element(xml, "url", set.primaryUrl().replace("&", "&amp;"));
    xml = CliRun.element(xml, "isolation", isolation);
    xml = CliRun.element(xml, "scalefactor", "0.2");
    xml = CliRun.element(xml, "terminals", "4");
    xml = CliRun.element(xml, "warmup", "0");
    xml = CliRun.element(xml, "time", "5");
    StringBuilder replicas = new StringBuilder("<readReplicas>");
    for (int k = 1; k <= set.standbys(); k++) {
      replicas.append("<url>").append(set.standbyUrl(k).replace("&", "&amp;")).append("</url>");
    }
    replicas.append("</readReplicas>");
    xml = xml.replace("<works>", replicas + "<works>");
    return Files.writeString(dir.resolve(name), xml, StandardCharsets.UTF_8);
  }

  /**
   * Loads, then runs {@code config} and checks that the standbys served the successful reads, each
   * standby some, that the primary did not, and that the audit passed; returns the run's summary.
   */
  private JSONObject loadThenRun(PgReplicaSet set, Path config, Set<String> readTypes)
      throws Exception {
    Path results = dir.resolve("results-" + config.getFileName());
    CliRun load = CliRun.socialgraph(config, results, "--create", "--load");
    assertEquals(0, load.code, load.toString());
    List<Long> standbysBefore = new ArrayList<>();
    for (int k = 1; k <= set.standbys(); k++) {
      set.awaitReplayed(k, 60);
      standbysBefore.add(commits(set, k));
    }
    long primaryBefore = commits(set, 0);
    CliRun run = CliRun.socialgraph(config, results, "--execute");
    JSONObject audit = latest(results, ".audit.json");
    assertEquals(0, run.code, run + "\n" + audit.toString(2));
    assertEquals("PASS", audit.getString("verdict"), audit.toString(2));
    JSONObject summary = latest(results, ".summary.json");
    long reads = successes(summary, readTypes);
    assertTrue(reads > 0, "reads succeeded: " + summary.get("Transaction Status Counts"));
    // a session's statistics reach pg_stat_database when it ends, which may lag the run's end
    long served = 0;
    List<Long> perStandby = new ArrayList<>();
    long deadline = System.nanoTime() + 10_000_000_000L;
    do {
      served = 0;
      perStandby.clear();
      for (int k = 1; k <= set.standbys(); k++) {
        long d = commits(set, k) - standbysBefore.get(k - 1);
        perStandby.add(d);
        served += d;
      }
    } while (served < reads && System.nanoTime() < deadline && pause());
    assertTrue(
        served >= reads,
        "the standbys committed " + perStandby + " transactions for " + reads + " reads");
    for (long d : perStandby) {
      assertTrue(d > 0, "every standby served reads: " + perStandby);
    }
    long primary = commits(set, 0) - primaryBefore;
    assertTrue(
        primary < reads,
        "the primary committed "
            + primary
            + " transactions, fewer than the "
            + reads
            + " reads it did not serve");
    return summary;
  }

  private static boolean pause() throws InterruptedException {
    Thread.sleep(200);
    return true;
  }

  /** xact_commit of the set's database on the primary (0) or standby k. */
  private static long commits(PgReplicaSet set, int k) throws SQLException {
    try (Connection c = k == 0 ? set.connectPrimary() : set.connectStandby(k);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Successful requests of {@code types} in a summary. */
  private static long successes(JSONObject summary, Set<String> types) {
    JSONObject counts = summary.getJSONObject("Transaction Status Counts");
    long n = 0;
    for (Iterator<String> it = counts.keys(); it.hasNext(); ) {
      String type = it.next();
      if (types.contains(type)) {
        n += counts.getJSONObject(type).optLong("SUCCESS", 0);
      }
    }
    return n;
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
}
