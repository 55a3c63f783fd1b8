package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.api.collectors.resources.JitSettle;
import com.oltpbenchmark.results.InFlightAtEnd;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.types.State;
import com.oltpbenchmark.util.ProcessClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the workers of one or more workloads through their phases. The control thread only switches
 * phases, at the scheduled end of each (it sleeps until exactly that moment, so a switch takes
 * effect within milliseconds); workers pull their own work from {@link WorkloadState}.
 */
public final class ThreadBench {
  private static final Logger LOG = LoggerFactory.getLogger(ThreadBench.class);

  /**
   * Default of {@code <inFlightGrace>}: how long requests still waiting on the database at the end
   * of the last phase may take before they are abandoned.
   */
  public static final long DEFAULT_IN_FLIGHT_GRACE_MS = 5_000;

  /** How long the terminals may take for their setup (session setup file, module initialize). */
  static final long SETUP_TIMEOUT_MS = TimeUnit.MINUTES.toMillis(30);

  private final List<? extends Worker<? extends BenchmarkModule>> workers;
  private final List<WorkloadConfiguration> workConfs;
  private final MeasurementCollector collector;
  private final RunCollectors sideCollectors;
  private volatile BenchmarkState benchmarkState;
  private long setupTimeoutMs = SETUP_TIMEOUT_MS;
  private volatile boolean stopRequested;
  private long inFlightGraceMs = DEFAULT_IN_FLIGHT_GRACE_MS;
  private long warmupUntilJitSettledNs;
  private Supplier<JitSettle> jitSettle;
  private volatile long warmupMinEndNs = -1;
  private volatile long warmupEndedNs = -1;

  /**
   * @param monitorIntervalMs upstream's {@code -im}: a throughput line every so many milliseconds
   *     while the phases run (0: none); registered here as the first side collector, since
   *     upstream's signature takes it
   */
  public ThreadBench(
      List<? extends Worker<? extends BenchmarkModule>> workers,
      List<WorkloadConfiguration> workConfs,
      MeasurementCollector collector,
      int monitorIntervalMs) {
    this.workers = workers;
    this.workConfs = workConfs;
    this.collector = collector;
    this.sideCollectors = new RunCollectors(collector.getWindowSeconds());
    if (monitorIntervalMs > 0) {
      sideCollectors.add(new ThroughputMonitor(workers, monitorIntervalMs, LOG::info));
    }
  }

  /** What a run produced besides the measurements. */
  public static final class Outcome {
    public State finalState;
    public Throwable error;
    public long startTimestampMillis;

    /** System.nanoTime() when the first phase started (the start gate opened). */
    public long runStartNanos;

    public long measureStartNanos;
    public long measureEndNanos;
    public boolean interrupted;

    /** Per 1-based phase id, summed over workloads. */
    public final Map<Integer, Long> unservedRequests = new LinkedHashMap<>();

    /** The requests abandoned at the end because they were still waiting on the database. */
    public InFlightAtEnd inFlightAtEnd = InFlightAtEnd.NONE;

    public long elapsedNanos() {
      return Math.max(0, measureEndNanos - measureStartNanos);
    }
  }

  /**
   * The run's side collectors: they get the run's phase changes and windows from a thread of their
   * own (this class only posts the changes, so no collector can delay a phase switch or a
   * terminal); {@link #run} starts them if nobody did.
   */
  RunCollectors sideCollectors() {
    return sideCollectors;
  }

  /**
   * How long requests still running when the run ends may take to finish (the {@code
   * <inFlightGrace>} element); those still running afterwards are abandoned and counted.
   */
  public void setInFlightGraceMillis(long ms) {
    if (ms < 0) {
      throw new IllegalArgumentException("in-flight grace must not be negative, got " + ms);
    }
    this.inFlightGraceMs = ms;
  }

