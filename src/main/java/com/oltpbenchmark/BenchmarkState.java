package com.oltpbenchmark;

import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.types.State;
import com.oltpbenchmark.util.ProcessClock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Run-wide state shared by the control thread and every worker: the {@link State}, the start gate,
 * the measurement window and the first fatal error. Every state change wakes whoever waits on it,
 * so a change is seen within milliseconds.
 */
public final class BenchmarkState {
  private final long testStartNs;
  private final CountDownLatch ready;
  private final CountDownLatch start = new CountDownLatch(1);
  private final List<WorkloadState> workloads = new CopyOnWriteArrayList<>();
  private final MeasurementCollector collector;
  private final MeasurementCollector[] sinks;
  private final Object events = new Object();
  private volatile State state = State.WARMUP;
  private volatile Throwable error;
  private volatile boolean stopRequested;
  private volatile long measureStartNs = -1;
  private volatile long measureEndNs = -1;
  private volatile long warmupEndNs = Long.MAX_VALUE;

  public BenchmarkState(int numWorkers) {
    this(numWorkers, null);
  }

  public BenchmarkState(int numWorkers, MeasurementCollector collector) {
    this.ready = new CountDownLatch(numWorkers);
    this.collector = collector;
    this.sinks =
        collector == null
            ? new MeasurementCollector[2]
            : new MeasurementCollector[] {collector.rehearsal(), collector};
    this.testStartNs = System.nanoTime();
  }

  public State getState() {
    return state;
  }

  public long getTestStartNs() {
    return testStartNs;
  }

  public MeasurementCollector getCollector() {
    return collector;
  }

  /**
   * Where a worker records a transaction: the run's collector when it was measured ({@code
   * measured} 1), else the collector's rehearsal twin, which the warm-up fills and nobody reads.
   *
   * <p>The warm-up thus runs the same recording code as the measurement, so the JIT has compiled
   * it, with the measurement's branch profile, by the time the measurement starts; recording only
   * measured transactions left that code cold and made the switch deoptimise the workers' whole
   * compiled loop, whose recompilation then took CPU from the first seconds of the measurement.
   * Null when the run has no collector.
   */
  public MeasurementCollector sink(int measured) {
    return sinks[measured];
  }

  /**
   * Discards what the rehearsal collector holds (its raw sample spool included); a worker that
   * still records afterwards is ignored.
   */
  public void closeRehearsal() {
    if (sinks[0] != null) {
      sinks[0].finish();
      sinks[0].close();
    }
  }

  public long getMeasureStartNs() {
    return measureStartNs;
  }

  public long getMeasureEndNs() {
    return measureEndNs;
  }

  void register(WorkloadState ws) {
    workloads.add(ws);
  }

  /** True once the run is over for workers (done, stopped or failed). */
  public boolean isFinished() {
    State s = state;
    return s == State.DONE || s == State.EXIT || s == State.ERROR;
  }

  /** A worker finished its setup and waits for the start. */
  public void workerReady() {
    ready.countDown();
  }

