package com.oltpbenchmark;

import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.results.RunReport;

/**
 * Something a run collects beside its measurements (the database's counters, what the driver and
 * the server spent, progress lines, monitor files). {@link RunCollectors} calls every hook with the
 * collector's failure isolated: an exception (or a hook that does not return in time) is one line
 * in the log, the collector gets no further calls but {@link #close}, and its section of the
 * results says "not measured: why". The run itself never fails because of a collector.
 *
 * <p>Hooks other than {@link #start}, {@link #finish} and {@link #close} are called on one thread
 * that all collectors share, never on a terminal or the control thread: they must return quickly. A
 * collector that waits on something (the database) does that on a thread of its own.
 *
 * <p>Adding one: write the class, add it in {@link CollectorList#register}.
 */
interface RunCollector {

  /** How the collector is named in its one-line failure, e.g. "database figures". */
  String name();

  /**
   * The summary.json key of the collector's section, where a failure says {@code {"Not Measured":
   * why}}; null when it has none (its output is console lines or files of its own).
   */
  default String summaryKey() {
    return null;
  }

  /**
   * Before the first phase, before any {@code --start-at} wait (so that a first reading never
   * delays the agreed start), on the thread that runs the steps.
   */
  default void start() throws Exception {}

  /** A phase began, the measurement began (warm-up over) or the phases ended. */
  default void phaseChanged(PhaseChange change) throws Exception {}

  /** A results window ({@code -s}) of the measurement closed; the last one may be shorter. */
  default void window(Window window) throws Exception {}

  /**
   * After the workers have ended (or been abandoned), before the result files are written: what the
   * collector adds to the results. Runs on a thread of its own, at most {@link
   * RunCollectors#FINISH_BOUND_MS}; it may read the database only through {@link
   * RunEnd#database()}'s bounded waits.
   */
  default Contribution finish(RunEnd end) throws Exception {
    return Contribution.NONE;
  }

  /**
   * Releases threads, connections and files; must not block (abort, do not close, a stuck link).
   */
  default void close() {}

  /** What happened to the run's phases. */
  enum Change {
    /** Phase {@code phase} of {@code benchmark} began (the first one when the terminals start). */
    PHASE_STARTED,
    /** The measurement began: warm-up is over (at once when there is none). */
    MEASUREMENT_STARTED,
    /**
     * The last phase ended (or the run stopped or failed); the terminals may still be finishing.
     */
    PHASES_ENDED
  }

  /**
   * @param nanos {@link System#nanoTime()} of the change as the control thread saw it
   * @param benchmark the workload whose phase changed (null for the run-wide changes)
   * @param phase the 1-based phase id (0 for the run-wide changes)
   */
  record PhaseChange(Change change, long nanos, String benchmark, int phase) {}

  /**
   * @param index 0-based, counted from the start of measurement
   * @param fromNanos the window's start ({@link System#nanoTime()})
   * @param toNanos its end
   */
  record Window(int index, long fromNanos, long toNanos) {}

  /**
   * What a finishing collector may read.
   *
   * @param outcome the run's outcome (state, measured window, in-flight requests)
   * @param measurements the run's measurements, already finished (every sample folded)
   * @param database the database as the steps after the run reach it, every wait bounded
   */
  record RunEnd(
      ThreadBench.Outcome outcome, MeasurementCollector measurements, AfterRunDatabase database) {}

  /** A collector's part of the results: applied to the run report in registration order. */
  @FunctionalInterface
  interface Contribution {
    Contribution NONE = report -> report;

    /** The report with this collector's part (see {@link RunReport#withSection} for new ones). */
    RunReport addTo(RunReport report);
  }
}
