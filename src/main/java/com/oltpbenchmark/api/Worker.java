package com.oltpbenchmark.api;

import com.oltpbenchmark.BenchmarkState;
import com.oltpbenchmark.LatencyRecord;
import com.oltpbenchmark.Phase;
import com.oltpbenchmark.SubmittedProcedure;
import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.WorkloadState;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.types.State;
import com.oltpbenchmark.types.TransactionStatus;
import com.oltpbenchmark.util.CredentialScrubber;
import com.oltpbenchmark.util.Histogram;
import com.oltpbenchmark.util.OneLine;
import com.oltpbenchmark.util.SQLUtil;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.Statement;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One terminal. The runtime runs it on its own thread: it takes work from its workload, runs each
 * transaction through {@link #doWork} (commit, rollback, retries, status counting) and reports
 * measured latencies. A module implements {@link #executeWork}.
 */
public abstract class Worker<T extends BenchmarkModule> implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(Worker.class);
  private static final Logger ABORT_LOG =
      LoggerFactory.getLogger("com.oltpbenchmark.api.ABORT_LOG");

  /** Spin instead of parking for the last part of a wait (parkNanos overshoots by ~50 µs). */
  private static final long SPIN_NANOS = 100_000L;

  private WorkloadState wrkldState;
  private final T benchmark;
  protected Connection conn = null;
  protected final WorkloadConfiguration configuration;
  protected final TransactionTypes transactionTypes;
  protected final Map<TransactionType, Procedure> procedures = new HashMap<>();
  protected final Map<String, Procedure> name_procedures = new HashMap<>();
  protected final Map<Class<? extends Procedure>, Procedure> class_procedures = new HashMap<>();

  private final int id;

  /** Attempts per outcome, one histogram of transaction types per status. */
  private final Map<TransactionStatus, Histogram<TransactionType>> txnByStatus =
      new EnumMap<>(TransactionStatus.class);

  private final Map<TransactionType, Map<String, Long>> abortMessages = new LinkedHashMap<>();
  private final Map<TransactionType, Map<String, Long>> errorStates = new LinkedHashMap<>();

  /** Per SQLState label, the server's message of its first failure (at most MAX_ERROR_MESSAGES). */
  private final Map<String, String> errorMessages = new LinkedHashMap<>();

  static final int MAX_ERROR_MESSAGES = 100;
  private final AtomicInteger requests = new AtomicInteger();
  private final AtomicInteger intervalRequests = new AtomicInteger();

  /** Measured requests whose outcome was SUCCESS (the served part of {@link #getRequests()}). */
  private final AtomicLong servedRequests = new AtomicLong();

  /** The outcome of the last {@link #doWork} call, null when it ran no attempt. */
  private TransactionStatus lastStatus;

  private final LatencyRecord latencies = new LatencyRecord(System.nanoTime());
  private volatile boolean keepLatencyRecords;

  /** System.nanoTime() when the running request began, {@link #IDLE} between requests. */
  private volatile long requestStartNanos = IDLE;

  /** Marks {@link #requestStartNanos} while no request runs. */
  public static final long IDLE = Long.MIN_VALUE;

  /** Set once the runtime gave up on this worker's last request (see {@link #abandon}). */
  private volatile boolean abandoned;

  public Worker(T benchmark, int id) {
    this.id = id;
    this.benchmark = benchmark;
    this.configuration = benchmark.getWorkloadConfiguration();
    this.wrkldState = configuration.getWorkloadState();
    this.transactionTypes = configuration.getTransTypes();
    for (TransactionStatus status : TransactionStatus.values()) {
      txnByStatus.put(status, new Histogram<>());
    }
    if (!configuration.getNewConnectionPerTxn()) {
      try {
        this.conn = openConnection();
      } catch (SQLException ex) {
        throw new RuntimeException(
            "Failed to connect to database "
                + CredentialScrubber.safeUrl(configuration.getUrl())
                + ": "
                + ex.getMessage(),
            ex);
      }
    }
    this.procedures.putAll(benchmark.getProcedures());
    for (Map.Entry<TransactionType, Procedure> e : procedures.entrySet()) {
      name_procedures.put(e.getKey().getName(), e.getValue());
      class_procedures.put(e.getValue().getClass(), e.getValue());
    }
  }

  private Connection openConnection() throws SQLException {
    Connection c = benchmark.makeConnection(id);
    c.setAutoCommit(false);
    c.setTransactionIsolation(configuration.getIsolationMode());
    return c;
  }

  public final T getBenchmark() {
    return benchmark;
  }

  public final int getId() {
    return id;
  }

  @Override
  public String toString() {
    return String.format("%s<%03d>", getClass().getSimpleName(), getId());
  }

  public final WorkloadConfiguration getWorkloadConfiguration() {
    return configuration;
  }

  public final Random rng() {
    return benchmark.rng();
  }

  /** Measured requests (latency samples) of this worker so far. */
  public final long getServedRequests() {
    return servedRequests.get();
  }

  public final int getRequests() {
    return requests.get();
  }

  public final int getAndResetIntervalRequests() {
    return intervalRequests.getAndSet(0);
  }

  /**
   * Latency samples kept by this worker: empty unless {@link #setKeepLatencyRecords} enabled them
   * (the runtime streams measurements into its collector instead).
   */
  public final Iterable<LatencyRecord.Sample> getLatencyRecords() {
    return keepLatencyRecords ? latencies : Collections.emptyList();
  }

  /** Runtime extension: keep per-worker latency samples for {@link #getLatencyRecords()}. */
  public final void setKeepLatencyRecords(boolean keep) {
    this.keepLatencyRecords = keep;
  }

  public final Procedure getProcedure(TransactionType type) {
    return procedures.get(type);
  }

  @Deprecated
  public final Procedure getProcedure(String name) {
    return name_procedures.get(name);
  }

  @SuppressWarnings("unchecked")
  public final <P extends Procedure> P getProcedure(Class<P> procClass) {
    return (P) class_procedures.get(procClass);
  }

  /** Runtime extension: the attempts of this worker that ended with {@code status}, per type. */
  public final Histogram<TransactionType> getTransactionHistogram(TransactionStatus status) {
    return txnByStatus.get(status);
  }

  public final Histogram<TransactionType> getTransactionSuccessHistogram() {
    return getTransactionHistogram(TransactionStatus.SUCCESS);
  }

  public final Histogram<TransactionType> getTransactionUnknownHistogram() {
    return getTransactionHistogram(TransactionStatus.UNKNOWN);
  }

  public final Histogram<TransactionType> getTransactionRetryHistogram() {
    return getTransactionHistogram(TransactionStatus.RETRY);
  }

  public final Histogram<TransactionType> getTransactionAbortHistogram() {
    return getTransactionHistogram(TransactionStatus.USER_ABORTED);
  }

  public final Histogram<TransactionType> getTransactionErrorHistogram() {
    return getTransactionHistogram(TransactionStatus.ERROR);
  }

  public final Histogram<TransactionType> getTransactionRetryDifferentHistogram() {
    return getTransactionHistogram(TransactionStatus.RETRY_DIFFERENT);
  }

  /** Runtime extension: per type, per user-abort message, the count. */
  public final synchronized Map<TransactionType, Map<String, Long>> getAbortMessages() {
    return copy(abortMessages);
  }

  /** Runtime extension: per type, per SQLState of a retried or failed attempt, the count. */
  public final synchronized Map<TransactionType, Map<String, Long>> getErrorStates() {
    return copy(errorStates);
  }

  private static Map<TransactionType, Map<String, Long>> copy(
      Map<TransactionType, Map<String, Long>> m) {
    Map<TransactionType, Map<String, Long>> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, new LinkedHashMap<>(v)));
    return out;
  }

  private synchronized void countMessage(
      Map<TransactionType, Map<String, Long>> m, TransactionType type, String key) {
    if (abandoned) {
      return; // the run's counts are final; the in-flight count reports this request
    }
    m.computeIfAbsent(type, k -> new LinkedHashMap<>()).merge(key, 1L, Long::sum);
  }

  /** Runtime extension: per SQLState label, the server's message of the first such failure. */
  public final synchronized Map<String, String> getErrorMessages() {
    return new LinkedHashMap<>(errorMessages);
  }

  /** Counts a failed attempt by its SQLState label and keeps the first message of each label. */
  private synchronized void countError(TransactionType type, String label, SQLException ex) {
    countMessage(errorStates, type, label);
    if (errorMessages.size() < MAX_ERROR_MESSAGES && !errorMessages.containsKey(label)) {
      errorMessages.put(label, OneLine.of(String.valueOf(ex.getMessage())));
    }
  }

  /** Upstream leaves this a no-op; so does this runtime. */
  public synchronized void cancelStatement() {}

  /**
   * The worker thread: setup, wait for the start, then fetch and run work until the run ends. Any
   * exception other than the ones {@link #doWork} handles ends the whole run with ERROR.
   */
  @Override
  public final void run() {
    BenchmarkState bench = wrkldState == null ? null : wrkldState.getBenchmarkState();
    Thread t = Thread.currentThread();
    t.setName(toString());
    try {
      setupSession();
      initialize();
    } catch (Throwable ex) {
      LOG.error("{}: setup failed: {}", this, ex.toString());
      LOG.debug("{}: setup failure", this, ex);
      if (bench != null) {
        bench.signalError(new RuntimeException(this + " setup failed: " + ex, ex));
      }
      return;
    }
    if (bench == null) {
      return;
    }
    bench.workerReady();
    try {
      if (!bench.blockForStart()) {
        return;
      }
      loop(bench);
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
    } catch (Throwable ex) {
      if (abandoned) {
        // the runtime closed this worker's connection under its request: expected, not fatal
        LOG.debug("{}: abandoned request ended with {}", this, ex.toString());
        return;
      }
      LOG.error("{}: fatal error, ending the run: {}", this, ex.toString());
      LOG.debug("{}: fatal error", this, ex);
      bench.signalError(ex);
    }
  }

  private void loop(BenchmarkState bench) throws InterruptedException {
    DatabaseType dbType = configuration.getDatabaseType();
    while (true) {
      SubmittedProcedure work = wrkldState.fetchWork(id);
      if (work == null) {
        return;
      }
      boolean rateLimited = work.hasIntendedStart();
      long intended = work.getIntendedStartNanos();
      if (rateLimited && !waitUntil(intended, bench)) {
        return;
      }
      TransactionType type = transactionTypes.getType(work.getType());
      if (type == null) {
        throw new IllegalStateException(
            "no transaction type at position " + work.getType() + " of " + transactionTypes);
      }
      Phase phase = work.getPhase();
      if (phase != null && phase.isLatencyRun()) {
        // cold run first (not measured), then the measured hot run
        requestStartNanos = System.nanoTime();
        doWork(dbType, type);
        requestStartNanos = IDLE;
      }
      sleepMillis(getPreExecutionWaitInMillis(type));
      long start = System.nanoTime();
      bench.maybeStartMeasure(start);
      State before = bench.getState();
      requestStartNanos = start;
      doWork(dbType, type);
      requestStartNanos = IDLE;
      long end = System.nanoTime();
      State after = bench.getState();
      if (abandoned) {
        return;
      }
      // unmeasured transactions (warm-up) take the same path into a rehearsal sink
      int measured = before.measuring() & after.measuring();
      int phaseId = phase == null ? 0 : phase.getId();
      requests.addAndGet(measured);
      intervalRequests.addAndGet(measured);
      if (measured == 1 && lastStatus == TransactionStatus.SUCCESS) {
        servedRequests.incrementAndGet();
      }
      MeasurementCollector sink = bench.sink(measured);
      if (sink != null) {
        long due = rateLimited ? intended : MeasurementCollector.NOT_RATE_LIMITED;
        sink.record(type.getId(), start, end, due, id, phaseId);
      }
      if (keepLatencyRecords && measured == 1) {
        synchronized (latencies) {
          latencies.addLatency(type.getId(), start, end, id, phaseId);
        }
      }
      sleepMillis(getPostExecutionWaitInMillis(type));
    }
  }

  /** Waits for an absolute System.nanoTime() deadline; false when the run ended meanwhile. */
  private static boolean waitUntil(long deadline, BenchmarkState bench) {
    while (true) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return true;
      }
      if (bench.isFinished()) {
        return false;
      }
      if (left > SPIN_NANOS) {
        LockSupport.parkNanos(Math.min(left - SPIN_NANOS, 10_000_000L));
      } else {
        Thread.onSpinWait();
      }
    }
  }

  private static void sleepMillis(long ms) throws InterruptedException {
    if (ms > 0) {
      TimeUnit.MILLISECONDS.sleep(ms);
    }
  }

  /**
   * Runs one transaction with upstream's commit/rollback/retry rules: up to {@code retries}
   * attempts (at least one); serialization failures and deadlocks are retried; a lost connection is
   * re-opened when {@code reconnectOnConnectionFailure} is set and otherwise ends the run. Every
   * attempt's status is counted.
   */
  protected final void doWork(DatabaseType databaseType, TransactionType transactionType) {
    BenchmarkState bench = wrkldState == null ? null : wrkldState.getBenchmarkState();
    int attempt = 0;
    int maxAttempts = Math.max(1, configuration.getMaxRetries());
    lastStatus = null;
    while (attempt < maxAttempts) {
      if (attempt > 0 && bench != null && bench.isFinished()) {
        break;
      }
      if (conn == null) {
        Connect c = connect(transactionType, attempt);
        if (c == Connect.STOP) {
          break;
        }
        if (c == Connect.FAILED) {
          attempt++;
          continue;
        }
      }
      TransactionStatus status = attempt(databaseType, transactionType);
      if (configuration.getNewConnectionPerTxn()) {
        closeQuietly();
      }
      count(transactionType, status);
      lastStatus = status;
      if (status != TransactionStatus.RETRY && status != TransactionStatus.RETRY_DIFFERENT) {
        break;
      }
      attempt++;
    }
  }

  /** How opening a connection before an attempt went. */
  private enum Connect {
    OPEN,
    FAILED,
    STOP
  }

  /**
   * Opens the connection for an attempt (a per-transaction connection, or a reconnect after a lost
   * one, backing off on repeated reconnects); a failure that cannot be retried ends the run.
   */
  private Connect connect(TransactionType transactionType, int attempt) {
    try {
      if (!configuration.getNewConnectionPerTxn() && attempt > 0) {
        sleepMillis(Math.min(attempt, 5) * 1000L);
      }
      conn = openConnection();
      // a new session (per-transaction connection or reconnect) gets the session setup too
      runSessionSetupFile(conn);
      return Connect.OPEN;
    } catch (SQLException ex) {
      LOG.warn("{}: failed to connect (attempt {}): {}", this, attempt + 1, ex.getMessage());
      countError(transactionType, String.valueOf(ex.getSQLState()), ex);
      if (!configuration.getReconnectOnConnectionFailure()
          && !configuration.getNewConnectionPerTxn()) {
        throw new RuntimeException(
            "Lost the database connection and could not reconnect: " + ex.getMessage(), ex);
      }
      return Connect.FAILED;
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      return Connect.STOP;
    }
  }

  /**
   * One attempt: the procedure and its commit. Returns the attempt's status; RETRY and
   * RETRY_DIFFERENT ask for another attempt. A bug in the procedure (a non-SQL exception) is
   * counted UNKNOWN and ends the run.
   */
  private TransactionStatus attempt(DatabaseType databaseType, TransactionType transactionType) {
    boolean committing = false;
    try {
      TransactionStatus status = executeWork(conn, transactionType);
      committing = true;
      conn.commit();
      return status;
    } catch (Procedure.UserAbortException ex) {
      ABORT_LOG.debug("{} aborted: {}", transactionType.getName(), ex.getMessage());
      countMessage(abortMessages, transactionType, String.valueOf(ex.getMessage()));
      rollbackQuietly();
      return TransactionStatus.USER_ABORTED;
    } catch (SQLException ex) {
      countError(transactionType, errorLabel(ex, committing), ex);
      return onFailure(ex, classify(ex, databaseType), transactionType);
    } catch (RuntimeException | Error ex) {
      count(transactionType, TransactionStatus.UNKNOWN);
      if (configuration.getNewConnectionPerTxn()) {
        closeQuietly();
      }
      throw ex;
    }
  }

  /** What a failed attempt's exception says about the transaction and the connection. */
  record FailureKind(boolean retryable, boolean connectionLost) {}

  /**
   * Classifies a failed attempt: whether the transaction may be retried (a conflict the server
   * resolved by aborting it) and whether the connection is gone.
   */
  FailureKind classify(SQLException ex, DatabaseType databaseType) {
    boolean retryable = isRetryable(ex, databaseType);
    return new FailureKind(retryable, isBroken(ex, retryable));
  }

  /**
   * Upstream's rules for a failed attempt: a lost connection is re-opened when {@code
   * reconnectOnConnectionFailure} is set and otherwise ends the run; a retryable failure is
   * retried; anything else is an ERROR of this transaction.
   */
  private TransactionStatus onFailure(
      SQLException ex, FailureKind kind, TransactionType transactionType) {
    if (kind.connectionLost() && configuration.getReconnectOnConnectionFailure()) {
      LOG.warn("{}: connection lost ({}), reconnecting", this, ex.getMessage());
      closeQuietly();
      return TransactionStatus.RETRY_DIFFERENT;
    }
    rollbackQuietly();
    if (kind.connectionLost() && !configuration.getNewConnectionPerTxn()) {
      count(transactionType, TransactionStatus.ERROR);
      closeQuietly();
      throw new RuntimeException(
          "Lost the database connection while running "
              + transactionType.getName()
              + " (SQLState "
              + ex.getSQLState()
              + ": "
              + ex.getMessage()
              + "); set <reconnectOnConnectionFailure>true</reconnectOnConnectionFailure> to"
              + " reconnect and continue",
          ex);
    }
    LOG.debug(
        "{}: {} {} (SQLState {}, code {}): {}",
        this,
        transactionType.getName(),
        kind.retryable() ? "retryable error" : "failed",
        ex.getSQLState(),
        ex.getErrorCode(),
        ex.getMessage());
    return kind.retryable() ? TransactionStatus.RETRY : TransactionStatus.ERROR;
  }

  /**
   * The SQLState, except that a MySQL-family deadlock (1213) raised by COMMIT is labelled {@code
   * "<state> certification"}: InnoDB takes no row locks at commit, so there it is a multi-primary
   * cluster (Galera, group replication) refusing a write set that conflicts with one committed on
   * another node, not a local lock conflict.
   */
  static String errorLabel(SQLException ex, boolean atCommit) {
    String state = String.valueOf(ex.getSQLState());
    return atCommit && ex.getErrorCode() == 1213 ? state + " certification" : state;
  }

  private void count(TransactionType type, TransactionStatus status) {
    if (abandoned) {
      return; // the run's counts are final; the in-flight count reports this request
    }
    txnByStatus.get(status).put(type);
  }

  /**
   * Whether the connection is unusable. A conflict the server reported (serialization failure,
   * deadlock, lock timeout) proves the connection alive, so only other errors cost a validity round
   * trip; a recoverable exception may still mean the session is gone.
   */
  private boolean isBroken(SQLException ex, boolean retryable) {
    if (SQLUtil.isConnectionErrorException(ex)) {
      return true;
    }
    if (retryable && !(ex instanceof SQLRecoverableException)) {
      return false;
    }
    try {
      return !SQLUtil.isConnectionOK(conn);
    } catch (SQLException e) {
      return true;
    }
  }

  /**
   * Serialization failures and deadlocks: PostgreSQL 40001/40P01, MySQL/MariaDB 1213 (deadlock) and
   * 1205 (lock wait timeout) whatever SQLState the driver reports, SQL Server's 12222/S0051 and
   * HY008, SQLite's SQLITE_BUSY/LOCKED, and recoverable exceptions.
   */
  public static boolean isRetryable(SQLException ex, DatabaseType dbType) {
    String state = ex.getSQLState();
    int code = ex.getErrorCode();
    if (ex instanceof SQLRecoverableException) {
      return true;
    }
    if ("40001".equals(state) || "40P01".equals(state)) {
      return true;
    }
    // MySQL/MariaDB deadlock and lock wait timeout, whatever SQLState the driver reports
    // (Connector/J gives 1205 HY000 or 40001); SQL Server's deadlock victim is also 1205
    if (code == 1213 || code == 1205) {
      return true;
    }
    if ((code == 12222 && "S0051".equals(state)) || (code == 0 && "HY008".equals(state))) {
      return true;
    }
    if (dbType == DatabaseType.SQLITE && (code == 5 || code == 6)) {
      return true;
    }
    return false;
  }

  private void rollbackQuietly() {
    if (conn == null) {
      return;
    }
    try {
      conn.rollback();
    } catch (SQLException e) {
      closeQuietly();
    }
  }

  private void closeQuietly() {
    if (conn != null) {
      try {
        conn.close();
      } catch (SQLException ignore) {
        // already broken
      }
      conn = null;
    }
  }

  /** Hook called on the worker thread before the start (after setupSession). */
  protected void initialize() {}

  /** Runs the configured session setup file as one statement on this worker's connection. */
  protected void setupSession() {
    if (conn == null) {
      return;
    }
    try {
      runSessionSetupFile(conn);
    } catch (SQLException ex) {
      throw new RuntimeException(
          "sessionsetupfile " + configuration.getSessionSetupFile() + " failed: " + ex.getMessage(),
          ex);
    }
  }

  private String sessionSetupSql;

  private void runSessionSetupFile(Connection c) throws SQLException {
    String file = configuration.getSessionSetupFile();
    if (file == null || file.isEmpty()) {
      return;
    }
    if (sessionSetupSql == null) {
      try {
        sessionSetupSql = new String(Files.readAllBytes(Paths.get(file)));
      } catch (IOException ex) {
        throw new SQLException("cannot read sessionsetupfile " + file + ": " + ex, ex);
      }
    }
    try (Statement st = c.createStatement()) {
      st.execute(sessionSetupSql);
    }
  }

  protected abstract TransactionStatus executeWork(Connection conn, TransactionType txnType)
      throws Procedure.UserAbortException, SQLException;

  /** Closes this worker's connection (persistent-connection mode). */
  public void tearDown() {
    if (abandoned) {
      conn = null; // aborted by abandon(); closing it again could wait on its stuck request
      return;
    }
    closeQuietly();
  }

  /**
   * Runtime extension: System.nanoTime() when this worker's current request began, or {@link
   * #IDLE}.
   */
  public final long requestStartNanos() {
    return requestStartNanos;
  }

  /**
   * Runtime extension: gives up on this worker's current request, which is still waiting on the
   * database after the run's end. Aborts the connection ({@link Connection#abort}: closes it
   * without waiting for the statement in progress; a driver may do so on {@code executor}), so the
   * worker's thread gets an error instead of an answer; that error is not counted and does not fail
   * the run. Whether the request's writes committed is not known: the server may still complete
   * them, which is what the lost-write audit treats as an indeterminate write.
   */
  public final void abandon(Executor executor) {
    giveUp();
    Connection c = conn;
    if (c == null) {
      return;
    }
    try {
      c.abort(executor);
    } catch (SQLException | RuntimeException e) {
      LOG.debug("{}: aborting the connection failed: {}", this, e.toString());
    }
  }

  /**
   * Runtime extension: the first half of {@link #abandon}, without touching the connection: from
   * now on nothing this worker's request does is counted (the runtime counts it as in flight). The
   * runtime calls it for every stuck worker before it aborts any connection, since a driver's abort
   * may wait for the network, and a request that ends meanwhile must not be counted twice.
   */
  public final void giveUp() {
    abandoned = true;
  }

  /** Runtime extension: whether {@link #abandon} or {@link #giveUp} was called. */
  public final boolean isAbandoned() {
    return abandoned;
  }

  /** Re-reads the workload state from the configuration (called by the runtime). */
  public void initializeState() {
    this.wrkldState = configuration.getWorkloadState();
  }

  protected long getPreExecutionWaitInMillis(TransactionType type) {
    return 0;
  }

  protected long getPostExecutionWaitInMillis(TransactionType type) {
    return 0;
  }
}
