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
 * TAOBench write_txn(keys, [preconditions]): a group of writes, possibly on keys of different
 * shards, applied in one transaction in the given order (locking protocol in {@link TaoWrites}).
 * Any failed precondition throws its {@link Procedure.UserAbortException} and the runtime rolls the
 * whole group back, so no op of it stays written.
 *
 * <p>The statement fields repeat Write's on purpose: upstream BenchBase collects a procedure's
 * statements, and applies a dialect file's overrides by procedure name, from the fields the
 * procedure class itself declares ({@code getDeclaredFields}), so fields inherited from a shared
 * base class would be invisible to it.
 */
public final class WriteTxn extends Procedure {

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
   * Applies the group as {@link Delivery#writeGroup} says: in one query that commits itself ({@link
   * ServerWriteRoutines#taoWriteGroup}), or step by step inside the caller's transaction.
   */
  public void run(Connection conn, Delivery delivery, List<TaoOp> ops) throws SQLException {
    if (ops.isEmpty()) {
      throw new IllegalArgumentException("WriteTxn needs at least one op");
    }
    if (delivery.writeGroup() == WriteSql.GROUP_QUERY) {
      delivery.routines().taoWriteGroup(conn, TaoWrites.writesOf(ops));
      return;
    }
    TaoWrites.apply(conn, statements, ops);
  }
}
