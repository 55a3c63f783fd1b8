package com.oltpbenchmark.api;

import java.util.Objects;

/** One configured transaction type: a Procedure class with its id and think times. */
public class TransactionType implements Comparable<TransactionType> {

  /** Placeholder procedure behind {@link #INVALID}. */
  public static class Invalid extends Procedure {}

  public static final int INVALID_ID = 0;
  public static final TransactionType INVALID =
      new TransactionType(Invalid.class, INVALID_ID, false, 0, 0);

  private final Class<? extends Procedure> procedureClass;
  // modules ask for the name on every request; Class#getSimpleName is a call C2 does not inline
  private final String name;
  private final int id;
  private final boolean supplemental;
  private final long preExecutionWait;
  private final long postExecutionWait;

  protected TransactionType(
      Class<? extends Procedure> procedureClass,
      int id,
      boolean supplemental,
      long preExecutionWait,
      long postExecutionWait) {
    this.procedureClass = procedureClass;
    this.name = procedureClass.getSimpleName();
    this.id = id;
    this.supplemental = supplemental;
    this.preExecutionWait = preExecutionWait;
    this.postExecutionWait = postExecutionWait;
  }

  public Class<? extends Procedure> getProcedureClass() {
    return procedureClass;
  }

  public String getName() {
    return name;
  }

  public int getId() {
    return id;
  }

  public boolean isSupplemental() {
    return supplemental;
  }

  public long getPreExecutionWait() {
    return preExecutionWait;
  }

  public long getPostExecutionWait() {
    return postExecutionWait;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof TransactionType)) {
      return false;
    }
    TransactionType that = (TransactionType) o;
    return id == that.id
        && supplemental == that.supplemental
        && preExecutionWait == that.preExecutionWait
        && postExecutionWait == that.postExecutionWait
        && Objects.equals(procedureClass, that.procedureClass);
  }

  @Override
  public int hashCode() {
    return Objects.hash(procedureClass, id, supplemental, preExecutionWait, postExecutionWait);
  }

  @Override
  public int compareTo(TransactionType o) {
    return Integer.compare(id, o.id);
  }

  @Override
  public String toString() {
    return String.format("%s/%02d", procedureClass.getName(), id);
  }
}
