package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.Procedure.UserAbortException;
import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteTracker;
import com.oltpbenchmark.benchmarks.socialgraph.fidelity.LinkBenchDraws;
import com.oltpbenchmark.benchmarks.socialgraph.fidelity.TaoBenchDraws;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestGenerator;
import com.oltpbenchmark.types.DatabaseType;
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
 *   <li><b>Transaction shape</b> ({@link SingleStatementReads}): a single-statement read runs in
 *       autocommit where the driver makes that cheap, and so does a read transaction sent as one
 *       statement; any other request first gets a connection that is out of autocommit again.
 *   <li><b>Lost-write tracking</b> ({@link WriteTracker}): a write takes its invoke stamp right
 *       before its procedure and, after it returned, commits itself if it touched a tracked key.
 *   <li>The handler's procedure call.
 *   <li><b>After success</b>: what the worker learns from the outcome (range-scan history, a new
 *       node's id, observed versions), only once the request and its tracked commit succeeded.
 * </ol>
 *
 * Timing is the runtime's: it times {@code executeWork} as a whole, so every step here is inside
 * the measured latency.
 */
final class RequestPipeline {

  private final RequestHandler.Sources sources;
  private final SocialGraphBenchmark benchmark;
  private final WriteTracker tracker;
  private final SingleStatementReads reads;
  private final DatabaseType databaseType;
  private final Request.Draws draws = new RunDraws();
  private TaoBenchDraws taoBenchDraws;
  private Boolean selfCommittingWrites;

  RequestPipeline(
      RequestHandler.Sources sources,
      SocialGraphBenchmark benchmark,
      SingleStatementReads reads,
      DatabaseType databaseType) {
    this.sources = sources;
    this.benchmark = benchmark;
    this.tracker = benchmark.writeTracker();
    this.reads = reads;
    this.databaseType = databaseType;
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
        if (request.shape() == Request.Shape.WRITE) {
          sources.taoBench().committed(request.taoBench());
        }
      }
    } catch (SQLException e) {
      throw LockConflicts.retryable(e, databaseType);
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
      return runShaped(conn, request);
    } catch (UserAbortException | SQLException e) {
      if (request.taoBench() != null) {
        sources.taoBench().aborted(request.taoBench());
      }
      throw e;
    }
  }

  private Outcome runShaped(Connection conn, Request request) throws SQLException {
    if (request.shape() == Request.Shape.SINGLE_STATEMENT_READ
        || (request.shape() == Request.Shape.ONE_STATEMENT_READ_TRANSACTION
            && reads.mode(conn) != SingleStatementReads.Mode.UNCHANGED)) {
      // a read transaction that is one statement is, in autocommit, that statement's own
      // transaction; where autocommit is not cheap it runs in the runtime's transaction below
      return reads.run(conn, request.body()::run);
    }
    if (request.candidates() != null && writesCommitThemselves(conn)) {
      long invoke = tracker.invoke();
      return tracker.selfCommitting(
          invoke,
          request.candidates(),
          () -> reads.run(conn, request.body()::run),
          Outcome::effects);
    }
    reads.beforeTransaction(conn);
    Outcome outcome;
    boolean committed = false;
    if (request.shape() == Request.Shape.WRITE) {
      long invoke = tracker.invoke();
      outcome = request.body().run(conn);
      committed = tracker.commit(conn, invoke, outcome.effects());
    } else {
      outcome = request.body().run(conn);
    }
    if (!committed
        && request.taoBench() != null
        && request.taoBench().type().isTransaction()
        && !conn.getAutoCommit()) {
      // so that the transaction sizes counted as committed did commit; the runtime's own commit
      // then finds nothing to do
      conn.commit();
    }
    return outcome;
  }

  /**
   * Whether one-round-trip writes commit themselves here: {@code <serverWrites>} is on for this
   * database (link and TAOBench writes then call server routines) and the driver runs a statement
   * in autocommit cheaply. Elsewhere such a write still runs in the runtime's transaction.
   */
  private boolean writesCommitThemselves(Connection conn) throws SQLException {
    if (selfCommittingWrites == null) {
      selfCommittingWrites =
          benchmark.serverWriteRoutines() != null
              && reads.mode(conn) != SingleStatementReads.Mode.UNCHANGED;
    }
    return selfCommittingWrites;
  }

  /** The run's fidelity counters; TAOBench's are made with this worker's first TAOBench draw. */
  private final class RunDraws implements Request.Draws {
    @Override
    public LinkBenchDraws linkBench() {
      return benchmark.linkBenchDraws();
    }

    @Override
    public TaoBenchDraws taoBench() {
      if (taoBenchDraws == null) {
        TaoRequestGenerator g = sources.taoBench();
        taoBenchDraws = benchmark.taoBenchDraws(g.workload());
      }
      return taoBenchDraws;
    }
  }
}
