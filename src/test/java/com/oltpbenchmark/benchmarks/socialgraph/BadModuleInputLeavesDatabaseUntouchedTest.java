package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.testutil.ConfigXml;
import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A loaded graph survives {@code --create=true --load=true --execute=true} with a broken module
 * input (a module key, a workload file, an {@code <audit><backend>} URL) or a {@code <type>} its
 * URL cannot be: the run fails with the invalid-config exit code before its first statement, and
 * every table keeps its rows (count and checksum before = after).
 */
class BadModuleInputLeavesDatabaseUntouchedTest {

  private static final Map<String, String> TABLES =
      Map.of(
          "nodetable", "id",
          "linktable", "id1, link_type, id2",
          "counttable", "id, link_type");

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void badInputLeavesTheLoadedGraphAsItWas(String sample) throws Exception {
    check(sample, TestDatabase.forSample(sample, dir, "sg_untouched"));
  }

  private void check(String sample, TestDatabase db) throws Exception {
    String good = Files.readString(Path.of("config", sample, "sample_taobench_config.xml"));
    good = ConfigXml.set(good, "url", db.url.replace("&", "&amp;"));
    good = ConfigXml.set(good, "scalefactor", "0.01");
    assertEquals(0, run(write("good.xml", good), "--create=true", "--load=true"), "create + load");
    Map<String, String> loaded = snapshot(db);
    assertTrue(loaded.get("nodetable").startsWith("100 rows"), loaded.toString());

    String unknownKey =
        good.replaceFirst("(?m)^(\\s*)<linkbench>", "$1<linkbench><maxid2>5</maxid2>");
    assertEquals(DBWorkload.EXIT_CONFIG, runAll(write("unknown_key.xml", unknownKey)));
    assertEquals(loaded, snapshot(db), "after a run with an unknown <linkbench> key");

    Path workload = dir.resolve("broken_workload.json");
    Files.writeString(workload, "{\"name\": \"operations\", \"values\": [\n");
    String badWorkload = ConfigXml.set(good, "workload", workload.toString().replace("&", "&amp;"));
    assertEquals(DBWorkload.EXIT_CONFIG, runAll(write("bad_workload.xml", badWorkload)));
    assertEquals(loaded, snapshot(db), "after a run with a broken TAOBench workload file");

    // found out only when the audit connects, after the run, unless checked first
    for (String backend :
        List.of("jdbc:mariadb//127.0.0.1:3396/", "jdbc:mariadb://127.0.0.1:99999/")) {
      String badBackend =
          good.replace(
              "</parameters>", "<audit><backend>" + backend + "</backend></audit></parameters>");
      assertEquals(DBWorkload.EXIT_CONFIG, runAll(write("bad_backend.xml", badBackend)), backend);
      assertEquals(loaded, snapshot(db), "after a run with <audit><backend>" + backend);
    }
    // MyRocks' DDL and dialect on a database that is not MariaDB or MySQL
    String myRocks =
        ConfigXml.set(
            ConfigXml.set(good, "type", "MYROCKS"), "isolation", "TRANSACTION_READ_COMMITTED");
    assertEquals(DBWorkload.EXIT_CONFIG, runAll(write("myrocks_type.xml", myRocks)));
    assertEquals(loaded, snapshot(db), "after a run with <type>MYROCKS</type>");
  }

  private Path write(String name, String xml) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, xml, StandardCharsets.UTF_8);
    return f;
  }

  private int runAll(Path config) {
    return run(config, "--create=true", "--load=true", "--execute=true");
  }

  private int run(Path config, String... actions) {
    return DBWorkload.run(RunArgs.socialgraph(config, dir.resolve("results"), actions));
  }

  /** Per table: its row count and a SHA-256 over every value of every row in key order. */
  private static Map<String, String> snapshot(TestDatabase db) throws Exception {
    Map<String, String> out = new LinkedHashMap<>();
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      for (Map.Entry<String, String> t : TABLES.entrySet()) {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        long rows = 0;
        try (ResultSet rs =
            st.executeQuery("SELECT * FROM " + t.getKey() + " ORDER BY " + t.getValue())) {
          ResultSetMetaData meta = rs.getMetaData();
          while (rs.next()) {
            rows++;
            for (int i = 1; i <= meta.getColumnCount(); i++) {
              byte[] value =
                  meta.getColumnName(i).equalsIgnoreCase("data")
                      ? rs.getBytes(i)
                      : ByteBuffer.allocate(8).putLong(rs.getLong(i)).array();
              md.update(ByteBuffer.allocate(4).putInt(value.length).array());
              md.update(value);
            }
          }
        }
        out.put(t.getKey(), rows + " rows " + HexFormat.of().formatHex(md.digest()));
      }
    }
    return out;
  }
}
