package com.oltpbenchmark.distributions;

/** A source of values, YCSB-style: each call to nextString produces the next value. */
public abstract class Generator {
  public abstract String nextString();

  /** The value most recently produced. */
  public abstract String lastString();
}
