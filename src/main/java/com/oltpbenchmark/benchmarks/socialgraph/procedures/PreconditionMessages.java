package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.PreconditionFailure;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.SQLException;
import java.util.List;

/**
 * Reads the message a server routine raises when a TAOBench precondition fails (SQLState {@value
 * #PRECONDITION_STATE}) back into the user abort the step-by-step path throws for the same op.
 */
final class PreconditionMessages {

  /** SQLState and message prefix of a failed precondition, raised by sg_tao_write. */
  static final String PRECONDITION_STATE = "45000";

  /** The tag both message forms start with. */
  private static final String PRECONDITION_TAG = "sg-precondition";

  private PreconditionMessages() {}

  static RuntimeException preconditionOrSelf(SQLException e, TaoOp.WriteOp op) throws SQLException {
    return preconditionOrSelf(e, List.of(op));
  }

  /**
   * The user abort of the op of {@code ops} whose precondition the server reported failed
   * ('sg-precondition:NAME:detail' for a write alone, 'sg-precondition@index:NAME:detail' for an op
   * of a group), else {@code e} itself, thrown.
   */
  static RuntimeException preconditionOrSelf(SQLException e, List<TaoOp.WriteOp> ops)
      throws SQLException {
    String message = e.getMessage() == null ? "" : e.getMessage();
    int at = message.indexOf(PRECONDITION_TAG);
    if (!PRECONDITION_STATE.equals(e.getSQLState()) || at < 0) {
      throw e;
    }
    String rest = message.substring(at + PRECONDITION_TAG.length());
    TaoOp.WriteOp op = ops.get(0);
    if (rest.startsWith("@")) {
      int end = rest.indexOf(':');
      try {
        int index = Integer.parseInt(rest.substring(1, end < 0 ? rest.length() : end));
        if (index < 0 || index >= ops.size()) {
          throw e;
        }
        op = ops.get(index);
      } catch (NumberFormatException notAnIndex) {
        throw e;
      }
      rest = end < 0 ? "" : rest.substring(end);
    }
    if (!rest.startsWith(":")) {
      throw e;
    }
    rest = rest.substring(1);
    int colon = rest.indexOf(':');
    String name = colon < 0 ? rest : rest.substring(0, colon);
    String detail = colon < 0 ? "" : rest.substring(colon + 1).lines().findFirst().orElse("");
    PreconditionFailure failure;
    try {
      failure = PreconditionFailure.valueOf(name.strip());
    } catch (IllegalArgumentException unknown) {
      throw e;
    }
    return failure.abort(op.kind() + " " + describe(op) + ": " + detail);
  }

  private static String describe(TaoOp.WriteOp op) {
    return op instanceof TaoOp.AssocWrite a
        ? "association (" + a.id1() + "," + a.linkType() + "," + a.id2() + ")"
        : "object " + op.id1();
  }
}
