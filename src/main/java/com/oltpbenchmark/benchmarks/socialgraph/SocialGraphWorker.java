package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.Procedure.UserAbortException;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.socialgraph.audit.TaoWriteEffects;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteEffect;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteTracker;
import com.oltpbenchmark.benchmarks.socialgraph.fidelity.TaoBenchDraws;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequestGenerator;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequests.LinkKey;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequests.LinkList;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequests.MultiGet;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequests.RangeScan;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.AddLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.AddNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.CountLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.DeleteLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.DeleteNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetLinkList;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Read;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ReadTxn;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.UpdateLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.UpdateNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Write;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.WriteTxn;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReadResult;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequest;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestGenerator;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestType;
import com.oltpbenchmark.types.TransactionStatus;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * One terminal. The phase's weights choose the transaction type; this worker builds its arguments
 * and runs the procedure: LinkBench types from a {@link LinkBenchRequestGenerator} (this worker's
 * own random stream), TAOBench types from the TAOBench request generator.
 *
 * <p>Deviations from LinkBench's request loop, on purpose: UpdateLink runs the UpdateLink procedure
 * (LinkBench ran addLink), and paged range scans are timed like any other request (LinkBench
 * recorded them as 0 µs).
 */
public final class SocialGraphWorker extends Worker<SocialGraphBenchmark> {

  private final LinkBenchRequestGenerator linkbench;
  private final TaoRequestGenerator taobench;

  /** The procedures of the LinkBench transaction types, in the sample configs' order. */
  public static final List<Class<? extends Procedure>> LINKBENCH_PROCEDURES =
      List.of(
          GetNode.class,
          AddNode.class,
          UpdateNode.class,
          DeleteNode.class,
          GetLink.class,
          GetLinkList.class,
          CountLink.class,
          AddLink.class,
          UpdateLink.class,
          DeleteLink.class);

  /** The procedures of the TAOBench transaction types, in the sample configs' order. */
  public static final List<Class<? extends Procedure>> TAOBENCH_PROCEDURES =
      List.of(Read.class, ReadTxn.class, Write.class, WriteTxn.class);

  private static final Map<Class<? extends Procedure>, TaoRequestType> TAOBENCH_TYPES =
      Map.of(
          Read.class,
          TaoRequestType.READ,
          ReadTxn.class,
          TaoRequestType.READ_TXN,
          Write.class,
          TaoRequestType.WRITE,
          WriteTxn.class,
          TaoRequestType.WRITE_TXN);

  private final WriteTracker tracker;
  private final SingleStatementReads reads;

  /**
   * @param linkbench this worker's LinkBench request stream, or null when the run has no LinkBench
   *     transaction type
   * @param taobench this worker's TAOBench request stream, or null when the run has no TAOBench
   *     transaction type
   */
  public SocialGraphWorker(
      SocialGraphBenchmark benchmark,
      int id,
      LinkBenchRequestGenerator linkbench,
      TaoRequestGenerator taobench) {
    super(benchmark, id);
    this.linkbench = linkbench;
    this.taobench = taobench;
    this.tracker = benchmark.writeTracker();
    this.reads = new SingleStatementReads(getWorkloadConfiguration().getIsolationMode());
  }

  /** Whether the procedure is a LinkBench request. */
  static boolean isLinkBench(Class<? extends Procedure> procedure) {
    return LINKBENCH_PROCEDURES.contains(procedure);
  }

  /** The TAOBench request type the procedure runs, or null for a non-TAOBench procedure. */
  static TaoRequestType taoBenchType(Class<? extends Procedure> procedure) {
    return TAOBENCH_TYPES.get(procedure);
  }

  private LinkBenchRequestGenerator linkBenchRequests() {
    if (linkbench == null) {
      throw new IllegalStateException("worker built without LinkBench transaction types");
    }
    return linkbench;
  }

  private TaoRequestGenerator taoBenchRequests() {
    if (taobench == null) {
      throw new IllegalStateException("worker built without TAOBench transaction types");
    }
    return taobench;
  }

  /**
   * Runs one request; lock conflicts leave in the one form every BenchBase runtime retries (see
   * {@link LockConflicts}), so a run's outcome does not depend on which runtime runs the module.
   */
  @Override
  protected TransactionStatus executeWork(Connection conn, TransactionType txnType)
      throws UserAbortException, SQLException {
    try {
      return execute(conn, txnType);
    } catch (SQLException e) {
      throw LockConflicts.retryable(e, getWorkloadConfiguration().getDatabaseType());
    }
  }

