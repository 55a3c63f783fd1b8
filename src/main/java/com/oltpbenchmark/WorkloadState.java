package com.oltpbenchmark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The phase timeline of one workload (one benchmark) and the hand-out of work to its workers.
 * Workers block in {@link #fetchWork} while they are inactive (disabled phase, not among the active
 * terminals, latency run finished) and are woken by every phase change.
 */
public final class WorkloadState {
  private static final Logger LOG = LoggerFactory.getLogger(WorkloadState.class);

  private final BenchmarkState benchmarkState;
  private final List<Phase> phases;
  private final int terminals;
  private final int randomSeed;
  private final int driverProcess;
  private final Map<Integer, Long> unserved = new LinkedHashMap<>();
  private int phaseIndex = -1;
  private Phase current;
  private long phaseStartNs;
  private long phaseEndNs = Long.MAX_VALUE;
  private RequestSchedule schedule;
  private boolean latencyRunComplete;
  private boolean finished;
  private long finishedAtNs = -1;

  public WorkloadState(
      BenchmarkState benchmarkState, List<Phase> phases, int terminals, int randomSeed) {
    this(benchmarkState, phases, terminals, randomSeed, 1);
  }

  /**
   * @param driverProcess k of {@code --driver k/N} (1 alone): with a {@code randomSeed}, process k
   *     draws its own transaction types and arrivals; process 1 draws what a run alone draws
   */
  public WorkloadState(
      BenchmarkState benchmarkState,
      List<Phase> phases,
      int terminals,
      int randomSeed,
      int driverProcess) {
    if (driverProcess < 1) {
      throw new IllegalArgumentException("driver process must be at least 1, got " + driverProcess);
    }
    this.driverProcess = driverProcess;
    this.benchmarkState = benchmarkState;
    this.phases = new ArrayList<>(phases);
    this.terminals = terminals;
    this.randomSeed = randomSeed;
    if (benchmarkState != null) {
      benchmarkState.register(this);
    }
  }

  public BenchmarkState getBenchmarkState() {
    return benchmarkState;
  }

  public synchronized Phase getCurrentPhase() {
    return current;
  }

  public synchronized boolean isFinished() {
    return finished;
  }

  /** Scheduled end (System.nanoTime) of the current phase; Long.MAX_VALUE when untimed. */
  public synchronized long getPhaseEndNs() {
    return phaseEndNs;
  }

  public synchronized boolean isLatencyRunComplete() {
    return latencyRunComplete;
  }

  /**
   * Starts phase {@code index} at {@code startNs}; a timed phase lasts {@code extraNs} (the warm-up
   * of the first phase) plus its time. Returns false when there is no such phase, which finishes
   * this workload.
   */
  public synchronized boolean startPhase(int index, long startNs, long extraNs) {
    closeSchedule(startNs);
    if (index >= phases.size()) {
      current = null;
      finished = true;
      finishedAtNs = startNs;
      if (benchmarkState != null) {
        benchmarkState.signalEvent();
      }
      notifyAll();
      return false;
    }
    phaseIndex = index;
    current = phases.get(index);
    current.resetSerial();
    if (randomSeed != -1) {
      current.setSeed(ofThisProcess(randomSeed * 31L + current.getId()));
    }
    phaseStartNs = startNs;
    latencyRunComplete = false;
    phaseEndNs =
        current.isTimed() ? startNs + extraNs + current.getTime() * 1_000_000_000L : Long.MAX_VALUE;
    schedule = null;
    if (current.isRateLimited() && !current.isDisabled() && !current.isLatencyRun()) {
      Random r =
          randomSeed != -1
              ? new Random(ofThisProcess(randomSeed * 131L + current.getId()))
              : new Random();
      schedule =
          new RequestSchedule(startNs, phaseEndNs, current.getRate(), current.getArrival(), r);
    }
    LOG.info("PHASE START :: {}", current.currentPhaseString());
    notifyAll();
    return true;
  }

  /**
   * A seed of this driver process. The processes of one run share the config's {@code randomSeed};
   * with the same seed each would draw the very same sequence of transaction types (and of
   * arrivals), so a merged run would hold N copies of one draw: its mix would vary N times as much
   * as its count suggests, and its mix test would flag chance deviations. Process 1 keeps the seed
   * of a run alone.
   */
  private long ofThisProcess(long seed) {
    return seed + (driverProcess - 1) * 0x9E3779B97F4A7C15L;
  }

  /**
   * The warm-up ended at {@code endNs}, later or sooner than the first phase was laid out for (it
   * waited for the JIT, {@code <warmupUntilJitSettled>}): a timed first phase still current runs
   * its measured time from there.
   */
  public synchronized void endWarmup(long endNs) {
    if (phaseIndex != 0 || finished || current == null || !current.isTimed()) {
      return;
    }
    phaseEndNs = endNs + current.getTime() * 1_000_000_000L;
    if (schedule != null) {
      schedule.endAt(phaseEndNs);
    }
    if (benchmarkState != null) {
      benchmarkState.signalEvent();
    }
    notifyAll();
  }

