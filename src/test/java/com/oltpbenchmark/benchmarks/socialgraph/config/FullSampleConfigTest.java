package com.oltpbenchmark.benchmarks.socialgraph.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.WorkloadConfigReader;
import com.oltpbenchmark.benchmarks.socialgraph.audit.AuditConfig;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.commons.configuration2.XMLConfiguration;
import org.junit.jupiter.api.Test;

/**
 * The full sample config is the configuration reference: it names every {@code <linkbench>}, {@code
 * <taobench>}, {@code <audit>} and {@code <readReplicas>} key the code reads, and every value it
 * gives is the code's default.
 */
class FullSampleConfigTest {

  static final Path FILE = Path.of("config", "sqlite", "sample_socialgraph_full_config.xml");

  @Test
  void everyKeyTheCodeReadsIsListed() throws Exception {
    String text = Files.readString(FILE);
    RawKeys none = new RawKeys(Map.of(), "(defaults)");
    LinkBenchConfigReader.read(none, 1);
    TreeSet<String> missing = new TreeSet<>();
    for (String key : none.consulted()) {
      if (!text.contains("<" + key + ">")) {
        missing.add("<linkbench><" + key + ">");
      }
    }
    for (String key : TaoBenchConfig.KEYS) {
      if (!text.contains("<" + key + ">")) {
        missing.add("<taobench><" + key + ">");
      }
    }
    for (String key : AuditConfig.KEYS) {
      if (!text.contains("<" + key + ">")) {
        missing.add("<audit><" + key + ">");
      }
    }
    int replicas = text.indexOf("<" + ReadReplicas.BLOCK + ">");
    String replicaBlock =
        replicas < 0 ? "" : text.substring(replicas, text.indexOf("</" + ReadReplicas.BLOCK + ">"));
    for (String key : ReadReplicas.KEYS) {
      if (!replicaBlock.contains("<" + key + ">")) {
        missing.add("<" + ReadReplicas.BLOCK + "><" + key + ">");
      }
    }
    assertEquals(new TreeSet<>(), missing, FILE + " does not list these keys");
    assertTrue(none.consulted().size() > 40, "keys found: " + none.consulted());
  }

  @Test
  void everyListedValueIsTheDefault() throws Exception {
    XMLConfiguration xml = WorkloadConfigReader.load(FILE.toString());
    double scale = xml.getDouble("scalefactor");
    LinkBenchConfig listed = LinkBenchConfig.fromXml(xml, scale, FILE.toString());
    LinkBenchConfig defaults = LinkBenchConfig.defaults(scale);
    List<String> differ = new ArrayList<>();
    for (RecordComponent c : LinkBenchConfig.class.getRecordComponents()) {
      if (c.getName().equals("source")) {
        continue;
      }
      Object a = c.getAccessor().invoke(listed);
      Object b = c.getAccessor().invoke(defaults);
      if (!Objects.equals(a, b)) {
        differ.add(c.getName() + ": listed " + a + ", default " + b);
      }
    }
    assertEquals(List.of(), differ, FILE + ": values that are not the code's defaults");
    assertEquals(TaoBenchConfig.defaults(), TaoBenchConfig.from(xml), FILE + ": <taobench>");
    assertEquals(AuditConfig.from(null), AuditConfig.from(xml), FILE + ": <audit>");
    assertEquals(
        ReadReplicas.NONE,
        ReadReplicas.from(xml, xml.getString("url")),
        FILE + ": <" + ReadReplicas.BLOCK + ">");
  }
}
