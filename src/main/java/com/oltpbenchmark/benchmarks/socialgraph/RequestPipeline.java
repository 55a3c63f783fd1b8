package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.Procedure.UserAbortException;
import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteTracker;
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
 *   <li><b>Delivery</b> ({@link Session}): the worker's session answers, for the request's shape,
 *       whether it runs in autocommit, commits itself in one round trip, or runs in a transaction;
 *       the switch below frames the request by it, and the procedure gets the answer and takes its
 *       SQL from it by {@link Delivery}'s one rule.
 *   <li><b>Lost-write tracking</b> ({@link WriteTracker}): a write takes its invoke stamp right
 *       before its procedure and, after it returned, commits itself if it touched a tracked key.
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
  private final Session session;

  /**
   * @param sources where handlers draw requests from
   * @param tracker the run's lost-write tracker
   * @param draws the run's fidelity counters
   * @param session the worker's connection
   */
  RequestPipeline(
      RequestHandler.Sources sources, WriteTracker tracker, Request.Draws draws, Session session) {
    this.sources = sources;
    this.tracker = tracker;
    this.draws = draws;
    this.session = session;
  }

  /** Runs one request of {@code procedure}'s transaction type. */
  void execute(Connection conn, Class<? extends Procedure> procedure, String typeName)
      throws UserAbortException, SQLException {
    try {
      Request request = handler(procedure, typeName).draw(sources);
      request.counted().into(draws);
      Outcome outcome = runKeepingBeliefs(conn, request);
      outcome.afterSuccess().run();
      if (request.taoBench() != null) {
        draws.taoBench().committed(request.taoBench());
        if (request.shape().isWrite()) {
          sources.taoBench().committed(request.taoBench());
        }
      }
    } catch (SQLException e) {
      throw LockConflicts.retryable(e, session.databaseType());
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

  private Outcome runKeepingBeliefs(Connection conn, Request request) throws SQLException {
    try {
      return deliver(conn, request);
    } catch (UserAbortException | SQLException e) {
      if (request.taoBench() != null) {
        sources.taoBench().aborted(request.taoBench());
      }
      throw e;
    }
  }

  private Outcome deliver(Connection conn, Request request) throws SQLException {
    Delivery delivery = session.delivery(conn, request.shape());
    switch (delivery.mode()) {
      case AUTOCOMMIT:
        return session.runInAutocommit(conn, request.body(), delivery);
      case SELF_COMMITTING:
        return tracker.selfCommitting(
            tracker.invoke(),
            request.candidates(),
            () -> session.runInAutocommit(conn, request.body(), delivery),
            Outcome::effects);
      default:
        session.beginTransaction(conn);
        if (!request.shape().isWrite()) {
          Outcome outcome = request.body().run(conn, delivery);
          commitTaoBenchTransaction(conn, request);
          return outcome;
        }
        long invoke = tracker.invoke();
        Outcome outcome = request.body().run(conn, delivery);
        if (!tracker.commit(conn, invoke, outcome.effects())) {
          commitTaoBenchTransaction(conn, request);
        }
        return outcome;
    }
  }

  /**
   * Commits a TAOBench transaction, so that the transaction sizes counted as committed did commit;
   * the runtime's own commit then finds nothing to do.
   */
  private void commitTaoBenchTransaction(Connection conn, Request request) throws SQLException {
    if (request.taoBench() != null && request.taoBench().type().isTransaction()) {
      session.commit(conn);
    }
  }
}
