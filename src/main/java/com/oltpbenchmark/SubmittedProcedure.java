package com.oltpbenchmark;

/** One unit of work handed to a worker: a 1-based weight index, its phase and when it was due. */
public class SubmittedProcedure {
  private final int type;
  private final long startTime;
  private final long intendedStartNanos;
  private final Phase phase;

  public SubmittedProcedure(int type) {
    this(type, System.nanoTime());
  }

  public SubmittedProcedure(int type, long startTime) {
    this(type, startTime, -1, null);
  }

  public SubmittedProcedure(int type, long startTime, long intendedStartNanos, Phase phase) {
    this.type = type;
    this.startTime = startTime;
    this.intendedStartNanos = intendedStartNanos;
    this.phase = phase;
  }

  /** 1-based index into the phase's weights (= position in the transaction types). */
  public int getType() {
    return type;
  }

  public long getStartTime() {
    return startTime;
  }

  /** System.nanoTime() at which a rate-limited request was due; -1 when not rate limited. */
  public long getIntendedStartNanos() {
    return intendedStartNanos;
  }

  public Phase getPhase() {
    return phase;
  }
}
