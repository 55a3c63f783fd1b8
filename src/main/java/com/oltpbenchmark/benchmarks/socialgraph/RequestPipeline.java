package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.Procedure.UserAbortException;
import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.ReadAnomalies;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.ReadChecker;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.WriteRecord;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteTracker;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Runs one request of any transaction type: finds the type's handler in {@link RequestHandlers},
 * lets it draw the request, and applies every concern that requests share, here and nowhere else. A
 * new concern is one more step below; no handler changes.
 *
 * <p>The steps, outermost first:
 *
 * <ol>
 *   <li><b>Lock conflicts</b> ({@link LockConflicts}): whatever fails below leaves in the one form
 *       every BenchBase runtime retries, so a run's outcome does not depend on the runtime.
 *   <li><b>Draw</b>: the handler draws the request from the worker's generator.
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
 */
final class RequestPipeline {

  private final RequestHandler.Sources sources;
  private final WriteTracker tracker;
  private final Request.Draws draws;
  private final RequestConnections connections;
  private final ReadAnomalies anomalies;
  private final ReadChecker checker;
  private Connection probed;

  /**
   * @param sources where handlers draw requests from
   * @param tracker the run's lost-write tracker
   * @param draws the run's fidelity counters
   * @param connections the worker's connections: its own, and its read replica's if any
   */
  RequestPipeline(
      RequestHandler.Sources sources,
      WriteTracker tracker,
      Request.Draws draws,
      RequestConnections connections) {
    this(sources, tracker, draws, connections, null, 0);
  }

  /**
   * @param anomalies the run's read checks, or null when reads are not checked
   * @param terminal the worker's id, for the read-your-writes check
   */
  RequestPipeline(
      RequestHandler.Sources sources,
      WriteTracker tracker,
      Request.Draws draws,
      RequestConnections connections,
      ReadAnomalies anomalies,
      int terminal) {
    this.sources = sources;
    this.tracker = tracker;
    this.draws = draws;
    this.connections = connections;
    this.anomalies = anomalies;
    this.checker = anomalies == null ? null : anomalies.checker(terminal);
  }

  /** Runs one request of {@code procedure}'s transaction type. */
  void execute(Connection conn, Class<? extends Procedure> procedure, String typeName)
      throws UserAbortException, SQLException {
    try {
      long tick = tracker.invoke();
      sources.beginRequest(tick);
      Request request = handler(procedure, typeName).draw(sources);
      request.counted().into(draws);
      Outcome outcome = runKeepingBeliefs(conn, request, tick, typeName);
      outcome.afterSuccess().run();
      if (request.taoBench() != null) {
        draws.taoBench().committed(request.taoBench());
        if (request.shape().isWrite()) {
          sources.taoBench().committed(request.taoBench());
        }
      }
    } catch (SQLException e) {
      throw LockConflicts.retryable(e, connections.databaseType());
    }
  }

  private static RequestHandler handler(Class<? extends Procedure> procedure, String typeName) {
    RequestHandlers.Registration r = RequestHandlers.of(procedure);
    if (r == null) {
      throw new IllegalStateException(
          "socialgraph has no transaction type " + typeName + " (" + procedure.getName() + ")");
    }
    return r.handler();
  }

  private Outcome runKeepingBeliefs(Connection conn, Request request, long tick, String typeName)
      throws SQLException {
    if (anomalies == null || !request.shape().isWrite()) {
      return runKeepingBeliefs(conn, request, tick, null, typeName);
    }
    WriteRecord record = anomalies.recent().begin(tick, checker.terminal(), request.candidates());
    Outcome outcome;
    try {
      outcome = runKeepingBeliefs(conn, request, tick, record, typeName);
    } catch (SQLException e) {
      // a lost connection leaves the outcome unknown: the record stays unacknowledged
      if (e.getSQLState() != null && !e.getSQLState().startsWith("08")) {
        anomalies.recent().rolledBack(record);
      }
      throw e;
    } catch (RuntimeException e) {
      anomalies.recent().rolledBack(record);
      throw e;
    }
    anomalies.recent().acknowledged(record, tracker.invoke(), outcome.effects());
    checker.ownWriteAcknowledged(record);
    return outcome;
  }

  private Outcome runKeepingBeliefs(
      Connection conn, Request request, long tick, WriteRecord record, String typeName)
      throws SQLException {
    try {
      return connections.run(
          conn,
          request.shape(),
          (c, session) -> {
            if (checker == null || request.shape().isWrite()) {
              return deliver(c, session, request, tick, record);
            }
            if (c != probed) {
              anomalies.probe(DatabaseFamily.of(session.databaseType()), c, conn);
              probed = c;
            }
            Outcome outcome = deliver(c, session, request, tick, null);
            if (outcome.observed() != null) {
              checker.check(tick, outcome.observed(), typeName, c);
            }
            return outcome;
          });
    } catch (UserAbortException | SQLException e) {
      if (request.taoBench() != null) {
        sources.taoBench().aborted(request.taoBench());
      }
      throw e;
    }
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
        return tracker.selfCommitting(
            tick,
            request.candidates(),
            () -> session.runInAutocommit(conn, request.body(), delivery),
            Outcome::effects);
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
