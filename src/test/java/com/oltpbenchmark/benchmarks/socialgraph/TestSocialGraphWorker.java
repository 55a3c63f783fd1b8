package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.AbstractTestWorker;
import com.oltpbenchmark.api.Procedure;
import java.util.List;

/**
 * Upstream BenchBase's worker checks for socialgraph: every LinkBench and TAOBench transaction type
 * runs once on the loaded graph (a failed TAOBench precondition is allowed). Ships with the module.
 */
public class TestSocialGraphWorker extends AbstractTestWorker<SocialGraphBenchmark> {

  @Override
  public List<Class<? extends Procedure>> procedures() {
    return TestSocialGraphBenchmark.PROCEDURE_CLASSES;
  }

  @Override
  public Class<SocialGraphBenchmark> benchmarkClass() {
    return SocialGraphBenchmark.class;
  }
}
