package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.socialgraph.Request.Shape;
import com.oltpbenchmark.benchmarks.socialgraph.ScriptedConnection.Answer;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.AddLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.AddNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.CountLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.DeleteLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.DeleteNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetLinkList;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.LinkSql;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Read;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ReadTxn;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.UpdateLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.UpdateNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Write;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.WriteTxn;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The requests docs/sql.md lists: each transaction type in the states that change what it sends,
 * with the answers the database gives in that state (by statement name: a procedure's SQLStmt
 * field; anything not named is answered with no rows or one row changed).
 */
final class SqlRequests {

  private SqlRequests() {}

  /** A procedure call on a connection, given its delivery. */
  interface Call<P extends Procedure> {
    void run(P procedure, Connection conn, Delivery delivery) throws SQLException;
  }

  /**
   * One request in one state.
   *
   * @param type the transaction type (its procedure's name)
   * @param state the state of the database it meets, as the docs say it
   * @param shape the request's shape (as its handler in RequestHandlers describes it)
   * @param answers the database's answers by statement name
   */
  record Example<P extends Procedure>(
      Class<P> procedure, String state, Shape shape, Map<String, Answer> answers, Call<P> call) {

    String type() {
      return procedure.getSimpleName();
    }
  }

  static final long ID1 = 101;
  static final long ID2 = 102;
  static final long TYPE = 7;
  private static final byte[] DATA = "payload".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] OTHER = "other".getBytes(StandardCharsets.US_ASCII);

  /** A link row as a locking read returns it: visibility, data, time, version. */
  private static Answer lockedLink(int visibility, int version) {
    return Answer.returning(new Object[] {visibility, OTHER, 1L, version});
  }

  private static Answer one(long value) {
    return Answer.returning(new Object[] {value});
  }

  private static final Link LINK = new Link(ID1, TYPE, ID2, Link.VISIBLE, DATA, 0, 5_000);
  private static final Node NODE = new Node(ID1, Node.DEFAULT_TYPE, 1, 5, DATA);

  private static Set<Precondition> pre(Precondition... p) {
    return p.length == 0 ? Set.of() : EnumSet.of(p[0], p);
  }

  private static TaoOp.WriteOp objectUpdate() {
    return TaoOp.objectWrite(TaoOpKind.OBJECT_UPDATE, ID1, pre(), -1, DATA, 1_000_000);
  }

  private static TaoOp.WriteOp assoc(TaoOpKind kind, Set<Precondition> pre) {
    return TaoOp.assocWrite(kind, ID1, TYPE, ID2, pre, -1, Link.VISIBLE, DATA, 5_000);
  }

  private static final List<TaoOp> READ_GROUP =
      List.of(
          TaoOp.objectRead(ID1),
          TaoOp.assocRead(ID1, TYPE, ID2),
          TaoOp.assocRange(ID1, TYPE, 0, Long.MAX_VALUE, 10),
          TaoOp.assocCount(ID1, TYPE));

  static final List<Example<?>> ALL =
      List.of(
          new Example<>(
              GetNode.class,
              "",
              Shape.SINGLE_STATEMENT_READ,
              Map.of(),
              (p, conn, d) -> p.run(conn, Node.DEFAULT_TYPE, ID1)),
          new Example<>(
              AddNode.class,
              "",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of(),
              (p, conn, d) -> p.run(conn, NODE)),
          new Example<>(
              UpdateNode.class,
              "",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of(),
              (p, conn, d) -> p.run(conn, NODE)),
          new Example<>(
              DeleteNode.class,
              "",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of(),
              (p, conn, d) -> p.run(conn, Node.DEFAULT_TYPE, ID1)),
          new Example<>(
              GetLink.class,
              "up to " + LinkSql.MULTIGET_SLOTS + " id2s (one IN list)",
              Shape.SINGLE_STATEMENT_READ,
              Map.of(),
              (p, conn, d) -> p.run(conn, ID1, TYPE, new long[] {ID2, ID2 + 1})),
          new Example<>(
              GetLink.class,
              "more id2s than one IN list holds: one statement per " + LinkSql.MULTIGET_SLOTS,
              Shape.READ_TRANSACTION,
              Map.of(),
              (p, conn, d) -> p.run(conn, ID1, TYPE, new long[LinkSql.MULTIGET_SLOTS + 1])),
          new Example<>(
              GetLinkList.class,
              "",
              Shape.SINGLE_STATEMENT_READ,
              Map.of(),
              (p, conn, d) -> p.run(conn, ID1, TYPE, 0, Long.MAX_VALUE, 0, 10)),
          new Example<>(
              CountLink.class,
              "",
              Shape.SINGLE_STATEMENT_READ,
              Map.of(),
              (p, conn, d) -> p.run(conn, ID1, TYPE)),
          new Example<>(
              AddLink.class,
              "a new link",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of(),
              (p, conn, d) -> p.run(conn, d, LINK)),
          new Example<>(
              AddLink.class,
              "the link is there already, visible, with other data",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of(
                  "insertLinkIfAbsent", Answer.updated(0), "selectLinkForUpdate", lockedLink(1, 0)),
              (p, conn, d) -> p.run(conn, d, LINK)),
          new Example<>(
              UpdateLink.class,
              "the link is there, hidden (it becomes visible)",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of("selectLinkForUpdate", lockedLink(0, 0)),
              (p, conn, d) -> p.run(conn, d, LINK)),
          new Example<>(
              UpdateLink.class,
              "the link is not there",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of(),
              (p, conn, d) -> p.run(conn, d, LINK)),
          new Example<>(
              DeleteLink.class,
              "the link is there, visible (it is hidden, as LinkBench's request phase does)",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of("selectLinkForUpdate", lockedLink(1, 0)),
              (p, conn, d) -> p.run(conn, d, ID1, TYPE, ID2, false)),
          new Example<>(
              DeleteLink.class,
              "the link is not there",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of(),
              (p, conn, d) -> p.run(conn, d, ID1, TYPE, ID2, false)),
          new Example<>(
              Read.class,
              "an object",
              Shape.SINGLE_STATEMENT_READ,
              Map.of(),
              (p, conn, d) -> p.run(conn, READ_GROUP.get(0))),
          new Example<>(
              Read.class,
              "an association",
              Shape.SINGLE_STATEMENT_READ,
              Map.of(),
              (p, conn, d) -> p.run(conn, READ_GROUP.get(1))),
          new Example<>(
              Read.class,
              "an association range (newest first)",
              Shape.SINGLE_STATEMENT_READ,
              Map.of(),
              (p, conn, d) -> p.run(conn, READ_GROUP.get(2))),
          new Example<>(
              Read.class,
              "an association count",
              Shape.SINGLE_STATEMENT_READ,
              Map.of(),
              (p, conn, d) -> p.run(conn, READ_GROUP.get(3))),
          new Example<>(
              ReadTxn.class,
              "an object, an association, a range and a count",
              Shape.READ_GROUP,
              Map.of(),
              (p, conn, d) -> p.run(conn, d, READ_GROUP)),
          new Example<>(
              Write.class,
              "an object update without preconditions, the object there",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of("selectNodeVersionForUpdate", one(3)),
              (p, conn, d) -> p.run(conn, d, objectUpdate())),
          new Example<>(
              Write.class,
              "an association add with UNIQUE and BIDIRECTIONAL, neither direction there",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of("selectCountForUpdate", one(0)),
              (p, conn, d) ->
                  p.run(
                      conn,
                      d,
                      assoc(
                          TaoOpKind.ASSOC_ADD,
                          pre(Precondition.UNIQUE, Precondition.BIDIRECTIONAL)))),
          new Example<>(
              Write.class,
              "an association update with VERSION_MATCH and no expected version (read, then"
                  + " compare under the lock), the association visible",
              Shape.ONE_ROUND_TRIP_WRITE,
              Map.of(
                  "observeLinkVersion", one(4),
                  "selectCountForUpdate", one(1),
                  "selectLinkForUpdate", lockedLink(1, 4)),
              (p, conn, d) ->
                  p.run(conn, d, assoc(TaoOpKind.ASSOC_UPDATE, pre(Precondition.VERSION_MATCH)))),
          new Example<>(
              WriteTxn.class,
              "an object update and a BIDIRECTIONAL association add, nothing there but the object",
              Shape.WRITE_GROUP,
              Map.of("selectCountForUpdate", one(0), "selectNodeVersionForUpdate", one(3)),
              (p, conn, d) ->
                  p.run(
                      conn,
                      d,
                      List.of(
                          objectUpdate(),
                          assoc(TaoOpKind.ASSOC_ADD, pre(Precondition.BIDIRECTIONAL))))));
}
