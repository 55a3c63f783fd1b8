package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure.UserAbortException;
import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.ReadAnomalies;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.ReadChecker;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.RequestStamp;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.WriteRecord;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteTracker;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.fidelity.RunDraws;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestGenerator;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Runs one request of any transaction type: lets the type's handler (bound by the worker, see
 * {@link RequestHandlers}) draw the request, and applies every concern that requests share, here
 * and nowhere else. A new concern is one more step below; no handler changes.
 *
 * <p>The steps, outermost first:
 *
 * <ol>
 *   <li><b>Lock conflicts</b> ({@link LockConflicts}): whatever fails below leaves in the one form
 *       every BenchBase runtime retries, so a run's outcome does not depend on the runtime.
 *   <li><b>Draw</b>: the handler draws the request from the worker's generator; its writes carry
 *       the request's stamp ({@link RequestStamp}) when reads are checked.
 *   <li><b>Fidelity counters</b>: what was drawn is counted, whether it then succeeds or not.
 *   <li><b>TAOBench version beliefs</b>: if anything below fails, the worker forgets its beliefs
 *       about the request's keys; after success a write moves them. (Point reads feed them through
 *       their outcome.)
 *   <li><b>Connection</b> ({@link RequestConnections}): a read goes to the worker's read replica
 *       when the run has {@code <readReplicas>}, anything else to the worker's own connection.
 *   <li><b>Delivery</b> ({@link Session}): the connection's session answers, for the request's
 *       shape, whether it runs in autocommit, commits itself in one round trip, or runs in a
 *       transaction; the switch below frames the request by it, and the procedure gets the answer
 *       and takes its SQL from it by {@link Delivery}'s one rule.
 *   <li><b>Lost-write tracking</b> ({@link WriteTracker}): a write takes its invoke stamp (the
 *       request's tick, taken before the draw) and, after its procedure returned, commits itself if
 *       it touched a tracked key.
 *   <li><b>Read checks</b> ({@link ReadAnomalies}, when on): a write is remembered from its tick to
 *       its acknowledgement (it then commits itself, so the acknowledgement is known); a read's
 *       result is checked against the remembered writes once it returned.
 *   <li>The handler's procedure call.
 *   <li><b>Commit</b>: a TAOBench transaction in a transaction is committed here ({@link
 *       Session#commit}), so that the sizes counted as committed did commit; anything else the
 *       runtime commits after {@code executeWork} returns.
 *   <li><b>After success</b>: what the worker learns from the outcome (range-scan history, a new
 *       node's id, observed versions), only once the request and its tracked commit succeeded.
 * </ol>
 *
 * <p>What a latency sample covers is the runtime's to say (docs/runtime.md, "What a latency sample
 * covers"): it times the whole {@code doWork}, so every step here, the runtime's commit and every
 * retry of a failed attempt are inside one sample, as in upstream BenchBase.
 *
 * <p>The steps are written as calls before and after the procedure's, not as wrappers around it,
 * where that is as clear: what is on the stack when the procedure reaches the database is what
 * docs/architecture.md's request-path table lists, and {@code RequestPathTest} keeps it short.
 */
final class RequestPipeline {

  private final RequestStamp stamp;
  private final TaoRequestGenerator taoBench;
  private final WriteTracker tracker;
  private final RunDraws draws;
  private final RequestConnections connections;
  private final ReadAnomalies anomalies;
  private final ReadChecker checker;
  private Connection probed;

  /**
   * @param stamp the stamp the worker's handlers put into their writes
   * @param taoBench the worker's TAOBench request stream, whose version beliefs follow each
   *     TAOBench request's outcome, or null when the run has none
   * @param tracker the run's lost-write tracker
   * @param draws the run's fidelity counters
   * @param connections the worker's connections: its own, and its read replica's if any
   */
  RequestPipeline(
      RequestStamp stamp,
      TaoRequestGenerator taoBench,
      WriteTracker tracker,
      RunDraws draws,
      RequestConnections connections) {
    this(stamp, taoBench, tracker, draws, connections, null, 0);
  }

  /**
   * @param anomalies the run's read checks, or null when reads are not checked
   * @param terminal the worker's id, for the read-your-writes check
   */
  RequestPipeline(
      RequestStamp stamp,
      TaoRequestGenerator taoBench,
      WriteTracker tracker,
      RunDraws draws,
      RequestConnections connections,
      ReadAnomalies anomalies,
      int terminal) {
    this.stamp = stamp;
    this.taoBench = taoBench;
    this.tracker = tracker;
    this.draws = draws;
    this.connections = connections;
    this.anomalies = anomalies;
    this.checker = anomalies == null ? null : anomalies.checker(terminal);
  }

  /** Runs one request drawn by {@code handler}, of the transaction type {@code typeName}. */
  void execute(Connection conn, RequestHandler handler, String typeName)
      throws UserAbortException, SQLException {
    try {
      long tick = tracker.invoke();
      stamp.begin(tick);
      Request request = handler.draw();
      request.counted().into(draws);
      // the read checks remember a write from its tick to its acknowledgement
      WriteRecord record =
          anomalies == null || !request.shape().isWrite()
              ? null
              : anomalies.recent().begin(tick, checker.terminal(), request.candidates());
      Outcome outcome;
      try {
        Session own = connections.ownSessionFor(request.shape());
        outcome =
            own != null
                ? deliverChecked(conn, own, conn, request, tick, record, typeName)
                : connections.run(
                    conn,
                    request.shape(),
                    (c, session) ->
                        deliverChecked(c, session, conn, request, tick, record, typeName));
      } catch (SQLException e) {
        forgetBeliefs(request);
        // a lost connection leaves the outcome unknown: the record stays unacknowledged
        if (record != null && e.getSQLState() != null && !e.getSQLState().startsWith("08")) {
          anomalies.recent().rolledBack(record);
        }
        throw e;
      } catch (RuntimeException e) {
        if (e instanceof UserAbortException) {
          forgetBeliefs(request);
        }
        if (record != null) {
          anomalies.recent().rolledBack(record);
        }
        throw e;
      }
      if (record != null) {
        anomalies.recent().acknowledged(record, tracker.invoke(), outcome.effects());
        checker.ownWriteAcknowledged(record);
      }
      outcome.afterSuccess().run();
      if (request.taoBench() != null) {
        draws.taoBench().committed(request.taoBench());
        if (request.shape().isWrite()) {
          taoBench.committed(request.taoBench());
        }
      }
    } catch (SQLException e) {
      throw LockConflicts.retryable(e, connections.databaseType());
    }
  }

  /** A failed TAOBench request leaves the worker unsure of the versions of the keys it touched. */
  private void forgetBeliefs(Request request) {
    if (request.taoBench() != null) {
      taoBench.aborted(request.taoBench());
    }
  }

  /**
   * Delivers the request on {@code conn} and, when reads are checked, checks a read's result
   * against the remembered writes ({@code workerConn} is the runtime's connection, which the
   * setting probe compares with).
   */
  private Outcome deliverChecked(
      Connection conn,
      Session session,
      Connection workerConn,
      Request request,
      long tick,
      WriteRecord record,
      String typeName)
      throws SQLException {
    if (checker == null || request.shape().isWrite()) {
      return deliver(conn, session, request, tick, record);
    }
    if (conn != probed) {
      anomalies.probe(DatabaseFamily.of(session.databaseType()), conn, workerConn);
      probed = conn;
    }
    Outcome outcome = deliver(conn, session, request, tick, null);
    if (outcome.observed() != null) {
      checker.check(tick, outcome.observed(), typeName, conn);
    }
    return outcome;
  }

  /**
   * @param record the write's record for the read checks, or null: when present, a write in a
   *     transaction commits here, so that its acknowledgement is known
   */
  private Outcome deliver(
      Connection conn, Session session, Request request, long tick, WriteRecord record)
      throws SQLException {
    Delivery delivery = session.delivery(conn, request.shape());
    switch (delivery.mode()) {
      case AUTOCOMMIT:
        return session.runInAutocommit(conn, request.body(), delivery);
      case SELF_COMMITTING:
        {
          WriteTracker.Opened opened = tracker.beginSelfCommitting(tick, request.candidates());
          Outcome outcome;
          try {
            outcome = session.runInAutocommit(conn, request.body(), delivery);
          } catch (SQLException | RuntimeException e) {
            tracker.selfCommitFailed(opened, e);
            throw e;
          }
          tracker.selfCommitted(opened, tick, request.candidates(), outcome.effects());
          return outcome;
        }
      default:
        session.beginTransaction(conn);
        if (!request.shape().isWrite()) {
          Outcome outcome = request.body().run(conn, delivery);
          commitTaoBenchTransaction(conn, session, request);
          return outcome;
        }
        Outcome outcome = request.body().run(conn, delivery);
        if (!tracker.commit(conn, tick, outcome.effects())) {
          if (record != null) {
            session.commit(conn);
          } else {
            commitTaoBenchTransaction(conn, session, request);
          }
        }
        return outcome;
    }
  }

  /**
   * Commits a TAOBench transaction, so that the transaction sizes counted as committed did commit;
   * the runtime's own commit then finds nothing to do.
   */
  private void commitTaoBenchTransaction(Connection conn, Session session, Request request)
      throws SQLException {
    if (request.taoBench() != null && request.taoBench().type().isTransaction()) {
      session.commit(conn);
    }
  }
}
