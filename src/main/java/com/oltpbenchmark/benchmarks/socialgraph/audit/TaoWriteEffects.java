package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a committed TAOBench write group leaves on each key it touches (the last op on a key wins),
 * following the write semantics of {@code TaoWrites}: the database picks the version (one more than
 * the stored one), so only presence, visibility and payload are predicted.
 */
public final class TaoWriteEffects {

  private TaoWriteEffects() {}

  /**
   * What {@code ops}, committed together in this order, leave: per key the last op's effect, keys
   * in the order they were first written. A single write (most TAOBench requests) needs no
   * bookkeeping: its effects are on distinct keys already. The list is unmodifiable: a request
   * hands the same one to the lost-write tracker and the read checks before and after it runs.
   */
  public static List<WriteEffect> of(List<TaoOp> ops) {
    if (ops.size() == 1) {
      return of(ops.get(0));
    }
    // sized for two effects per op (an association and its inverse) without growing
    Map<AuditKey, WriteEffect> last = new LinkedHashMap<>(4 * ops.size());
    for (TaoOp op : ops) {
      for (WriteEffect e : of(op)) {
        last.put(e.key(), e);
      }
    }
    return List.copyOf(last.values());
  }

  static List<WriteEffect> of(TaoOp op) {
    if (op instanceof TaoOp.ObjectWrite o) {
      return List.of(
          o.kind() == TaoOpKind.OBJECT_DELETE
              ? WriteEffect.nodeAbsent(o.id())
              : WriteEffect.node(o.id(), WriteEffect.ANY_VERSION, o.payload()));
    }
    if (op instanceof TaoOp.AssocWrite a) {
      boolean inverse = a.has(Precondition.BIDIRECTIONAL) && a.id1() != a.id2();
      boolean delete = a.kind() == TaoOpKind.ASSOC_DELETE;
      WriteEffect fwd =
          delete
              ? WriteEffect.linkHidden(a.id1(), a.linkType(), a.id2())
              : visible(a.id1(), a.linkType(), a.id2(), a.payload());
      if (!inverse) {
        return List.of(fwd);
      }
      WriteEffect inv =
          delete
              ? WriteEffect.linkHidden(a.id2(), a.linkType(), a.id1())
              : visible(a.id2(), a.linkType(), a.id1(), a.payload());
      return List.of(fwd, inv);
    }
    return List.of(); // reads leave nothing
  }

  private static WriteEffect visible(long id1, long type, long id2, byte[] payload) {
    return WriteEffect.link(id1, type, id2, Link.VISIBLE, WriteEffect.ANY_VERSION, payload);
  }
}
