package com.oltpbenchmark.benchmarks.testbench;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Loader;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.testbench.procedures.Noop;
import java.util.ArrayList;
import java.util.List;

/** A minimal benchmark for the runtime's tests: one key/value table and probe procedures. */
public class TinyBenchmark extends BenchmarkModule {
  final TinyConfig config;

  public TinyBenchmark(WorkloadConfiguration workConf) {
    super(workConf);
    this.config = new TinyConfig(workConf.getXmlConfig());
  }

  int rows() {
    return (int) Math.max(1, Math.round(config.rowsPerScale * workConf.getScaleFactor()));
  }

  @Override
  protected List<Worker<? extends BenchmarkModule>> makeWorkersImpl() {
    List<Worker<? extends BenchmarkModule>> workers = new ArrayList<>();
    for (int i = 0; i < workConf.getTerminals(); i++) {
      workers.add(new TinyWorker(this, i));
    }
    return workers;
  }

  @Override
  protected Loader<TinyBenchmark> makeLoaderImpl() {
    return new TinyLoader(this);
  }

  @Override
  protected Package getProcedurePackageImpl() {
    return Noop.class.getPackage();
  }
}
