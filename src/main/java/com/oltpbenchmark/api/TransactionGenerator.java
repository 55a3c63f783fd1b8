package com.oltpbenchmark.api;

/** Produces the next operation to run; implementations must be thread-safe. */
public interface TransactionGenerator<T extends Operation> {
  T nextTransaction();
}
