package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoSql;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoWrites;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.WriteStatements;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * TAOBench write(key, [preconditions]): one object or association add, update or delete, its
 * preconditions checked atomically with it (locking protocol in {@link TaoWrites}; link and count
 * writes through {@link LinkWriter}). A failed precondition throws {@link
 * Procedure.UserAbortException} whose message names it; lock conflicts, deadlocks and serialization
 * failures escape as SQLException for the runtime to retry.
 *
 * <p>The statement fields repeat WriteTxn's on purpose: upstream BenchBase collects a procedure's
 * statements, and applies a dialect file's overrides by procedure name, from the fields the
 * procedure class itself declares ({@code getDeclaredFields}), so fields inherited from a shared
 * base class would be invisible to it.
 */
public final class Write extends Procedure {

  public final SQLStmt selectLinkForUpdate = new SQLStmt(LinkSql.SELECT_LINK_FOR_UPDATE);
  public final SQLStmt insertLinkIfAbsent = new SQLStmt(LinkSql.INSERT_LINK_IF_ABSENT);
  public final SQLStmt updateLink = new SQLStmt(LinkSql.UPDATE_LINK);
  public final SQLStmt addToCount = new SQLStmt(LinkSql.ADD_TO_COUNT);
  public final SQLStmt insertCountIfAbsent = new SQLStmt(TaoSql.INSERT_COUNT_IF_ABSENT);
  public final SQLStmt selectCountForUpdate = new SQLStmt(LinkSql.SELECT_COUNT_FOR_UPDATE);
  public final SQLStmt observeLinkVersion = new SQLStmt(TaoSql.OBSERVE_LINK_VERSION);
  public final SQLStmt observeNodeVersion = new SQLStmt(TaoSql.OBSERVE_NODE_VERSION);
  public final SQLStmt selectNodeVersionForUpdate =
      new SQLStmt(TaoSql.SELECT_NODE_VERSION_FOR_UPDATE);
  public final SQLStmt insertNodeWithId = new SQLStmt(TaoSql.INSERT_NODE_WITH_ID);
  public final SQLStmt updateNodePayload = new SQLStmt(TaoSql.UPDATE_NODE_PAYLOAD);
  public final SQLStmt deleteNodeById = new SQLStmt(TaoSql.DELETE_NODE_BY_ID);

  private final WriteStatements statements = StatementBundle.of(this, WriteStatements.class);

  /**
   * Sends {@code op} as {@link Delivery#oneWrite} says: its routine's call, its one statement, or
   * step by step.
   */
  public void run(Connection conn, Delivery delivery, TaoOp op) throws SQLException {
    if (op instanceof TaoOp.WriteOp write) {
      switch (delivery.oneWrite()) {
        case STATEMENT_OR_ROUTINE -> {
          if (!OneStatementTaoWrites.tryApply(conn, statements, write)) {
            delivery.routines().taoWrite(conn, write);
          }
          return;
        }
        case ROUTINE -> {
          delivery.routines().taoWrite(conn, write);
          return;
        }
        default -> {
          // step by step, below
        }
      }
    }
    TaoWrites.apply(conn, statements, List.of(op));
  }
}
