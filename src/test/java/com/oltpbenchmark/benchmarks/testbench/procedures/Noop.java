package com.oltpbenchmark.benchmarks.testbench.procedures;

import com.oltpbenchmark.api.Procedure;

/** Does nothing: measures the runtime's own overhead and scheduling. */
public class Noop extends Procedure {
  public void run() {}
}
