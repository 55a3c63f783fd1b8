package com.oltpbenchmark.results;

import com.oltpbenchmark.api.TransactionType;

/**
 * A transaction type known from a result set rather than from a loaded benchmark: its id and name,
 * and its procedure's class name for upstream's {@code class/id} labels. Merging result sets needs
 * no benchmark module on the class path.
 */
final class RecordedTransactionType extends TransactionType {
  private final String name;
  private final String procedureName;

  RecordedTransactionType(int id, String name, String procedureName) {
    super(TransactionType.Invalid.class, id, false, 0, 0);
    this.name = name;
    this.procedureName = procedureName == null ? name : procedureName;
  }

  @Override
  public String getName() {
    return name;
  }

  String procedureName() {
    return procedureName;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RecordedTransactionType r && r.getId() == getId() && r.name.equals(name);
  }

  @Override
  public int hashCode() {
    return Integer.hashCode(getId()) * 31 + name.hashCode();
  }

  @Override
  public String toString() {
    return String.format("%s/%02d", procedureName, getId());
  }
}
