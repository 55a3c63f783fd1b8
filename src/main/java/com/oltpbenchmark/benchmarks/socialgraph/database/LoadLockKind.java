package com.oltpbenchmark.benchmarks.socialgraph.database;

/**
 * How a family's databases hold the lock of a create or load, so that a second one is refused
 * instead of dropping the tables under the first (the lock itself is taken by the audit package's
 * LoadLock).
 */
public enum LoadLockKind {
  /** A session advisory lock ({@code pg_try_advisory_lock}), exclusive, or shared by slices. */
  ADVISORY,
  /** A server-wide named lock ({@code GET_LOCK}, named after the database), exclusive only. */
  NAMED,
  /** An OS file lock beside the database file: the database is a file, not a server. */
  FILE,
  /** None this module knows how to take: loads are not guarded. */
  NONE
}
