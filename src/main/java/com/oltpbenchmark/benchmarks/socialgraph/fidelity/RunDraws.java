package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

/**
 * The run's fidelity counters, both workloads', as the workers' requests record into them.
 * TAOBench's exist only when the run has TAOBench transaction types.
 */
public final class RunDraws {

  private final LinkBenchDraws linkBench;
  private final TaoBenchDraws taoBench;

  /**
   * @param taoBench TAOBench's counters, or null when the run has no TAOBench transaction type
   */
  public RunDraws(LinkBenchDraws linkBench, TaoBenchDraws taoBench) {
    this.linkBench = linkBench;
    this.taoBench = taoBench;
  }

  public LinkBenchDraws linkBench() {
    return linkBench;
  }

  public TaoBenchDraws taoBench() {
    if (taoBench == null) {
      throw new IllegalStateException("run built without TAOBench transaction types");
    }
    return taoBench;
  }
}
