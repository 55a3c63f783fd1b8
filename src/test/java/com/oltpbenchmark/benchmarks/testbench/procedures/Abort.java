package com.oltpbenchmark.benchmarks.testbench.procedures;

import com.oltpbenchmark.api.Procedure;

/** Always aborts intentionally, naming the failed precondition. */
public class Abort extends Procedure {
  public void run() {
    throw new UserAbortException("precondition UNIQUE failed");
  }
}
