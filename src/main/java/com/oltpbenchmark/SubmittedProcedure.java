package com.oltpbenchmark;

/** One unit of work handed to a worker: a 1-based weight index, its phase and when it was due. */
public class SubmittedProcedure {
  /** Marks work that is not rate limited (System.nanoTime() may be negative, so not -1). */
  public static final long NO_INTENDED_START = Long.MIN_VALUE;

  private final int type;
  private final long startTime;
  private final long intendedStartNanos;
  private final Phase phase;

  public SubmittedProcedure(int type) {
    this(type, System.nanoTime());
  }

  public SubmittedProcedure(int type, long startTime) {
    this(type, startTime, NO_INTENDED_START, null);
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

  /** System.nanoTime() at which a rate-limited request was due; see {@link #hasIntendedStart}. */
  public long getIntendedStartNanos() {
    return intendedStartNanos;
  }

  public boolean hasIntendedStart() {
    return intendedStartNanos != NO_INTENDED_START;
  }

  public Phase getPhase() {
    return phase;
  }
}
