package com.oltpbenchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.commons.configuration2.HierarchicalConfiguration;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.builder.fluent.Configurations;
import org.apache.commons.configuration2.tree.ImmutableNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shipped sweep samples are sweeps: a concurrency sweep raises active_terminals phase by phase
 * (unlimited rate, within terminals), a rate sweep raises the rate. (SampleConfigsTest checks they
 * are valid socialgraph configs.)
 */
class SweepConfigsTest {
  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void terminalSweepRaisesActiveTerminalsUpToTerminals(String db) throws Exception {
    List<HierarchicalConfiguration<ImmutableNode>> works =
        works(db, "sample_socialgraph_sweep_terminals.xml");
    int last = 0;
    for (HierarchicalConfiguration<ImmutableNode> w : works) {
      assertEquals("unlimited", w.getString("rate"));
      int t = w.getInt("active_terminals");
      assertTrue(t > last, db + ": terminals rise phase by phase");
      last = t;
    }
    assertEquals(
        last, xml(db, "sample_socialgraph_sweep_terminals.xml").getInt("terminals"), "top level");
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void rateSweepRaisesTheRate(String db) throws Exception {
    double last = 0;
    List<HierarchicalConfiguration<ImmutableNode>> works =
        works(db, "sample_socialgraph_sweep_rate.xml");
    assertTrue(works.size() >= 4, "enough rates to find a knee");
    for (HierarchicalConfiguration<ImmutableNode> w : works) {
      double r = w.getDouble("rate");
      assertTrue(r > last, db + ": the rate rises phase by phase");
      last = r;
    }
  }

  private static XMLConfiguration xml(String db, String name) throws Exception {
    return new Configurations().xml(Path.of("config", db, name).toFile());
  }

  private static List<HierarchicalConfiguration<ImmutableNode>> works(String db, String name)
      throws Exception {
    return xml(db, name).configurationsAt("works.work");
  }
}
