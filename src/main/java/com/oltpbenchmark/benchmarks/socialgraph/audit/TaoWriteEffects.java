package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.util.ArrayList;
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

  public static List<WriteEffect> of(List<TaoOp> ops) {
    Map<AuditKey, WriteEffect> last = new LinkedHashMap<>();
    for (TaoOp op : ops) {
      for (WriteEffect e : of(op)) {
        last.put(e.key(), e);
      }
    }
    return new ArrayList<>(last.values());
  }

  static List<WriteEffect> of(TaoOp op) {
    boolean inverse = op.has(Precondition.BIDIRECTIONAL) && op.id1() != op.id2();
    return switch (op.kind()) {
      case OBJECT_ADD, OBJECT_UPDATE ->
          List.of(WriteEffect.node(op.id1(), WriteEffect.ANY_VERSION, op.payload()));
      case OBJECT_DELETE -> List.of(WriteEffect.nodeAbsent(op.id1()));
      case ASSOC_ADD, ASSOC_UPDATE -> {
        WriteEffect fwd = visible(op.id1(), op.linkType(), op.id2(), op.payload());
        yield inverse
            ? List.of(fwd, visible(op.id2(), op.linkType(), op.id1(), op.payload()))
            : List.of(fwd);
      }
      case ASSOC_DELETE -> {
        WriteEffect fwd = WriteEffect.linkHidden(op.id1(), op.linkType(), op.id2());
        yield inverse
            ? List.of(fwd, WriteEffect.linkHidden(op.id2(), op.linkType(), op.id1()))
            : List.of(fwd);
      }
      default -> {
        if (op.kind().isWrite()) {
          throw new IllegalArgumentException("no write effect known for " + op.kind());
        }
        yield List.of();
      }
    };
  }

  private static WriteEffect visible(long id1, long type, long id2, byte[] payload) {
    return WriteEffect.link(id1, type, id2, Link.VISIBLE, WriteEffect.ANY_VERSION, payload);
  }
}