  /**
   * Waits until every worker is ready, or a worker failed, or the wait timed out. Returns true when
   * every worker is ready.
   */
  public boolean awaitWorkersReady(long timeoutMs) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (error == null && !stopRequested) {
      if (ready.await(20, TimeUnit.MILLISECONDS)) {
        return true;
      }
      if (System.nanoTime() > deadline) {
        return false;
      }
    }
    return false;
  }

  /** Opens the start gate for all workers. */
  public void releaseWorkers() {
    start.countDown();
  }

  /** Blocks a worker until the start; false when the run failed or ended before it started. */
  public boolean blockForStart() throws InterruptedException {
    while (!start.await(20, TimeUnit.MILLISECONDS)) {
      if (isFinished()) {
        return false;
      }
    }
    return !isFinished();
  }

  /** When the warm-up ends (System.nanoTime); set by the control thread before the start. */
  public void setWarmupEnd(long warmupEndNs) {
    this.warmupEndNs = warmupEndNs;
  }

  /**
   * Starts the measurement once the warm-up is over. Any thread may call this (workers do before
   * each transaction), so a busy control thread cannot delay the switch.
   */
  public void maybeStartMeasure(long nowNs) {
    if (state == State.WARMUP && nowNs >= warmupEndNs) {
      startMeasure(warmupEndNs);
    }
  }

  public void startMeasure() {
    startMeasure(System.nanoTime());
  }

  /** Enters MEASURE with the measurement window starting at {@code atNs}. */
  public void startMeasure(long atNs) {
    synchronized (events) {
      if (state == State.WARMUP || state == State.COLD_QUERY) {
        measureStartNs = atNs;
        state = State.MEASURE;
        if (collector != null) {
          collector.beginMeasurementMicros(measureStartNs, epochMicrosAt(measureStartNs));
        }
      }
      events.notifyAll();
    }
  }

  /**
   * This process's wall clock at {@code ns}, which may be a moment ago (a worker that starts the
   * measurement late): the merge places the windows by it.
   */
  private static long epochMicrosAt(long ns) {
    // the wall clock bracketed by two monotonic reads: its instant is their middle
    long before = System.nanoTime();
    long wall = ProcessClock.epochMicros();
    long after = System.nanoTime();
    return wall - (before + (after - before) / 2 - ns) / 1_000;
  }

  /** Ends the run normally (all phases done, or a stop was requested). */
  public void signalDone() {
    signalDone(System.nanoTime());
  }

  /** Ends the run normally with the measurement window ending at {@code endNs}. */
  public void signalDone(long endNs) {
    synchronized (events) {
      if (state != State.ERROR && state != State.EXIT) {
        endMeasurement(endNs);
        state = State.DONE;
      }
      events.notifyAll();
    }
    wakeWorkloads();
  }

  /** Ends the run because of a fatal error; the first error is kept. */
  public void signalError(Throwable t) {
    synchronized (events) {
      if (error == null) {
        error = t;
      }
      if (state != State.ERROR) {
        endMeasurement(System.nanoTime());
        state = State.ERROR;
      }
      events.notifyAll();
    }
    wakeWorkloads();
  }

  /** All workers have stopped. */
  public void signalExit() {
    synchronized (events) {
      if (state != State.ERROR) {
        state = State.EXIT;
      }
      events.notifyAll();
    }
  }

  /** Asks the run to stop early (SIGINT); results so far are kept. */
  public void requestStop() {
    stopRequested = true;
    synchronized (events) {
      events.notifyAll();
    }
  }

  public boolean isStopRequested() {
    return stopRequested;
  }

  public Throwable getError() {
    return error;
  }

  /** Something happened (a latency run completed, an error): wakes the control thread. */
  public void signalEvent() {
    synchronized (events) {
      events.notifyAll();
    }
  }

  /** Control thread: waits until the deadline or an event, whichever comes first. */
  public void awaitEvent(long deadlineNanos) throws InterruptedException {
    synchronized (events) {
      long waitNs = deadlineNanos - System.nanoTime();
      if (waitNs <= 0 || isFinished() || stopRequested) {
        return;
      }
      long ms = waitNs / 1_000_000L;
      int ns = (int) (waitNs % 1_000_000L);
      events.wait(ms, ns);
    }
  }

  private void endMeasurement(long endNs) {
    if (measureEndNs < 0) {
      measureEndNs = endNs;
      if (measureStartNs < 0) {
        measureStartNs = measureEndNs;
        if (collector != null) {
          collector.beginMeasurementMicros(measureStartNs, epochMicrosAt(measureStartNs));
        }
      }
      if (collector != null) {
        collector.endMeasurement(measureEndNs);
      }
    }
  }

  private void wakeWorkloads() {
    for (WorkloadState ws : workloads) {
      ws.wakeAll();
    }
  }
}
