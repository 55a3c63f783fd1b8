package com.oltpbenchmark;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** One {@code <work>} element: how long, how fast and which transaction mix. */
public class Phase {

  public enum Arrival {
    REGULAR,
    POISSON
  }

  private final String benchmarkName;
  private final int id;
  private final int time;
  private final int warmupTime;
  private final double rate;
  private final Arrival arrival;
  private final boolean rateLimited;
  private final boolean disabled;
  private final boolean serial;
  private final boolean timed;
  private final List<Double> weights;
  private final double[] cumulative;
  private final int weightCount;
  private final int activeTerminals;
  private Random gen = new Random();
  private int nextSerial;

  public Phase(
      String benchmarkName,
      int id,
      int t,
      int wt,
      double r,
      List<Double> weights,
      boolean rateLimited,
      boolean disabled,
      boolean serial,
      boolean timed,
      int activeTerminals,
      Arrival a) {
    this.benchmarkName = benchmarkName;
    this.id = id;
    this.time = t;
    this.warmupTime = wt;
    this.rate = r;
    this.weights = Collections.unmodifiableList(new ArrayList<>(weights));
    this.weightCount = weights.size();
    this.cumulative = new double[weightCount];
    double sum = 0;
    for (int i = 0; i < weightCount; i++) {
      sum += Math.max(0.0, weights.get(i));
      cumulative[i] = sum;
    }
    this.rateLimited = rateLimited;
    this.disabled = disabled;
    this.serial = serial;
    this.timed = timed;
    this.activeTerminals = activeTerminals;
    this.arrival = a == null ? Arrival.REGULAR : a;
  }

  /** Makes the transaction choice reproducible (upstream's choice is always unseeded). */
  public synchronized void setSeed(long seed) {
    this.gen = new Random(seed);
  }

  public String getBenchmarkName() {
    return benchmarkName;
  }

  public int getId() {
    return id;
  }

  public int getTime() {
    return time;
  }

  public int getWarmupTime() {
    return warmupTime;
  }

  public double getRate() {
    return rate;
  }

  public Arrival getArrival() {
    return arrival;
  }

  public boolean isRateLimited() {
    return rateLimited;
  }

  public boolean isDisabled() {
    return disabled;
  }

  public boolean isSerial() {
    return serial;
  }

  public boolean isTimed() {
    return timed;
  }

  /** A serial phase without a time: every listed type runs once cold and once measured. */
  public boolean isLatencyRun() {
    return !timed && serial;
  }

  public boolean isThroughputRun() {
    return !isLatencyRun();
  }

  public int getActiveTerminals() {
    return activeTerminals;
  }

  public List<Double> getWeights() {
    return weights;
  }

  public int getWeightCount() {
    return weightCount;
  }

  public double getTotalWeight() {
    return weightCount == 0 ? 0 : cumulative[weightCount - 1];
  }

  public synchronized void resetSerial() {
    nextSerial = 0;
  }

  public int chooseTransaction() {
    return chooseTransaction(false);
  }

  /**
   * The 1-based index of the next transaction type. Random phases draw by weight (fractional
   * weights honoured exactly). Serial phases walk the list, skipping weights &lt;= 0; a timed
   * serial phase wraps around, a latency run returns -1 once past the end. A cold query peeks at
   * the next serial entry without consuming it.
   */
  public synchronized int chooseTransaction(boolean isColdQuery) {
    if (disabled || weightCount == 0) {
      return -1;
    }
    if (serial) {
      int scanned = 0;
      int i = nextSerial;
      while (scanned <= weightCount) {
        if (i >= weightCount) {
          if (!timed) {
            return -1;
          }
          i = 0;
        }
        if (weights.get(i) > 0) {
          if (!isColdQuery) {
            nextSerial = i + 1;
          }
          return i + 1;
        }
        i++;
        scanned++;
      }
      return -1;
    }
    double total = cumulative[weightCount - 1];
    if (total <= 0) {
      throw new IllegalStateException("phase " + id + " has no positive weight");
    }
    double r = gen.nextDouble() * total;
    for (int i = 0; i < weightCount; i++) {
      if (r < cumulative[i]) {
        return i + 1;
      }
    }
    for (int i = weightCount - 1; i >= 0; i--) {
      if (weights.get(i) > 0) {
        return i + 1;
      }
    }
    return weightCount;
  }

  public String currentPhaseString() {
    StringBuilder sb = new StringBuilder();
    sb.append("[Workload=").append(benchmarkName == null ? "" : benchmarkName.toUpperCase());
    if (disabled) {
      sb.append("] [Disabled=true]");
      return sb.toString();
    }
    sb.append("] [Serial=").append(serial);
    sb.append("] [Time=").append(timed ? String.valueOf(time) : "n/a");
    sb.append("] [WarmupTime=").append(warmupTime);
    sb.append("] [Rate=").append(rateLimited ? String.valueOf(rate) : "unlimited");
    sb.append("] [Arrival=").append(arrival);
    sb.append("] [Ratios=").append(weights);
    sb.append("] [ActiveWorkers=").append(activeTerminals).append("]");
    return sb.toString();
  }

  @Override
  public String toString() {
    return "Phase" + id + currentPhaseString();
  }
}
