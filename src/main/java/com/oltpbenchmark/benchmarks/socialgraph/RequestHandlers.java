package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.RequestStamp;
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
import java.util.function.Function;

/**
 * The module's transaction types: each procedure's handler, registered once, in the sample configs'
 * order. Adding a transaction type is one {@code register} line here plus its handler. Each worker
 * binds the handlers of its run's types once, when it is built ({@link #bind}), to its own
 * procedure instances and request streams, so that a request finds its procedure without a lookup
 * (as upstream's YCSB worker binds its procedures in its constructor).
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
  record Registration(Workload workload, TaoRequestType taoBenchType, Binding binding) {}

  /**
   * What a worker binds its handlers to besides its procedures.
   *
   * @param linkBench the worker's LinkBench request stream, or null when the run has none
   * @param taoBench the worker's TAOBench request stream, or null when the run has none
   * @param stamp what the worker's writes carry for the read checks
   */
  record Streams(
      LinkBenchRequestGenerator linkBench, TaoRequestGenerator taoBench, RequestStamp stamp) {}

  /** Binds a registered type's handler to one worker's procedure instance and streams. */
  @FunctionalInterface
  interface Binding {
    RequestHandler bind(Procedure procedure, Streams streams);
  }

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

  /** A LinkBench handler, given its worker's procedure, LinkBench stream and stamp. */
  @FunctionalInterface
  private interface LinkBenchHandler<P extends Procedure> {
    Request draw(P procedure, LinkBenchRequestGenerator g, RequestStamp stamp);
  }

  /** A TAOBench handler, given also the request already drawn for its type. */
  @FunctionalInterface
  private interface TaoHandler<P extends Procedure> {
    Request draw(P procedure, TaoRequestGenerator g, RequestStamp stamp, TaoRequest request);
  }

  private static <P extends Procedure> void linkBench(
      Map<Class<? extends Procedure>, Registration> m,
      Class<P> procedure,
      LinkBenchHandler<P> handler) {
    Binding binding =
        binding(
            procedure,
            Streams::linkBench,
            "LinkBench",
            (bound, g, stamp) -> () -> handler.draw(bound, g, stamp));
    register(m, procedure, new Registration(Workload.LINKBENCH, null, binding));
  }

  private static <P extends Procedure> void taoBench(
      Map<Class<? extends Procedure>, Registration> m,
      Class<P> procedure,
      TaoRequestType type,
      TaoHandler<P> handler) {
    Binding binding =
        binding(
            procedure,
            Streams::taoBench,
            "TAOBench",
            (bound, g, stamp) ->
                () -> {
                  // A retried transaction is a fresh request, as in TAOBench.
                  TaoRequest request = g.next(type);
                  return handler.draw(bound, g, stamp, request).forTaoBench(request);
                });
    register(m, procedure, new Registration(Workload.TAOBENCH, type, binding));
  }

  /** A handler made from a worker's procedure instance, its workload's stream and its stamp. */
  @FunctionalInterface
  private interface Bound<P extends Procedure, G> {
    RequestHandler handler(P procedure, G stream, RequestStamp stamp);
  }

  /**
   * Binds {@code procedure}'s type to the stream {@code stream} picks from a worker's streams; a
   * worker built without that workload's stream gets a handler that says so.
   */
  private static <P extends Procedure, G> Binding binding(
      Class<P> procedure, Function<Streams, G> stream, String workload, Bound<P, G> bound) {
    return (p, streams) -> {
      G g = stream.apply(streams);
      return g == null
          ? withoutStream(workload)
          : bound.handler(procedure.cast(p), g, streams.stamp());
    };
  }

  /** The handler of a type whose workload's stream the worker was not built with. */
  private static RequestHandler withoutStream(String workload) {
    return () -> {
      throw new IllegalStateException("worker built without " + workload + " transaction types");
    };
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

  /**
   * The handler of {@code procedure}'s type bound to that procedure instance and {@code streams},
   * or null when the procedure is not one of the module's.
   */
  static RequestHandler bind(Procedure procedure, Streams streams) {
    Registration r = REGISTERED.get(procedure.getClass());
    return r == null ? null : r.binding().bind(procedure, streams);
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

  // LinkBench. A write's effects are built once, at the draw: the candidates the lost-write
  // tracker and the read checks open, and the outcome that acknowledges them, are the same objects.

  private static Request getNode(GetNode procedure, LinkBenchRequestGenerator g, RequestStamp s) {
    long id = g.getNodeId();
    return Request.singleStatementRead(
        draws -> draws.linkBench().nodeRead(id),
        (conn, delivery) -> {
          return Outcome.saw(procedure.run(conn, Node.DEFAULT_TYPE, id));
        });
  }

  private static Request addNode(AddNode procedure, LinkBenchRequestGenerator g, RequestStamp s) {
    Node node = s.stamped(g.addNode());
    return Request.oneRoundTripWrite(
        draws -> draws.linkBench().nodeAdded(node),
        List.of(),
        (conn, delivery) -> {
          long id = procedure.run(conn, node);
          return Outcome.wrote(WriteEffect.node(id, node.version(), node.data()));
        });
  }

  private static Request updateNode(
      UpdateNode procedure, LinkBenchRequestGenerator g, RequestStamp s) {
    Node node = s.stamped(g.updateNode());
    WriteEffect updated = WriteEffect.node(node);
    WriteEffect absent = WriteEffect.nodeAbsent(node.id());
    return Request.oneRoundTripWrite(
        draws -> draws.linkBench().nodeUpdated(node),
        List.of(updated, absent),
        (conn, delivery) -> {
          return Outcome.wrote(procedure.run(conn, node) ? updated : absent);
        });
  }

  private static Request deleteNode(
      DeleteNode procedure, LinkBenchRequestGenerator g, RequestStamp s) {
    long id = g.deleteNodeId();
    List<WriteEffect> effects = List.of(WriteEffect.nodeAbsent(id));
    return Request.oneRoundTripWrite(
        Request.Counted.NOTHING,
        effects,
        (conn, delivery) -> {
          procedure.run(conn, Node.DEFAULT_TYPE, id);
          return Outcome.wrote(effects);
        });
  }

  private static Request getLink(GetLink procedure, LinkBenchRequestGenerator g, RequestStamp s) {
    MultiGet get = g.getLink();
    Request.Body body =
        (conn, delivery) -> {
          return Outcome.saw(procedure.run(conn, get.id1(), get.linkType(), get.id2s()));
        };
    return procedure.isSingleStatement(get.id2s())
        ? Request.singleStatementRead(Request.Counted.NOTHING, body)
        : Request.readTransaction(Request.Counted.NOTHING, body);
  }

  private static Request getLinkList(
      GetLinkList procedure, LinkBenchRequestGenerator g, RequestStamp s) {
    RangeScan scan = g.getLinkList();
    return Request.singleStatementRead(
        draws -> draws.linkBench().linkListRead(scan.id1()),
        (conn, delivery) -> {
          List<Link> links =
              procedure.run(
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

  private static Request countLink(
      CountLink procedure, LinkBenchRequestGenerator g, RequestStamp s) {
    LinkList key = g.countLink();
    return Request.singleStatementRead(
        Request.Counted.NOTHING,
        (conn, delivery) -> {
          procedure.run(conn, key.id1(), key.linkType());
          return Outcome.READ;
        });
  }

  private static Request addLink(AddLink procedure, LinkBenchRequestGenerator g, RequestStamp s) {
    Link link = s.stamped(g.addLink());
    List<WriteEffect> effects = List.of(WriteEffect.link(link));
    return Request.oneRoundTripWrite(
        draws -> draws.linkBench().linkWritten(link),
        effects,
        (conn, delivery) -> {
          procedure.run(conn, delivery, link);
          return Outcome.wrote(effects);
        });
  }

  private static Request updateLink(
      UpdateLink procedure, LinkBenchRequestGenerator g, RequestStamp s) {
    Link link = s.stamped(g.updateLink());
    List<WriteEffect> effects = List.of(WriteEffect.link(link));
    return Request.oneRoundTripWrite(
        draws -> draws.linkBench().linkWritten(link),
        effects,
        (conn, delivery) -> {
          procedure.run(conn, delivery, link);
          return Outcome.wrote(effects);
        });
  }

  private static Request deleteLink(
      DeleteLink procedure, LinkBenchRequestGenerator g, RequestStamp s) {
    LinkKey key = g.deleteLink();
    List<WriteEffect> effects =
        List.of(WriteEffect.linkHidden(key.id1(), key.linkType(), key.id2()));
    return Request.oneRoundTripWrite(
        Request.Counted.NOTHING,
        effects,
        (conn, delivery) -> {
          // LinkBench's request phase always hides (expunge = false).
          procedure.run(conn, delivery, key.id1(), key.linkType(), key.id2(), false);
          return Outcome.wrote(effects);
        });
  }

  // TAOBench: point reads feed the worker's version beliefs; the pipeline moves them on a
  // committed write and forgets them on an abort. A write's payloads are stamped before its effects
  // are computed (once), so the effects recorded are those of the payloads sent.

  private static Request.Counted requested(TaoRequest request) {
    return draws -> draws.taoBench().requested(request);
  }

  private static Request read(
      Read procedure, TaoRequestGenerator g, RequestStamp s, TaoRequest request) {
    return Request.singleStatementRead(
        requested(request),
        (conn, delivery) -> {
          TaoReadResult r = procedure.run(conn, request.single());
          return Outcome.saw(r, () -> g.observed(r.op(), r.version()));
        });
  }

  private static Request readTxn(
      ReadTxn procedure, TaoRequestGenerator g, RequestStamp s, TaoRequest request) {
    Request.Body body =
        (conn, delivery) -> {
          return Outcome.saw(
              procedure.run(conn, delivery, request.ops(), r -> g.observed(r.op(), r.version())));
        };
    return Request.readGroup(requested(request), body);
  }

  private static Request write(
      Write procedure, TaoRequestGenerator g, RequestStamp s, TaoRequest request) {
    List<WriteEffect> effects = TaoWriteEffects.of(s.stamped(request.ops()));
    return Request.oneRoundTripWrite(
        requested(request),
        effects,
        (conn, delivery) -> {
          procedure.run(conn, delivery, request.single());
          return Outcome.wrote(effects);
        });
  }

  private static Request writeTxn(
      WriteTxn procedure, TaoRequestGenerator g, RequestStamp s, TaoRequest request) {
    List<WriteEffect> effects = TaoWriteEffects.of(s.stamped(request.ops()));
    return Request.writeGroup(
        requested(request),
        effects,
        (conn, delivery) -> {
          procedure.run(conn, delivery, request.ops());
          return Outcome.wrote(effects);
        });
  }
}
