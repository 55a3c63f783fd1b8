package com.oltpbenchmark.benchmarks.socialgraph.taobench;

/**
 * TAOBench's four request shapes, in the order of the {@code operations} weights of a workload
 * file. {@link #procedureName()} is the BenchBase transaction type that executes it.
 */
public enum TaoRequestType {
  READ("Read"),
  WRITE("Write"),
  READ_TXN("ReadTxn"),
  WRITE_TXN("WriteTxn");

  private final String procedureName;

  TaoRequestType(String procedureName) {
    this.procedureName = procedureName;
  }

  public String procedureName() {
    return procedureName;
  }

  public boolean isTransaction() {
    return this == READ_TXN || this == WRITE_TXN;
  }

  public boolean isWrite() {
    return this == WRITE || this == WRITE_TXN;
  }

  /** The request type executed by the BenchBase procedure of that name, or null. */
  public static TaoRequestType forProcedure(String name) {
    for (TaoRequestType t : values()) {
      if (t.procedureName.equalsIgnoreCase(name)) {
        return t;
      }
    }
    return null;
  }
}