  /** Moves to the next phase, starting where the current one was scheduled to end. */
  public synchronized boolean switchToNextPhase(long nowNs) {
    long start = phaseEndNs == Long.MAX_VALUE ? nowNs : phaseEndNs;
    if (current != null) {
      LOG.info(
          "PHASE END :: [Workload={}] [Phase={}]", current.getBenchmarkName(), current.getId());
    }
    return startPhase(phaseIndex + 1, start, 0);
  }

  /** When the last phase ended as scheduled (System.nanoTime), or -1 while running. */
  public synchronized long getFinishedAtNs() {
    return finishedAtNs;
  }

  /**
   * Switches past every phase whose time is up. Both the control thread and workers call this, so a
   * switch happens on time even when the control thread is starved of CPU.
   */
  public synchronized void advance(long nowNs) {
    while (isPhaseComplete(nowNs)) {
      if (!switchToNextPhase(nowNs)) {
        return;
      }
    }
  }

  /** Whether the current phase is over at {@code nowNs}. */
  public synchronized boolean isPhaseComplete(long nowNs) {
    if (finished || current == null) {
      return false;
    }
    if (current.isLatencyRun()) {
      return latencyRunComplete;
    }
    return nowNs >= phaseEndNs;
  }

  /** Per 1-based phase id: rate-limited requests that were due but never served. */
  public synchronized Map<Integer, Long> getUnservedRequests() {
    return new LinkedHashMap<>(unserved);
  }

  /** Ends the current phase's schedule at {@code nowNs} (run stopped or finished). */
  public synchronized void close(long nowNs) {
    closeSchedule(nowNs);
    if (!finished) {
      finishedAtNs = nowNs;
    }
    finished = true;
    notifyAll();
  }

  private void closeSchedule(long nowNs) {
    if (schedule != null && current != null) {
      long n = schedule.close(nowNs);
      unserved.merge(current.getId(), n, Long::sum);
      if (n > 0) {
        LOG.warn(
            "Phase {} of {}: {} rate-limited requests were due but not served (the workers could"
                + " not keep up with the rate of {}/s)",
            current.getId(),
            current.getBenchmarkName(),
            n,
            current.getRate());
      }
      schedule = null;
    }
  }

  synchronized void wakeAll() {
    notifyAll();
  }

  /** A worker of a latency run found no query left. */
  public synchronized void signalLatencyComplete() {
    latencyRunComplete = true;
    if (benchmarkState != null) {
      benchmarkState.signalEvent();
    }
  }

  /**
   * Blocks until there is work for worker {@code workerId} and returns it, or returns null when the
   * run is over. A rate-limited request comes with its intended start time, which may lie in the
   * future: the caller waits for it.
   */
  public synchronized SubmittedProcedure fetchWork(int workerId) throws InterruptedException {
    while (true) {
      if (benchmarkState != null && benchmarkState.isFinished()) {
        return null;
      }
      long now = System.nanoTime();
      advance(now);
      if (finished) {
        return null;
      }
      Phase phase = current;
      if (phase == null
          || phase.isDisabled()
          || workerId >= activeTerminals(phase)
          || (phase.isLatencyRun() && latencyRunComplete)) {
        waitAtMost(now, 50);
        continue;
      }
      if (phase.isLatencyRun()) {
        int type = phase.chooseTransaction();
        if (type < 0) {
          signalLatencyComplete();
          continue;
        }
        return new SubmittedProcedure(type, now, SubmittedProcedure.NO_INTENDED_START, phase);
      }
      if (schedule != null) {
        long intended = schedule.claim(now);
        if (intended == RequestSchedule.NONE) {
          // nothing more is due in this phase: wait for its end
          waitAtMost(now, 50);
          continue;
        }
        return new SubmittedProcedure(phase.chooseTransaction(), now, intended, phase);
      }
      return new SubmittedProcedure(
          phase.chooseTransaction(), now, SubmittedProcedure.NO_INTENDED_START, phase);
    }
  }

  /** Waits for a notification, at most {@code maxMs} and never past the current phase's end. */
  private void waitAtMost(long nowNs, long maxMs) throws InterruptedException {
    long ms = maxMs;
    if (phaseEndNs != Long.MAX_VALUE) {
      ms = Math.min(ms, Math.max(1, (phaseEndNs - nowNs) / 1_000_000L + 1));
    }
    wait(ms);
  }

  private int activeTerminals(Phase phase) {
    // the reader always sets active terminals (default: all); negative means unset
    int active = phase.getActiveTerminals() < 0 ? terminals : phase.getActiveTerminals();
    if (phase.isSerial()) {
      active = Math.min(active, 1);
    }
    return active;
  }
}
