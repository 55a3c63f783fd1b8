package com.oltpbenchmark.types;

/** Outcome of one attempt at a transaction; declaration order is upstream's. */
public enum TransactionStatus {
  UNKNOWN,
  SUCCESS,
  USER_ABORTED,
  RETRY,
  RETRY_DIFFERENT,
  ERROR
}
