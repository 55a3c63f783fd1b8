/**
 * SQL of the TAOBench procedures (Read, ReadTxn, Write, WriteTxn): the reads, the precondition
 * checks and the locking protocol that makes them atomic with the writes, per SQL dialect.
 */
package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;
