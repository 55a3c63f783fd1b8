package com.oltpbenchmark.benchmarks.socialgraph.procedures;

/** SQLStates the procedures raise themselves. */
public final class SqlStates {

  /**
   * Serialisation failure: the runtime retries a transaction that fails with it, so a procedure
   * raises it when a concurrent writer made its request impossible to finish consistently.
   */
  public static final String SERIALIZATION_FAILURE = "40001";

  private SqlStates() {}
}
