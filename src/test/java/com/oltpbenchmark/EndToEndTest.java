package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junitpioneer.jupiter.RetryingTest;

/** The test benchmark through the command line: create, load, clear and execute on each DBMS. */
class EndToEndTest {
  @TempDir Path dir;

  private static long query(TestDatabase db, String sql) throws SQLException {
    return Long.parseLong(text(db, sql));
  }

  private static String text(TestDatabase db, String sql) throws SQLException {
    try (Connection c = db.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private void createLoadExecute(TestDatabase db, String expectedDdl) throws Exception {
    String body =
        "<terminals>2</terminals><loaderThreads>2</loaderThreads>"
            + "<scalefactor>2</scalefactor><batchsize>64</batchsize>"
            + "<isolation>TRANSACTION_READ_COMMITTED</isolation>"
            + "<works><work><time>2</time><rate>100</rate><weights>60,40</weights></work></works>"
            + EngineHarness.types("ReadRow", "UpdateRow");
    Path cfg = EngineHarness.write(dir, "e2e.xml", EngineHarness.xml(db, body));
    Path out = dir.resolve("out");
    int code =
        DBWorkload.run(
            RunArgs.createLoadExecute(
                "testbench", cfg, out, "-jh", out.resolve("histograms.json").toString()));
    assertEquals(0, code);
    assertEquals(expectedDdl, text(db, "SELECT name FROM ddl_source"), "DDL file used");
    assertEquals(200, query(db, "SELECT COUNT(*) FROM kv"), "rows = 100 x scalefactor");
    long updates = query(db, "SELECT SUM(v) FROM kv");
    assertTrue(updates > 40 && updates < 120, "about 40% of ~200 transactions updated: " + updates);
    List<String> files;
    try (Stream<Path> s = Files.list(out)) {
      files = s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
    String base =
        files.stream()
            .filter(f -> f.endsWith(".summary.json"))
            .findFirst()
            .orElseThrow()
            .replace(".summary.json", "");
    assertTrue(base.matches("testbench_\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2}"), base);
    for (String suffix :
        new String[] {
          ".summary.json",
          ".params.json",
          ".config.xml",
          ".raw.csv",
          ".samples.csv",
          ".results.csv",
          ".results.ReadRow.csv",
          ".results.UpdateRow.csv"
        }) {
      assertTrue(files.contains(base + suffix), base + suffix + " in " + files);
    }
    assertTrue(files.contains("histograms.json"));
    // --clear empties every table of the benchmark
    code = DBWorkload.run(new String[] {"-b", "testbench", "-c", cfg.toString(), "--clear=true"});
    assertEquals(0, code);
    assertEquals(0, query(db, "SELECT COUNT(*) FROM kv"));
  }

  @RetryingTest(3)
  void sqlite() throws Exception {
    createLoadExecute(TestDatabase.sqlite(dir, "bb_r1_e2e"), "generic");
  }

  @RetryingTest(3)
  void postgres() throws Exception {
    createLoadExecute(TestDatabase.postgres("bb_r1_e2e"), "postgres");
  }

  @RetryingTest(3)
  void mariadbUsesTheMysqlDdl() throws Exception {
    createLoadExecute(TestDatabase.mariadb("bb_r1_e2e"), "mysql");
  }
}
