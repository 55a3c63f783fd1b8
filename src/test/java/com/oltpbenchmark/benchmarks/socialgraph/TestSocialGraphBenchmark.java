package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.AbstractTestBenchmarkModule;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.AddLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.AddNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.CountLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.DeleteLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.DeleteNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetLinkList;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Read;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ReadTxn;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.UpdateLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.UpdateNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Write;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.WriteTxn;
import java.util.List;

/**
 * Upstream BenchBase's module checks (JUnit 4, its AbstractTestBenchmarkModule) for socialgraph.
 * Ships with the module: copied into an upstream tree beside it, it runs there unchanged.
 */
public class TestSocialGraphBenchmark extends AbstractTestBenchmarkModule<SocialGraphBenchmark> {

  /** Every transaction type: the ten LinkBench operations, then the four TAOBench ones. */
  public static final List<Class<? extends Procedure>> PROCEDURE_CLASSES =
      List.of(
          GetNode.class,
          AddNode.class,
          UpdateNode.class,
          DeleteNode.class,
          GetLink.class,
          GetLinkList.class,
          CountLink.class,
          AddLink.class,
          UpdateLink.class,
          DeleteLink.class,
          Read.class,
          ReadTxn.class,
          Write.class,
          WriteTxn.class);

  @Override
  public List<Class<? extends Procedure>> procedures() {
    return PROCEDURE_CLASSES;
  }

  @Override
  public Class<SocialGraphBenchmark> benchmarkClass() {
    return SocialGraphBenchmark.class;
  }
}
