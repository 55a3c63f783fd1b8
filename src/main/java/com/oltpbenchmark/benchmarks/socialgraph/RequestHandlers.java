package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.audit.TaoWriteEffects;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteEffect;
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
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The module's transaction types: each procedure's handler, registered once, in the sample configs'
 * order. Adding a transaction type is one {@code register} line here plus its handler.
 *
 * <p>Deviations from LinkBench's request loop, on purpose: UpdateLink runs the UpdateLink procedure
 * (LinkBench ran addLink), and paged range scans are timed like any other request (LinkBench
 * recorded them as 0 µs).
 */
final class RequestHandlers {

  /** The workload a transaction type belongs to. */
  enum Workload {
    LINKBENCH,
    TAOBENCH
  }

  /**
   * One registered transaction type.
   *
   * @param taoBenchType the TAOBench request type it runs, null for a LinkBench type
   */
  record Registration(Workload workload, TaoRequestType taoBenchType, RequestHandler handler) {}

  private static final Map<Class<? extends Procedure>, Registration> REGISTERED;

  static {
    Map<Class<? extends Procedure>, Registration> m = new LinkedHashMap<>();
    linkBench(m, GetNode.class, RequestHandlers::getNode);
    linkBench(m, AddNode.class, RequestHandlers::addNode);
    linkBench(m, UpdateNode.class, RequestHandlers::updateNode);
    linkBench(m, DeleteNode.class, RequestHandlers::deleteNode);
    linkBench(m, GetLink.class, RequestHandlers::getLink);
    linkBench(m, GetLinkList.class, RequestHandlers::getLinkList);
    linkBench(m, CountLink.class, RequestHandlers::countLink);
    linkBench(m, AddLink.class, RequestHandlers::addLink);
    linkBench(m, UpdateLink.class, RequestHandlers::updateLink);
    linkBench(m, DeleteLink.class, RequestHandlers::deleteLink);
    taoBench(m, Read.class, TaoRequestType.READ, RequestHandlers::read);
    taoBench(m, ReadTxn.class, TaoRequestType.READ_TXN, RequestHandlers::readTxn);
    taoBench(m, Write.class, TaoRequestType.WRITE, RequestHandlers::write);
    taoBench(m, WriteTxn.class, TaoRequestType.WRITE_TXN, RequestHandlers::writeTxn);
    REGISTERED = Collections.unmodifiableMap(m);
  }

  private RequestHandlers() {}

  private static void linkBench(
      Map<Class<? extends Procedure>, Registration> m,
      Class<? extends Procedure> procedure,
      RequestHandler handler) {
    register(m, procedure, new Registration(Workload.LINKBENCH, null, handler));
  }

  private static void taoBench(
      Map<Class<? extends Procedure>, Registration> m,
      Class<? extends Procedure> procedure,
      TaoRequestType type,
      TaoHandler handler) {
    RequestHandler drawsTaoRequest =
        from -> {
          TaoRequestGenerator g = from.taoBench();
          // A retried transaction is a fresh request, as in TAOBench.
          TaoRequest request = g.next(type);
          return handler.draw(from, g, request).forTaoBench(request);
        };
    register(m, procedure, new Registration(Workload.TAOBENCH, type, drawsTaoRequest));
  }

  private static void register(
      Map<Class<? extends Procedure>, Registration> m,
      Class<? extends Procedure> procedure,
      Registration registration) {
    if (m.putIfAbsent(procedure, registration) != null) {
      throw new IllegalStateException(procedure.getSimpleName() + " registered twice");
    }
  }

  /** The registration of a procedure, or null when it is not one of the module's. */
  static Registration of(Class<? extends Procedure> procedure) {
    return REGISTERED.get(procedure);
  }

  /** Every registered procedure, in the sample configs' order. */
  static Map<Class<? extends Procedure>, Registration> all() {
    return REGISTERED;
  }

  /** The procedures of one workload, in the sample configs' order. */
  static List<Class<? extends Procedure>> procedures(Workload workload) {
    List<Class<? extends Procedure>> out = new ArrayList<>();
    REGISTERED.forEach(
        (procedure, r) -> {
          if (r.workload() == workload) {
            out.add(procedure);
          }
        });
    return List.copyOf(out);
  }

  // LinkBench

  private static Request getNode(RequestHandler.Sources from) {
    long id = from.linkBench().getNodeId();
    return Request.singleStatementRead(
        draws -> draws.linkBench().nodeRead(id),
        (conn, delivery) -> {
          return Outcome.saw(from.procedure(GetNode.class).run(conn, Node.DEFAULT_TYPE, id));
        });
  }

  private static Request addNode(RequestHandler.Sources from) {
    LinkBenchRequestGenerator g = from.linkBench();
    Node node = from.stamped(g.addNode());
    return Request.oneRoundTripWrite(
        draws -> draws.linkBench().nodeAdded(node),
        List.of(),
        (conn, delivery) -> {
          long id = from.procedure(AddNode.class).run(conn, node);
          return Outcome.wrote(WriteEffect.node(id, node.version(), node.data()));
        });
  }

  private static Request updateNode(RequestHandler.Sources from) {
    Node node = from.stamped(from.linkBench().updateNode());
    return Request.oneRoundTripWrite(
        draws -> draws.linkBench().nodeUpdated(node),
        List.of(WriteEffect.node(node), WriteEffect.nodeAbsent(node.id())),
        (conn, delivery) -> {
          boolean found = from.procedure(UpdateNode.class).run(conn, node);
          return Outcome.wrote(found ? WriteEffect.node(node) : WriteEffect.nodeAbsent(node.id()));
        });
  }

