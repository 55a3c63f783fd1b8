package com.oltpbenchmark.results;

/**
 * Names of the keys and files this runtime adds to upstream's result files. Upstream's own keys are
 * spelled out where they are written; everything here is an addition (new keys only, never a
 * changed one).
 */
public final class ResultKeys {
  private ResultKeys() {}

  /** Added inside every latency distribution object. */
  public static final String P999 = "99.9th Percentile Latency (microseconds)";

  public static final String P9999 = "99.99th Percentile Latency (microseconds)";

  /** Number of samples a distribution object describes (added distributions only). */
  public static final String REQUESTS = "Requests";

  /** Top-level summary.json additions. */
  public static final String INTENDED_START_DISTRIBUTION =
      "Latency Distribution From Intended Start";

  public static final String SERVICE_TIME_RATE_LIMITED_DISTRIBUTION =
      "Latency Distribution Of Rate-Limited Requests";

  public static final String DISTRIBUTION_BY_TYPE = "Latency Distribution By Transaction Type";

  public static final String STATUS_COUNTS = "Transaction Status Counts";

  public static final String ABORT_MESSAGES = "User Abort Messages";

  public static final String ERROR_STATES = "Error SQLStates";

  /** Per SQLState (label as in ERROR_STATES), the server's first message, credentials masked. */
  public static final String ERROR_MESSAGES = "Error Messages";

  /**
   * Measured requests that succeeded (the count goodput is made of), beside upstream's "Measured
   * Requests", which counts every attempted request whatever its outcome.
   */
  public static final String SERVED_REQUESTS = "Served Requests";

  public static final String UNSERVED_REQUESTS = "Unserved Rate-Limited Requests";

  public static final String LATE_SAMPLES = "Samples After Window Closed";

  /**
   * Requests still waiting on the database when the run ended and abandoned after the in-flight
   * grace: {"Requests", "Longest Wait (seconds)", "Grace (seconds)"}.
   */
  public static final String IN_FLIGHT_AT_END = "In Flight At End";

  /** Per-phase settings and figures (see PhaseFigures). */
  public static final String PHASES = "Phases";

  /** The audit verdict (verdict, violations, file); present only when an audit ran. */
  public static final String AUDIT = "Audit";

  /** What the module's online read checks counted, per anomaly class. */
  public static final String ANOMALIES = "Anomalies";

  /** "k/N" when the run was one of N driver processes of one benchmark ({@code --driver}). */
  public static final String DRIVER_PROCESS = "Driver Process";

  /**
   * What this process (the driver) spent in the measured window: CPU per request, share of the
   * host's cores, GC and JIT time, and the driver-limit warning (see ResourceSummary).
   */
  public static final String DRIVER = "Driver";

  /**
   * When HotSpot's JIT settled after the run began, against when the measured window began, and the
   * warning when the window began first (see JitSettle).
   */
  public static final String JIT = "JIT";

  /** What the database server's process spent in the window, or why it was not measured. */
  public static final String SERVER_PROCESS = "Server Process";

  /** A merged result set's parts: per part its directory, base name and main figures. */
  public static final String MERGED_RESULT_SETS = "Merged Result Sets";

  public static final String RAW_SAMPLES_KEPT = "Raw Samples Written";
}
