package com.oltpbenchmark;

import com.oltpbenchmark.util.OneLine;

/**
 * The process exit codes of the command line, one per way a run can end. {@link DBWorkload#main} is
 * the only place that exits the JVM; everything else returns one of these.
 */
public final class ExitCodes {
  /** Every requested step succeeded. */
  public static final int OK = 0;

  /**
   * A step failed, the database could not be reached, the run ended in state ERROR, or result files
   * could not be written (a full disk).
   */
  public static final int FAILURE = 1;

  /** A bad command line (unknown, repeated or malformed option; unknown benchmark). */
  public static final int USAGE = 2;

  /** The run completed but more than {@code <maxErrorPercent>} of its requests ended in ERROR. */
  public static final int TOO_MANY_ERRORS = 3;

  /** An invalid input (config file, module block, DDL, results directory), as upstream's -1. */
  public static final int CONFIG = 255;

  /** The run (or the audit alone) completed but the audit found violations. */
  public static final int AUDIT = 4;

  /**
   * The run completed but served no request: none was measured (every terminal blocked on the
   * database, say) or every measured one failed or aborted. Its results are written.
   */
  public static final int NOTHING_SERVED = 5;

  /**
   * The run completed and its results are written, but the audit after it did not run: the database
   * stopped answering (a paused server, a network partition) and the process did not wait for it.
   */
  public static final int AUDIT_NOT_RUN = 6;

  private ExitCodes() {}

  /**
   * The one console line of an error that ends the command (stderr, credentials masked). The stack
   * trace is logged at DEBUG only.
   */
  static void printError(String message) {
    System.err.println("benchbase: " + OneLine.of(message));
  }
}