  /**
   * {@code <warmupUntilJitSettled>}: the warm-up goes on past the first phase's {@code <warmup>}
   * until HotSpot's JIT has settled, as the readings {@code jitSettle} gives say (null until it has
   * any), at most {@code maxNanos} from the start in all; 0 keeps the fixed warm-up.
   */
  public void setWarmupUntilJitSettled(long maxNanos, Supplier<JitSettle> jitSettle) {
    if (maxNanos < 0) {
      throw new IllegalArgumentException("the longest warm-up must not be negative");
    }
    this.warmupUntilJitSettledNs = maxNanos;
    this.jitSettle = jitSettle;
  }

  /**
   * Whole seconds the warm-up has gone, or went, past the first phase's {@code <warmup>} while it
   * waited for the JIT: the run is that much longer than its config says.
   */
  long warmupBeyondConfiguredSeconds() {
    long min = warmupMinEndNs;
    if (warmupUntilJitSettledNs == 0 || min < 0) {
      return 0;
    }
    long ended = warmupEndedNs;
    long beyond = (ended >= 0 ? ended : System.nanoTime()) - min;
    return Math.max(0, Math.round(beyond / 1e9));
  }

  /** Shortens the setup limit (tests). */
  void setSetupTimeoutMs(long ms) {
    this.setupTimeoutMs = ms;
  }

  /** Ends the run early (SIGINT); results so far are kept. Safe to call from any thread. */
  public void requestStop() {
    stopRequested = true;
    BenchmarkState bs = benchmarkState;
    if (bs != null) {
      bs.requestStop();
    }
  }

  public BenchmarkState getBenchmarkState() {
    return benchmarkState;
  }

  public Outcome run() throws InterruptedException {
    BenchmarkState bs = new BenchmarkState(workers.size(), collector);
    this.benchmarkState = bs;
    if (stopRequested) {
      bs.requestStop();
    }
    for (WorkloadConfiguration conf : workConfs) {
      conf.initializeState(bs);
    }
    List<Thread> threads = new ArrayList<>();
    for (Worker<? extends BenchmarkModule> w : workers) {
      w.initializeState();
      Thread t = new Thread(w, w.toString());
      t.setDaemon(true);
      threads.add(t);
    }
    Outcome outcome = new Outcome();
    sideCollectors.start();
    for (Thread t : threads) {
      t.start();
    }
    boolean started = false;
    try {
      if (bs.awaitWorkersReady(setupTimeoutMs)) {
        started = true;
        outcome.startTimestampMillis = ProcessClock.epochMillis();
        outcome.runStartNanos = System.nanoTime();
        control(bs, outcome.runStartNanos);
      } else {
        outcome.startTimestampMillis = ProcessClock.epochMillis();
        if (bs.getError() == null && !bs.isStopRequested()) {
          bs.signalError(
              new IllegalStateException(
                  "the terminals were not ready after "
                      + setupTimeoutMs / 1000
                      + " s of setup (session setup file, module initialisation)"));
        } else if (bs.getError() == null) {
          bs.signalDone();
        }
      }
    } finally {
      // also when the terminals never got ready: the collectors' thread ends with this event
      long end = bs.getMeasureEndNs();
      sideCollectors.post(
          new RunCollector.PhaseChange(
              RunCollector.Change.PHASES_ENDED, end > 0 ? end : System.nanoTime(), null, 0));
      long now = System.nanoTime();
      for (WorkloadConfiguration conf : workConfs) {
        WorkloadState ws = conf.getWorkloadState();
        ws.close(now);
        ws.getUnservedRequests().forEach((k, v) -> outcome.unservedRequests.merge(k, v, Long::sum));
      }
      if (bs.getError() == null) {
        bs.signalDone();
      }
      if (!started) {
        // no transaction has begun: terminals still in their setup are abandoned, not awaited
        for (Thread t : threads) {
          t.interrupt();
        }
      }
      LOG.info("TERMINATE :: Waiting for all terminals to finish ..");
      outcome.inFlightAtEnd = joinWorkers(threads);
      bs.closeRehearsal();
      WorkerTeardown.closeAll(workers, WorkerTeardown.bound(inFlightGraceMs));
      bs.signalExit();
    }
    outcome.error = bs.getError();
    outcome.finalState = bs.getError() != null ? State.ERROR : State.EXIT;
    outcome.interrupted = bs.isStopRequested();
    outcome.measureStartNanos = bs.getMeasureStartNs();
    outcome.measureEndNanos = bs.getMeasureEndNs();
    return outcome;
  }

