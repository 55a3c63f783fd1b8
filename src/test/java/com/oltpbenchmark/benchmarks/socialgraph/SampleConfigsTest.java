package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.config.TaoBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode;
import com.oltpbenchmark.testutil.ConfigXml;
import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.configuration2.HierarchicalConfiguration;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.builder.FileBasedConfigurationBuilder;
import org.apache.commons.configuration2.builder.fluent.Parameters;
import org.apache.commons.configuration2.convert.DisabledListDelimiterHandler;
import org.apache.commons.configuration2.tree.ImmutableNode;
import org.apache.commons.configuration2.tree.xpath.XPathExpressionEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shipped sample configs: every one is valid for the module, and the SQLite ones (the README's
 * first command) and the MySQL one (Connector/J against the local MariaDB) run create, load and
 * execute to a clean result.
 */
class SampleConfigsTest {

  @TempDir Path dir;

  static Stream<Path> sampleConfigs() throws IOException {
    try (Stream<Path> files = Files.walk(Path.of("config"))) {
      List<Path> list =
          files
              .filter(p -> p.getFileName().toString().startsWith("sample_"))
              .filter(p -> p.toString().endsWith(".xml"))
              .sorted()
              .collect(Collectors.toList());
      assertFalse(list.isEmpty(), "no sample configs found under config/");
      return list.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("sampleConfigs")
  void sampleConfigIsValidForTheModule(Path file) throws Exception {
    XMLConfiguration xml = read(file);
    LinkBenchConfig.fromXml(xml, xml.getDouble("scalefactor", 1.0), file.toString());
    List<HierarchicalConfiguration<ImmutableNode>> types =
        xml.configurationsAt("transactiontypes/transactiontype");
    assertFalse(types.isEmpty(), file + ": no transaction types");
    boolean tao = false;
    for (HierarchicalConfiguration<ImmutableNode> t : types) {
      String name = t.getString("name");
      Class<?> cls = Class.forName(GetNode.class.getPackageName() + "." + name);
      assertTrue(Procedure.class.isAssignableFrom(cls), file + ": " + name + " is no procedure");
      tao |= List.of("Read", "ReadTxn", "Write", "WriteTxn").contains(name);
    }
    if (tao) {
      assertNotNull(TaoBenchConfig.from(xml), file + ": TAOBench block");
    }
    for (HierarchicalConfiguration<ImmutableNode> work : xml.configurationsAt("works/work")) {
      String[] weights = work.getString("weights").split(",");
      assertEquals(types.size(), weights.length, file + ": one weight per transaction type");
      double sum = 0;
      for (String w : weights) {
        sum += Double.parseDouble(w.trim());
      }
      assertEquals(100.0, sum, 0.05, file + ": weights add up to 100");
    }
  }

  @Test
  void sqliteLinkBenchSampleRunsCleanly() throws Exception {
    String url = "jdbc:sqlite:" + dir.resolve("lb.db");
    JsonNode summary = runShortened("sqlite", "sample_socialgraph_config.xml", url, "1");
    assertCleanRun(summary, 10);
  }

  @Test
  void sqliteTaoBenchSampleRunsCleanly() throws Exception {
    String url = "jdbc:sqlite:" + dir.resolve("tao.db");
    JsonNode summary = runShortened("sqlite", "sample_taobench_config.xml", url, "1");
    assertCleanRun(summary, 4);
  }

  @Test
  void mysqlSampleRunsWithConnectorJAgainstMariaDb() throws Exception {
    TestDatabase db = TestDatabase.mariadb("sg_lead_mysql");
    String url =
        db.url
            .replace("jdbc:mariadb:", "jdbc:mysql:")
            .replace("?", "?allowPublicKeyRetrieval=true&sslMode=DISABLED&");
    JsonNode summary = runShortened("mysql", "sample_socialgraph_config.xml", url, "0.2");
    assertCleanRun(summary, 10);
  }

  /** Runs a sample with its own settings but a short phase, a small graph and another URL. */
  private JsonNode runShortened(String db, String name, String url, String scale) throws Exception {
    String xml = Files.readString(Path.of("config", db, name));
    xml = ConfigXml.set(xml, "url", url.replace("&", "&amp;"));
    xml = ConfigXml.set(xml, "scalefactor", scale);
    xml = ConfigXml.set(xml, "warmup", "1");
    xml = ConfigXml.set(xml, "time", "4");
    Path config = dir.resolve(db + "-" + name);
    Files.writeString(config, xml, StandardCharsets.UTF_8);
    Path results = dir.resolve("results-" + db + "-" + name);
    int code = DBWorkload.run(RunArgs.createLoadExecute("socialgraph", config, results));
    assertEquals(0, code, "exit code of " + config);
    return ConfigXml.summary(results);
  }

  /** State EXIT, requests measured, every type ran and no attempt ended in an SQL error. */
  private static void assertCleanRun(JsonNode summary, int types) {
    assertEquals("EXIT", summary.get("Final State").asText());
    assertTrue(summary.get("Measured Requests").asLong() > 0, "measured requests");
    JsonNode counts = summary.get("Transaction Status Counts");
    assertEquals(types, counts.size(), "status counts per configured type");
    for (Iterator<Map.Entry<String, JsonNode>> it = counts.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> type = it.next();
      assertTrue(type.getValue().get("SUCCESS").asLong() > 0, type.getKey() + " never succeeded");
      assertEquals(0, type.getValue().get("ERROR").asLong(), type.getKey() + " had SQL errors");
    }
  }

  private static XMLConfiguration read(Path file) throws Exception {
    XMLConfiguration xml =
        new FileBasedConfigurationBuilder<>(XMLConfiguration.class)
            .configure(
                new Parameters()
                    .xml()
                    .setFile(file.toFile())
                    .setListDelimiterHandler(new DisabledListDelimiterHandler())
                    .setExpressionEngine(new XPathExpressionEngine()))
            .getConfiguration();
    return xml;
  }
}
