package com.oltpbenchmark.benchmarks.testbench.procedures;

import com.oltpbenchmark.api.Procedure;

/** A second no-op type, to tell phases apart. */
public class NoopB extends Procedure {
  public void run() {}
}
