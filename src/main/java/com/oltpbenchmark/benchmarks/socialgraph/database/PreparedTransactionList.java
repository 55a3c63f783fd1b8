package com.oltpbenchmark.benchmarks.socialgraph.database;

/**
 * Where a family's databases list distributed transactions left prepared ("in doubt"), which the
 * audit's InDoubtTransactionsCheck reads.
 */
public enum PreparedTransactionList {
  /** {@code XA RECOVER}: format id, gtrid and bqual lengths, the xid's bytes. */
  XA_RECOVER,
  /** {@code pg_prepared_xacts} of the current database: gid and when it was prepared. */
  PG_PREPARED_XACTS,
  /** The database has no prepared (two-phase) transactions. */
  NONE_EXIST,
  /** Not known to this module: the check says it was not made. */
  NOT_KNOWN
}