  private static Request deleteNode(RequestHandler.Sources from) {
    long id = from.linkBench().deleteNodeId();
    return Request.oneRoundTripWrite(
        Request.Counted.NOTHING,
        List.of(WriteEffect.nodeAbsent(id)),
        (conn, delivery) -> {
          from.procedure(DeleteNode.class).run(conn, Node.DEFAULT_TYPE, id);
          return Outcome.wrote(WriteEffect.nodeAbsent(id));
        });
  }

  private static Request getLink(RequestHandler.Sources from) {
    MultiGet get = from.linkBench().getLink();
    GetLink procedure = from.procedure(GetLink.class);
    Request.Body body =
        (conn, delivery) -> {
          return Outcome.saw(procedure.run(conn, get.id1(), get.linkType(), get.id2s()));
        };
    return procedure.isSingleStatement(get.id2s())
        ? Request.singleStatementRead(Request.Counted.NOTHING, body)
        : Request.readTransaction(Request.Counted.NOTHING, body);
  }

  private static Request getLinkList(RequestHandler.Sources from) {
    LinkBenchRequestGenerator g = from.linkBench();
    RangeScan scan = g.getLinkList();
    return Request.singleStatementRead(
        draws -> draws.linkBench().linkListRead(scan.id1()),
        (conn, delivery) -> {
          List<Link> links =
              from.procedure(GetLinkList.class)
                  .run(
                      conn,
                      scan.id1(),
                      scan.linkType(),
                      scan.minTime(),
                      scan.maxTime(),
                      scan.offset(),
                      scan.limit());
          return Outcome.saw(links, () -> g.rangeScanned(scan, links));
        });
  }

  private static Request countLink(RequestHandler.Sources from) {
    LinkList key = from.linkBench().countLink();
    return Request.singleStatementRead(
        Request.Counted.NOTHING,
        (conn, delivery) -> {
          from.procedure(CountLink.class).run(conn, key.id1(), key.linkType());
          return Outcome.READ;
        });
  }

  private static Request addLink(RequestHandler.Sources from) {
    Link link = from.stamped(from.linkBench().addLink());
    return Request.oneRoundTripWrite(
        draws -> draws.linkBench().linkWritten(link),
        List.of(WriteEffect.link(link)),
        (conn, delivery) -> {
          from.procedure(AddLink.class).run(conn, delivery, link);
          return Outcome.wrote(WriteEffect.link(link));
        });
  }

  private static Request updateLink(RequestHandler.Sources from) {
    Link link = from.stamped(from.linkBench().updateLink());
    return Request.oneRoundTripWrite(
        draws -> draws.linkBench().linkWritten(link),
        List.of(WriteEffect.link(link)),
        (conn, delivery) -> {
          from.procedure(UpdateLink.class).run(conn, delivery, link);
          return Outcome.wrote(WriteEffect.link(link));
        });
  }

  private static Request deleteLink(RequestHandler.Sources from) {
    LinkKey key = from.linkBench().deleteLink();
    return Request.oneRoundTripWrite(
        Request.Counted.NOTHING,
        List.of(WriteEffect.linkHidden(key.id1(), key.linkType(), key.id2())),
        (conn, delivery) -> {
          // LinkBench's request phase always hides (expunge = false).
          from.procedure(DeleteLink.class)
              .run(conn, delivery, key.id1(), key.linkType(), key.id2(), false);
          return Outcome.wrote(WriteEffect.linkHidden(key.id1(), key.linkType(), key.id2()));
        });
  }

  // TAOBench: point reads feed the worker's version beliefs; the pipeline moves them on a
  // committed write and forgets them on an abort.

  /** A TAOBench handler, given the request already drawn for its type. */
  @FunctionalInterface
  private interface TaoHandler {
    Request draw(RequestHandler.Sources from, TaoRequestGenerator g, TaoRequest request);
  }

  private static Request.Counted requested(TaoRequest request) {
    return draws -> draws.taoBench().requested(request);
  }

  private static Request read(
      RequestHandler.Sources from, TaoRequestGenerator g, TaoRequest request) {
    return Request.singleStatementRead(
        requested(request),
        (conn, delivery) -> {
          TaoReadResult r = from.procedure(Read.class).run(conn, request.single());
          return Outcome.saw(r, () -> g.observed(r.op(), r.version()));
        });
  }

  private static Request readTxn(
      RequestHandler.Sources from, TaoRequestGenerator g, TaoRequest request) {
    ReadTxn procedure = from.procedure(ReadTxn.class);
    Request.Body body =
        (conn, delivery) -> {
          return Outcome.saw(
              procedure.run(conn, delivery, request.ops(), r -> g.observed(r.op(), r.version())));
        };
    return Request.readGroup(requested(request), body);
  }

  private static Request write(
      RequestHandler.Sources from, TaoRequestGenerator g, TaoRequest request) {
    return Request.oneRoundTripWrite(
        requested(request),
        TaoWriteEffects.of(from.stamped(request.ops())),
        (conn, delivery) -> {
          from.procedure(Write.class).run(conn, delivery, request.single());
          return Outcome.wrote(TaoWriteEffects.of(request.ops()));
        });
  }

  private static Request writeTxn(
      RequestHandler.Sources from, TaoRequestGenerator g, TaoRequest request) {
    WriteTxn procedure = from.procedure(WriteTxn.class);
    from.stamped(request.ops());
    Request.Body body =
        (conn, delivery) -> {
          procedure.run(conn, delivery, request.ops());
          return Outcome.wrote(TaoWriteEffects.of(request.ops()));
        };
    return Request.writeGroup(requested(request), TaoWriteEffects.of(request.ops()), body);
  }
}
