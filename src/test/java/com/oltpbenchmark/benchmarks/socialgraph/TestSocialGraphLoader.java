package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.AbstractTestLoader;
import com.oltpbenchmark.api.Procedure;
import java.util.List;

/**
 * Upstream BenchBase's loader checks for socialgraph: at scale factor 0.01 (100 nodes) every table,
 * nodes, links and counts, has rows. Ships with the module.
 */
public class TestSocialGraphLoader extends AbstractTestLoader<SocialGraphBenchmark> {

  @Override
  public List<Class<? extends Procedure>> procedures() {
    return TestSocialGraphBenchmark.PROCEDURE_CLASSES;
  }

  @Override
  public Class<SocialGraphBenchmark> benchmarkClass() {
    return SocialGraphBenchmark.class;
  }

  @Override
  public List<String> ignorableTables() {
    return List.of();
  }
}
