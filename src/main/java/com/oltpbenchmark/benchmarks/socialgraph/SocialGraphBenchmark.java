package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Loader;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The socialgraph benchmark: LinkBench and TAOBench on one schema (nodetable, linktable,
 * counttable) and one loaded graph. Registered as {@code socialgraph} in config/plugin.xml; the
 * schema is {@code benchmarks/socialgraph/ddl-<db>.sql}, dialects {@code dialect-<db>.xml}.
 */
public final class SocialGraphBenchmark extends BenchmarkModule {

  public SocialGraphBenchmark(WorkloadConfiguration workConf) {
    super(workConf);
  }

  @Override
  protected List<Worker<? extends BenchmarkModule>> makeWorkersImpl() {
    int terminals = workConf.getTerminals();
    List<Worker<? extends BenchmarkModule>> workers = new ArrayList<>(terminals);
    for (int i = 0; i < terminals; i++) {
      workers.add(new SocialGraphWorker(this, i));
    }
    return workers;
  }

  @Override
  protected Loader<SocialGraphBenchmark> makeLoaderImpl() {
    return new SocialGraphLoader(this);
  }

  @Override
  protected Package getProcedurePackageImpl() {
    return GetNode.class.getPackage();
  }
}
