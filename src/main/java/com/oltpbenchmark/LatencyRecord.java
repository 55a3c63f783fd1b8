package com.oltpbenchmark;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Latency samples of one worker, kept only where a caller asks for them (the runtime streams its
 * measurements into the results layer instead, so memory does not grow with run length).
 */
public final class LatencyRecord implements Iterable<LatencyRecord.Sample> {
  private final long startNanosecond;
  private final List<Sample> samples = new ArrayList<>();

  public LatencyRecord(long startNanosecond) {
    this.startNanosecond = startNanosecond;
  }

  public void addLatency(int transType, long start, long end, int workerId, int phaseId) {
    long startOffsetNs = start - startNanosecond;
    int latencyUs = (int) ((end - start + 500) / 1000);
    samples.add(new Sample(transType, startOffsetNs, latencyUs, workerId, phaseId));
  }

  public int size() {
    return samples.size();
  }

  @Override
  public Iterator<Sample> iterator() {
    return samples.iterator();
  }

  /** One measured transaction; ordered by start time. */
  public static final class Sample implements Comparable<Sample> {
    private final int transactionType;
    private final long startNanosecond;
    private final int latencyMicrosecond;
    private final int workerId;
    private final int phaseId;

    public Sample(
        int transactionType,
        long startNanosecond,
        int latencyMicrosecond,
        int workerId,
        int phaseId) {
      this.transactionType = transactionType;
      this.startNanosecond = startNanosecond;
      this.latencyMicrosecond = latencyMicrosecond;
      this.workerId = workerId;
      this.phaseId = phaseId;
    }

    public int getTransactionType() {
      return transactionType;
    }

    public long getStartNanosecond() {
      return startNanosecond;
    }

    public int getLatencyMicrosecond() {
      return latencyMicrosecond;
    }

    public int getWorkerId() {
      return workerId;
    }

    public int getPhaseId() {
      return phaseId;
    }

    @Override
    public int compareTo(Sample other) {
      return Long.compare(startNanosecond, other.startNanosecond);
    }
  }
}