  /**
   * The run's warm-up: the longest {@code <warmup>} of the workloads' first phases, which all start
   * together.
   */
  static int firstPhaseWarmupSeconds(List<WorkloadConfiguration> confs) {
    int warmup = 0;
    for (WorkloadConfiguration conf : confs) {
      if (!conf.getPhases().isEmpty()) {
        warmup = Math.max(warmup, conf.getPhases().get(0).getWarmupTime());
      }
    }
    return warmup;
  }

  private void control(BenchmarkState bs, long t0) throws InterruptedException {
    List<WorkloadState> states = new ArrayList<>();
    for (WorkloadConfiguration conf : workConfs) {
      states.add(conf.getWorkloadState());
    }
    long warmupNs = firstPhaseWarmupSeconds(workConfs) * 1_000_000_000L;
    long longestWarmupNs = Math.max(warmupNs, warmupUntilJitSettledNs);
    JitSettledWarmup untilSettled =
        warmupUntilJitSettledNs > 0
            ? new JitSettledWarmup(jitSettle, t0, warmupNs, longestWarmupNs)
            : null;
    // a warm-up that waits for the JIT lays the first phase out for its longest, then moves its end
    for (WorkloadState ws : states) {
      ws.startPhase(0, t0, untilSettled == null ? warmupNs : longestWarmupNs);
    }
    List<Phase> current = new ArrayList<>(Collections.nCopies(states.size(), (Phase) null));
    postPhaseChanges(states, current, t0);
    long warmupEnd = untilSettled == null ? t0 + warmupNs : Long.MAX_VALUE;
    warmupMinEndNs = t0 + warmupNs;
    bs.setWarmupEnd(warmupEnd);
    if (untilSettled != null) {
      LOG.info(
          "Warming up for at least {} s and until HotSpot's JIT settles, at most {} s"
              + " (<warmupUntilJitSettled>)",
          warmupNs / 1_000_000_000L,
          longestWarmupNs / 1_000_000_000L);
    } else if (warmupNs == 0) {
      bs.startMeasure(t0);
    } else {
      LOG.info("Warming up for {} s", warmupNs / 1_000_000_000L);
    }
    bs.releaseWorkers();
    boolean measuring = false;
    while (true) {
      if (!measuring && bs.getMeasureStartNs() >= 0) {
        // a terminal may have opened the window a moment earlier; this thread tells at once
        sideCollectors.post(
            new RunCollector.PhaseChange(
                RunCollector.Change.MEASUREMENT_STARTED, bs.getMeasureStartNs(), null, 0));
        measuring = true;
      }
      if (bs.isFinished()) {
        return;
      }
      if (bs.isStopRequested()) {
        LOG.warn("Stop requested: ending the run and writing the results measured so far");
        bs.signalDone();
        return;
      }
      long now = System.nanoTime();
      if (bs.getState() == State.WARMUP) {
        if (untilSettled != null && untilSettled.isOver(now)) {
          endWarmup(bs, states, t0, now, untilSettled.reason());
          continue;
        }
        if (untilSettled == null && now >= warmupEnd) {
          LOG.info("Warm-up complete, starting measurement");
          bs.maybeStartMeasure(now);
          continue;
        }
      }
      boolean allDone = true;
      long deadline = now + 1_000_000_000L;
      long endedAt = 0;
      for (WorkloadState ws : states) {
        ws.advance(now);
        endedAt = Math.max(endedAt, ws.getFinishedAtNs());
        if (!ws.isFinished()) {
          allDone = false;
          deadline = Math.min(deadline, ws.getPhaseEndNs());
        }
      }
      postPhaseChanges(states, current, now);
      if (allDone) {
        // the window ends when the last phase was scheduled to end, not when this thread woke
        bs.signalDone(endedAt > 0 ? Math.min(endedAt, now) : now);
        return;
      }
      if (bs.getState() == State.WARMUP) {
        deadline =
            Math.min(deadline, untilSettled == null ? warmupEnd : untilSettled.wakeAtNs(now));
      }
      bs.awaitEvent(deadline);
    }
  }

