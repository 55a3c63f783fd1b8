package com.oltpbenchmark.distributions;

/** A generator of ints. */
public abstract class IntegerGenerator extends Generator {
  private int lastint;

  protected void setLastInt(int last) {
    lastint = last;
  }

  public abstract int nextInt();

  @Override
  public String nextString() {
    return String.valueOf(nextInt());
  }

  @Override
  public String lastString() {
    return String.valueOf(lastInt());
  }

  public int lastInt() {
    return lastint;
  }

  /** Expected value of the distribution. */
  public abstract double mean();
}
