package com.oltpbenchmark.benchmarks.testbench.procedures;

import com.oltpbenchmark.api.Procedure;

/** A bug in a procedure: a non-SQL exception. */
public class Crash extends Procedure {
  public void run() {
    throw new IllegalStateException("injected procedure failure");
  }
}
