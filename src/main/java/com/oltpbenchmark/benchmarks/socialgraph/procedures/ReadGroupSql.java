package com.oltpbenchmark.benchmarks.socialgraph.procedures;

/**
 * How ReadTxn sends a group of reads that must see one snapshot: the answer of {@link
 * Delivery#readGroup}.
 */
public enum ReadGroupSql {
  /** One UNION ALL statement (ReadUnion) in autocommit: the statement is the whole transaction. */
  ONE_STATEMENT,
  /**
   * Inside the caller's transaction, the family's snapshot statement and the UNION ALL in one
   * query, so that the snapshot also holds for whatever the transaction reads later.
   */
  SNAPSHOT_AND_STATEMENT_IN_ONE_QUERY,
  /** As above where the driver sends one statement per query: the snapshot, then the UNION ALL. */
  SNAPSHOT_THEN_STATEMENT,
  /**
   * Where the family cannot read the group in one statement: the snapshot statement, then each read
   * by itself, in one transaction.
   */
  SNAPSHOT_THEN_EACH_READ
}
