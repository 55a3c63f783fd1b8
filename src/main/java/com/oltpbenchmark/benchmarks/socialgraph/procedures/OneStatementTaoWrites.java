package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.WriteStatements;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The TAOBench writes that need no lock beyond their own row's, sent as the one statement they are
 * instead of as a server routine call: an object add or update, or the update of a visible
 * association, none with a precondition. That is most of TAOBench's single writes (workload A: nine
 * in ten), and the routine's own fast path does the very same statement, so the row written, the
 * version bump and the untouched count are the routine's. What skipping the call saves is the
 * server's work of entering a procedure and opening and ending a transaction inside it, about half
 * of such a write's server CPU on MariaDB.
 *
 * <p>Only in autocommit, so that the statement is a transaction of its own, as the routine's is:
 * inside an open transaction a statement that finds no row would leave locks behind (InnoDB gap
 * locks) taken before the routine's ordered ones. A statement that changes no row (the object is
 * there already, the association is absent or hidden) leaves the write to the routine, and so does
 * a payload too long for the link column (the routine rejects it with its message).
 */
final class OneStatementTaoWrites {

  /** Params: data, time (ms), id1, link_type, id2. The same text on every dialect. */
  private static final String UPDATE_VISIBLE_ASSOC =
      "UPDATE linktable SET data = ?, time = ?, version = version + 1"
          + " WHERE id1 = ? AND link_type = ? AND id2 = ? AND visibility = 1";

  private OneStatementTaoWrites() {}

  /**
   * Applies {@code op} with the Write procedure's own (dialect-loaded) statements {@code s} when it
   * is one of these writes (the caller knows the connection is in autocommit); false when it is
   * not, or when the statement changed no row (nothing was written).
   */
  static boolean tryApply(Connection conn, WriteStatements s, TaoOp.WriteOp op)
      throws SQLException {
    if (!op.preconditions().isEmpty()) {
      return false;
    }
    long millis = op.time() > 0 ? op.time() : System.currentTimeMillis();
    // nodetable.time is UNIX seconds, the op carries milliseconds
    return switch (op.kind()) {
      case OBJECT_UPDATE -> updateNode(conn, s, op, millis);
      case OBJECT_ADD -> insertNode(conn, s, op, millis);
      case ASSOC_UPDATE -> op.payload().length <= Link.MAX_DATA && updateVisible(conn, op, millis);
      default -> false;
    };
  }

  // each statement bound with its typed setters: a write is most of a TAOBench run's requests

  private static boolean updateNode(
      Connection conn, WriteStatements s, TaoOp.WriteOp op, long millis) throws SQLException {
    try (StatementBinder.Open open = StatementBinder.open(conn, s.updateNodePayload())) {
      open.setBytes(1, op.payload()).setLong(2, millis / 1000).setLong(3, op.id1());
      return open.update() == 1;
    }
  }

  private static boolean insertNode(
      Connection conn, WriteStatements s, TaoOp.WriteOp op, long millis) throws SQLException {
    try (StatementBinder.Open open = StatementBinder.open(conn, s.insertNodeWithId())) {
      open.setLong(1, op.id1()).setInt(2, Node.DEFAULT_TYPE).setLong(3, millis / 1000);
      open.setBytes(4, op.payload());
      return open.update() == 1;
    }
  }

  private static boolean updateVisible(Connection conn, TaoOp.WriteOp op, long millis)
      throws SQLException {
    TaoOp.AssocWrite a = (TaoOp.AssocWrite) op;
    try (StatementBinder.Open open = StatementBinder.open(conn, UPDATE_VISIBLE_ASSOC)) {
      open.setBytes(1, a.payload()).setLong(2, millis).setLong(3, a.id1());
      open.setLong(4, a.linkType()).setLong(5, a.id2());
      return open.update() == 1;
    }
  }
}