  private TransactionStatus execute(Connection conn, TransactionType txnType)
      throws UserAbortException, SQLException {
    Class<? extends Procedure> type = txnType.getProcedureClass();
    if (type == GetLinkList.class) {
      getLinkList(conn);
      return TransactionStatus.SUCCESS;
    }
    if (type == GetNode.class) {
      long id = linkBenchRequests().getNodeId();
      getBenchmark().linkBenchDraws().nodeRead(id);
      reads.run(conn, c -> getProcedure(GetNode.class).run(c, Node.DEFAULT_TYPE, id));
      return TransactionStatus.SUCCESS;
    }
    if (type == CountLink.class) {
      LinkList key = linkBenchRequests().countLink();
      reads.run(conn, c -> getProcedure(CountLink.class).run(c, key.id1(), key.linkType()));
      return TransactionStatus.SUCCESS;
    }
    if (type == GetLink.class) {
      MultiGet get = linkBenchRequests().getLink();
      GetLink procedure = getProcedure(GetLink.class);
      if (procedure.isSingleStatement(get.id2s())) {
        reads.run(conn, c -> procedure.run(c, get.id1(), get.linkType(), get.id2s()));
      } else {
        reads.beforeTransaction(conn);
        procedure.run(conn, get.id1(), get.linkType(), get.id2s());
      }
      return TransactionStatus.SUCCESS;
    }
    if (type == Read.class) {
      return executeTaoBench(conn, TaoRequestType.READ);
    }
    reads.beforeTransaction(conn);
    if (type == AddLink.class) {
      long invoke = tracker.invoke();
      Link link = linkBenchRequests().addLink();
      getBenchmark().linkBenchDraws().linkWritten(link);
      getProcedure(AddLink.class).run(conn, link);
      tracker.commit(conn, invoke, WriteEffect.link(link));
    } else if (type == UpdateLink.class) {
      long invoke = tracker.invoke();
      Link link = linkBenchRequests().updateLink();
      getBenchmark().linkBenchDraws().linkWritten(link);
      getProcedure(UpdateLink.class).run(conn, link);
      tracker.commit(conn, invoke, WriteEffect.link(link));
    } else if (type == UpdateNode.class) {
      long invoke = tracker.invoke();
      Node node = linkBenchRequests().updateNode();
      getBenchmark().linkBenchDraws().nodeUpdated(node);
      boolean found = getProcedure(UpdateNode.class).run(conn, node);
      tracker.commit(
          conn, invoke, found ? WriteEffect.node(node) : WriteEffect.nodeAbsent(node.id()));
    } else if (type == DeleteLink.class) {
      LinkKey key = linkBenchRequests().deleteLink();
      long invoke = tracker.invoke();
      // LinkBench's request phase always hides (expunge = false).
      getProcedure(DeleteLink.class).run(conn, key.id1(), key.linkType(), key.id2(), false);
      tracker.commit(conn, invoke, WriteEffect.linkHidden(key.id1(), key.linkType(), key.id2()));
    } else if (type == AddNode.class) {
      LinkBenchRequestGenerator g = linkBenchRequests();
      long invoke = tracker.invoke();
      Node node = g.addNode();
      getBenchmark().linkBenchDraws().nodeAdded(node);
      long id = getProcedure(AddNode.class).run(conn, node);
      tracker.commit(conn, invoke, WriteEffect.node(id, node.version(), node.data()));
      g.nodeAdded(id);
    } else if (type == DeleteNode.class) {
      long invoke = tracker.invoke();
      long id = linkBenchRequests().deleteNodeId();
      getProcedure(DeleteNode.class).run(conn, Node.DEFAULT_TYPE, id);
      tracker.commit(conn, invoke, WriteEffect.nodeAbsent(id));
    } else {
      TaoRequestType tao = TAOBENCH_TYPES.get(type);
      if (tao == null) {
        throw new IllegalStateException(
            "socialgraph has no transaction type "
                + txnType.getName()
                + " ("
                + type.getName()
                + ")");
      }
      return executeTaoBench(conn, tao);
    }
    return TransactionStatus.SUCCESS;
  }

  private void getLinkList(Connection conn) throws SQLException {
    LinkBenchRequestGenerator g = linkBenchRequests();
    RangeScan scan = g.getLinkList();
    getBenchmark().linkBenchDraws().linkListRead(scan.id1());
    List<Link> links =
        reads.run(
            conn,
            c ->
                getProcedure(GetLinkList.class)
                    .run(
                        c,
                        scan.id1(),
                        scan.linkType(),
                        scan.minTime(),
                        scan.maxTime(),
                        scan.offset(),
                        scan.limit()));
    g.rangeScanned(scan, links);
  }

  private TaoBenchDraws taoDraws;

  /**
   * The phase weights chose the request type; the generator builds a request of that type (its own
   * operations draw is not used here). A retried transaction is a fresh request, as in TAOBench.
   * Point reads feed this worker's version beliefs, committed writes move them, a failed
   * precondition forgets them.
   */
  private TransactionStatus executeTaoBench(Connection conn, TaoRequestType type)
      throws UserAbortException, SQLException {
    TaoRequestGenerator g = taoBenchRequests();
    TaoRequest request = g.next(type);
    if (taoDraws == null) {
      taoDraws = getBenchmark().taoBenchDraws(g.workload().primaryShards().probabilities());
    }
    taoDraws.requested(request);
    try {
      switch (type) {
        case READ -> {
          TaoReadResult r = reads.run(conn, c -> getProcedure(Read.class).run(c, request.single()));
          g.observed(r.op(), r.version());
        }
        case READ_TXN ->
            getProcedure(ReadTxn.class)
                .run(conn, request.ops(), r -> g.observed(r.op(), r.version()));
        case WRITE -> {
          long invoke = tracker.invoke();
          getProcedure(Write.class).run(conn, request.single());
          tracker.commit(conn, invoke, TaoWriteEffects.of(request.ops()));
        }
        case WRITE_TXN -> {
          long invoke = tracker.invoke();
          getProcedure(WriteTxn.class).run(conn, request.ops());
          tracker.commit(conn, invoke, TaoWriteEffects.of(request.ops()));
        }
        default -> throw new IllegalStateException(type.toString());
      }
    } catch (UserAbortException | SQLException e) {
      g.aborted(request);
      throw e;
    }
    if (type.isWrite()) {
      g.committed(request);
    }
    return TransactionStatus.SUCCESS;
  }
}
