package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.Procedure.UserAbortException;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.ReadAnomalies;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.RequestStamp;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequestGenerator;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ServerWriteRoutines;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestGenerator;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestType;
import com.oltpbenchmark.types.TransactionStatus;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * One terminal. The phase's weights choose the transaction type; the type's handler (see {@link
 * RequestHandlers}), bound once in the constructor to this worker's procedure and request stream,
 * draws the request, LinkBench types from a {@link LinkBenchRequestGenerator} (this worker's own
 * random stream), TAOBench types from the TAOBench request generator, and the {@link
 * RequestPipeline} runs it on this worker's {@link Session}.
 */
public final class SocialGraphWorker extends Worker<SocialGraphBenchmark> {

  /** The procedures of the LinkBench transaction types, in the sample configs' order. */
  public static final List<Class<? extends Procedure>> LINKBENCH_PROCEDURES =
      RequestHandlers.procedures(RequestHandlers.Workload.LINKBENCH);

  /** The procedures of the TAOBench transaction types, in the sample configs' order. */
  public static final List<Class<? extends Procedure>> TAOBENCH_PROCEDURES =
      RequestHandlers.procedures(RequestHandlers.Workload.TAOBENCH);

  private final RequestConnections connections;
  private final RequestPipeline pipeline;

  /** How long a worker waits for the server routines to reach its node. */
  private static final long ROUTINES_VISIBLE_MILLIS = 30_000;

  /** The bound handler of each of the run's transaction types, by type id; null for no type. */
  private final RequestHandler[] handlers;

  /**
   * @param linkbench this worker's LinkBench request stream, or null when the run has no LinkBench
   *     transaction type
   * @param taobench this worker's TAOBench request stream, or null when the run has no TAOBench
   *     transaction type
   * @param readReplicaUrl the {@code <readReplicas>} URL this worker reads from, or null to read on
   *     its own connection
   */
  public SocialGraphWorker(
      SocialGraphBenchmark benchmark,
      int id,
      LinkBenchRequestGenerator linkbench,
      TaoRequestGenerator taobench,
      String readReplicaUrl) {
    super(benchmark, id);
    awaitServerRoutines(benchmark.serverWriteRoutines());
    WorkloadConfiguration conf = getWorkloadConfiguration();
    Session session =
        new Session(
            conf.getDatabaseType(), conf.getIsolationMode(), benchmark.serverWriteRoutines());
    ReadReplicaConnection replica =
        readReplicaUrl == null
            ? null
            : new ReadReplicaConnection(
                new ReadReplicaConnection.Target(
                    readReplicaUrl,
                    conf.getUsername(),
                    conf.getPassword(),
                    conf.getDatabaseType(),
                    conf.getIsolationMode(),
                    conf.getSessionSetupFile()));
    this.connections = new RequestConnections(session, replica);
    ReadAnomalies anomalies = benchmark.readAnomalies();
    RequestStamp stamp = new RequestStamp(anomalies == null ? null : anomalies.recent().stamp());
    this.handlers = bind(new RequestHandlers.Streams(linkbench, taobench, stamp));
    this.pipeline =
        new RequestPipeline(
            stamp,
            taobench,
            benchmark.writeTracker(),
            benchmark.draws(),
            connections,
            anomalies,
            id);
  }

  /**
   * Before the first request, the routines the benchmark just created must be visible on this
   * worker's own connection: a Galera node may still be applying them. A worker that opens a
   * connection per transaction has none to check here.
   */
  private void awaitServerRoutines(ServerWriteRoutines routines) {
    if (routines == null || conn == null) {
      return;
    }
    try {
      routines.awaitVisible(conn, ROUTINES_VISIBLE_MILLIS);
    } catch (SQLException e) {
      throw new IllegalStateException(this + ": " + e.getMessage(), e);
    }
  }

  /** Binds the handler of every transaction type this worker has a procedure for. */
  private RequestHandler[] bind(RequestHandlers.Streams streams) {
    int maxId = 0;
    for (TransactionType type : procedures.keySet()) {
      maxId = Math.max(maxId, type.getId());
    }
    RequestHandler[] byId = new RequestHandler[maxId + 1];
    procedures.forEach(
        (type, procedure) -> {
          if (type.getId() >= 0) {
            byId[type.getId()] = RequestHandlers.bind(procedure, streams);
          }
        });
    return byId;
  }

  /** The {@code <readReplicas>} URL this worker reads from, or null. */
  String readReplicaUrl() {
    return connections.readReplicaUrl();
  }

  /** Opens the read replica connection, if any, before the run, so that a bad one shows at once. */
  @Override
  protected void initialize() {
    try {
      connections.open();
    } catch (SQLException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /** Closes the read replica connection, if any, and then the worker's own. */
  @Override
  public void tearDown() {
    connections.close();
    super.tearDown();
  }

  /** Whether the procedure is a LinkBench request. */
  static boolean isLinkBench(Class<? extends Procedure> procedure) {
    RequestHandlers.Registration r = RequestHandlers.of(procedure);
    return r != null && r.workload() == RequestHandlers.Workload.LINKBENCH;
  }

  /** The TAOBench request type the procedure runs, or null for a non-TAOBench procedure. */
  static TaoRequestType taoBenchType(Class<? extends Procedure> procedure) {
    RequestHandlers.Registration r = RequestHandlers.of(procedure);
    return r == null ? null : r.taoBenchType();
  }

  /** Runs one request through the {@link RequestPipeline}. */
  @Override
  protected TransactionStatus executeWork(Connection conn, TransactionType txnType)
      throws UserAbortException, SQLException {
    int id = txnType.getId();
    RequestHandler handler = id >= 0 && id < handlers.length ? handlers[id] : null;
    if (handler == null) {
      throw new IllegalStateException(
          "socialgraph has no transaction type "
              + txnType.getName()
              + " ("
              + txnType.getProcedureClass().getName()
              + ")");
    }
    pipeline.execute(conn, handler, txnType.getName());
    return TransactionStatus.SUCCESS;
  }
}
