package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;

/** How a TAOBench write becomes the arguments of {@code sg_tao_write}, alone or in a group. */
final class RoutineArgs {

  private RoutineArgs() {}

  /**
   * The routines' association arguments of a TAOBench write (zeros and HIDDEN for an object).
   *
   * @param expectedVisibility what VISIBILITY_MATCH compares with
   */
  record AssocArgs(long linkType, long id2, int expectedVisibility) {
    static AssocArgs of(TaoOp.WriteOp op) {
      return op instanceof TaoOp.AssocWrite a
          ? new AssocArgs(a.linkType(), a.id2(), a.expectedVisibility())
          : new AssocArgs(0, 0, Link.HIDDEN);
    }
  }

  /** Rejects an association payload longer than the link column, as the step path does. */
  static void checkPayload(TaoOp.WriteOp op) {
    if (op instanceof TaoOp.AssocWrite a) {
      LinkWriter.checkPayload(a.id1(), a.linkType(), a.id2(), a.payload());
    }
  }

  /** The routine's p_kind. */
  static int kindCode(TaoOpKind kind) {
    return switch (kind) {
      case OBJECT_ADD -> 1;
      case OBJECT_UPDATE -> 2;
      case OBJECT_DELETE -> 3;
      case ASSOC_ADD -> 4;
      case ASSOC_UPDATE -> 5;
      case ASSOC_DELETE -> 6;
      default -> throw new IllegalArgumentException("not a write: " + kind);
    };
  }

  /** The routine's p_preconditions bit set. */
  static int preconditionBits(TaoOp.WriteOp op) {
    int bits = 0;
    bits |= op.has(Precondition.UNIQUE) ? 1 : 0;
    bits |= op.has(Precondition.BIDIRECTIONAL) ? 2 : 0;
    bits |= op.has(Precondition.VERSION_MATCH) ? 4 : 0;
    bits |= op.has(Precondition.VISIBILITY_MATCH) ? 8 : 0;
    bits |= op.has(Precondition.UPDATE_ONLY) ? 16 : 0;
    return bits;
  }
}
