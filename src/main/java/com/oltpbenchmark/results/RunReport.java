package com.oltpbenchmark.results;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.types.TransactionStatus;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.configuration2.XMLConfiguration;

/**
 * Everything the result files need about a finished run, filled in by the engine and handed to the
 * writer. Plain data, no behaviour.
 */
public final class RunReport {
  /** The raw {@code -b} value, e.g. "socialgraph". */
  public String benchmarkArgument;

  /** DatabaseType name, e.g. "POSTGRES" (first benchmark's). */
  public String dbmsType;

  /** "EXIT" or "ERROR" (a State name). */
  public String finalState;

  public long startTimestampMillis;
  public long elapsedNanos;

  /** The parsed workload XML (the first benchmark's); the writer strips credentials. */
  public XMLConfiguration xmlConfig;

  /** Opens a connection to the benchmarked database. */
  public interface DatabaseConnector {
    Connection connect() throws SQLException;
  }

  /**
   * How the parameter and metric collectors reach the database; null when they should not. The
   * report holds no URL, user or password: only this, a masked label and the scrubber.
   */
  public DatabaseConnector database;

  /** The JDBC URL with its credentials masked, for log messages. */
  public String databaseLabel;

  /** Masks the run's credentials in every text written to a result file. */
  public CredentialScrubber scrubber = new CredentialScrubber(null, null);

  /** Configured transaction types of all benchmarks, in id order, INVALID excluded. */
  public List<TransactionType> transactionTypes;

  /** Per type, per status: the number of attempts with that outcome (warm-up included). */
  public final Map<TransactionType, Map<TransactionStatus, Long>> statusCounts =
      new LinkedHashMap<>();

  /** Per type, per user-abort message (e.g. a failed precondition's name): the count. */
  public final Map<TransactionType, Map<String, Long>> abortMessages = new LinkedHashMap<>();

  /** Per type, per SQLState of a retried or failed attempt: the count. */
  public final Map<TransactionType, Map<String, Long>> errorStates = new LinkedHashMap<>();

  /**
   * Per phase (1-based id): rate-limited requests that were due but never served because the
   * workers could not keep up (the queue was full or the phase ended first).
   */
  public final Map<Integer, Long> unservedRequests = new LinkedHashMap<>();

  public MeasurementCollector measurements;

  /** The run's workloads (phases, weights, terminals), in configuration order. */
  public List<WorkloadConfiguration> workloads = List.of();

  /** The run's benchmark modules, for the optional capabilities the report asks them for. */
  public List<BenchmarkModule> modules = List.of();

  /** The audit document ({@code <base>.audit.json}), or null when no audit ran. */
  public String auditJson;

  /** The summary's {@code Audit} value, or null when no audit ran. */
  public Map<String, Object> auditSummary;
}