  /**
   * Ends a warm-up that waited for the JIT at {@code atNs}: each first phase runs its measured time
   * from there, and the window opens.
   */
  private void endWarmup(
      BenchmarkState bs, List<WorkloadState> states, long t0, long atNs, String reason) {
    for (WorkloadState ws : states) {
      ws.endWarmup(atNs);
    }
    warmupEndedNs = atNs;
    bs.setWarmupEnd(atNs);
    LOG.info(
        "Warm-up complete after {} s ({}), starting measurement",
        Math.round((atNs - t0) / 1e9),
        reason);
    bs.maybeStartMeasure(atNs);
  }

  /**
   * Waits up to the in-flight grace for the workers' last requests; abandons the requests still
   * waiting on the database then and returns how many there were and how long they had waited.
   * Every worker still running is given up first, all at once, and only then are their connections
   * aborted (each on a thread of its own, at most {@link WorkerTeardown#ABORT_BOUND_MS} in all): a
   * driver's abort may wait for the network (MariaDB Connector/J's opens a connection to send
   * KILL), and neither the count nor the other aborts may wait for it.
   */
  private InFlightAtEnd joinWorkers(List<Thread> threads) throws InterruptedException {
    long deadline = System.nanoTime() + inFlightGraceMs * 1_000_000L;
    for (Thread t : threads) {
      long left = deadline - System.nanoTime();
      if (left > 0) {
        t.join(Math.max(1, left / 1_000_000L));
      }
    }
    long now = System.nanoTime();
    long abandoned = 0;
    long longestWait = 0;
    List<Worker<? extends BenchmarkModule>> givenUp = new ArrayList<>();
    for (int i = 0; i < threads.size(); i++) {
      if (!threads.get(i).isAlive()) {
        continue;
      }
      Worker<? extends BenchmarkModule> w = workers.get(i);
      w.giveUp();
      long since = w.requestStartNanos();
      if (since != Worker.IDLE) {
        abandoned++;
        longestWait = Math.max(longestWait, now - since);
      }
      givenUp.add(w);
      threads.get(i).interrupt();
    }
    InFlightAtEnd r = new InFlightAtEnd(abandoned, longestWait / 1_000_000L, inFlightGraceMs);
    if (abandoned > 0) {
      LOG.warn("{}", r.describe());
    }
    WorkerTeardown.abortAll(givenUp, WorkerTeardown.ABORT_BOUND_MS);
    return r;
  }

  /** Tells the side collectors of each workload whose phase is not the one it was. */
  private void postPhaseChanges(List<WorkloadState> states, List<Phase> current, long nanos) {
    for (int i = 0; i < states.size(); i++) {
      WorkloadState ws = states.get(i);
      Phase p = ws.isFinished() ? null : ws.getCurrentPhase();
      if (p != null && p != current.get(i)) {
        current.set(i, p);
        sideCollectors.post(
            new RunCollector.PhaseChange(
                RunCollector.Change.PHASE_STARTED,
                nanos,
                workConfs.get(i).getBenchmarkName(),
                p.getId()));
      }
    }
  }
}
