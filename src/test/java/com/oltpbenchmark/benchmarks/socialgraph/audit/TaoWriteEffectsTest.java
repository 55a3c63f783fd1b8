package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a committed TAOBench write, alone or in a group, leaves on each key. */
class TaoWriteEffectsTest {
  private static final byte[] P = {1, 2, 3};
  private static final byte[] Q = {4, 5};

  private static TaoOp assoc(TaoOpKind kind, long id1, long id2, Set<Precondition> p, byte[] data) {
    return new TaoOp.AssocWrite(kind, id1, 100, id2, p, -1, 1, data, 0);
  }

  private static TaoOp object(TaoOpKind kind, long id, byte[] data) {
    return TaoOp.objectWrite(kind, id, Set.of(), -1, data, 0);
  }

  private static WriteEffect visible(long id1, long id2, byte[] data) {
    return WriteEffect.link(id1, 100, id2, Link.VISIBLE, WriteEffect.ANY_VERSION, data);
  }

  @Test
  void aWriteAloneLeavesItsRowAndABidirectionalOneItsInverseToo() {
    assertEquals(
        List.of(visible(1, 2, P)),
        TaoWriteEffects.of(List.of(assoc(TaoOpKind.ASSOC_ADD, 1, 2, Set.of(), P))));
    assertEquals(
        List.of(visible(1, 2, P), visible(2, 1, P)),
        TaoWriteEffects.of(
            List.of(assoc(TaoOpKind.ASSOC_ADD, 1, 2, Set.of(Precondition.BIDIRECTIONAL), P))));
    assertEquals(
        List.of(WriteEffect.linkHidden(1, 100, 1)),
        TaoWriteEffects.of(
            List.of(assoc(TaoOpKind.ASSOC_DELETE, 1, 1, Set.of(Precondition.BIDIRECTIONAL), P))),
        "a link to itself has no other side");
    assertEquals(
        List.of(WriteEffect.nodeAbsent(7)),
        TaoWriteEffects.of(List.of(object(TaoOpKind.OBJECT_DELETE, 7, null))));
    assertEquals(
        List.of(WriteEffect.node(7, WriteEffect.ANY_VERSION, P)),
        TaoWriteEffects.of(List.of(object(TaoOpKind.OBJECT_UPDATE, 7, P))));
  }

  @Test
  void inAGroupTheLastOpOnAKeyWinsInTheKeysFirstPlace() {
    List<TaoOp> group =
        List.of(
            assoc(TaoOpKind.ASSOC_ADD, 1, 2, Set.of(Precondition.BIDIRECTIONAL), P),
            object(TaoOpKind.OBJECT_UPDATE, 7, P),
            assoc(TaoOpKind.ASSOC_DELETE, 2, 1, Set.of(), P),
            object(TaoOpKind.OBJECT_UPDATE, 7, Q));
    assertEquals(
        List.of(
            visible(1, 2, P),
            WriteEffect.linkHidden(2, 100, 1),
            WriteEffect.node(7, WriteEffect.ANY_VERSION, Q)),
        TaoWriteEffects.of(group));
  }

  @Test
  void theEffectsOfAGroupCannotBeChangedOnceBuilt() {
    // a request hands one list to the lost-write tracker and the read checks, before and after
    List<WriteEffect> effects =
        TaoWriteEffects.of(
            List.of(
                assoc(TaoOpKind.ASSOC_ADD, 1, 2, Set.of(), P),
                assoc(TaoOpKind.ASSOC_ADD, 3, 4, Set.of(), Q)));
    org.junit.jupiter.api.Assertions.assertThrows(
        UnsupportedOperationException.class, () -> effects.add(visible(5, 6, P)));
  }
}
