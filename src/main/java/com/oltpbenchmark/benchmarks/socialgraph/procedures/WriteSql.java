package com.oltpbenchmark.benchmarks.socialgraph.procedures;

/**
 * How a procedure sends its writes: the answer of {@link Delivery#oneWrite} and {@link
 * Delivery#writeGroup}, the one place that knows "routine or steps".
 */
public enum WriteSql {
  /** The statements one by one, inside the caller's transaction (LinkWriter, TaoWrites). */
  STEPS,
  /**
   * One call of the write's server routine (ServerWriteRoutines), inside the caller's transaction.
   */
  ROUTINE,
  /**
   * Committing itself: a write that is only its own statement goes as that statement
   * (OneStatementTaoWrites; a link write never is, it also moves a count), any other as one call of
   * its routine.
   */
  STATEMENT_OR_ROUTINE,
  /**
   * A whole write group as one query that opens a transaction, writes through the routines and
   * commits (WriteGroupQuery).
   */
  GROUP_QUERY
}
