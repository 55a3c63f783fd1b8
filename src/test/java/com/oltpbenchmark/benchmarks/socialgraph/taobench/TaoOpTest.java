package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TaoOpTest {

  @Test
  void eachKindIsItsOwnRecord() {
    assertInstanceOf(TaoOp.ReadOp.class, TaoOp.objectRead(1));
    assertEquals(TaoOpKind.OBJECT_READ, TaoOp.objectRead(1).kind());
    assertEquals(TaoOpKind.ASSOC_READ, TaoOp.assocRead(1, 2, 3).kind());
    assertEquals(TaoOpKind.ASSOC_RANGE, TaoOp.assocRange(1, 2, 0, 9, 5).kind());
    assertEquals(TaoOpKind.ASSOC_COUNT, TaoOp.assocCount(1, 2).kind());
    TaoOp.ObjectWrite o =
        TaoOp.objectWrite(TaoOpKind.OBJECT_UPDATE, 7, null, 3, new byte[] {1}, 100);
    assertInstanceOf(TaoOp.WriteOp.class, o);
    assertEquals(7, o.id1(), "an object's id is its shard key");
    assertTrue(o.preconditions().isEmpty());
    assertEquals(
        0, TaoOp.objectWrite(TaoOpKind.OBJECT_DELETE, 7, null, 3, null, 0).payload().length);
  }

  @Test
  void writesRejectKindsOfTheOtherRecordAndRangesANonPositiveLimit() {
    assertThrows(
        IllegalArgumentException.class,
        () -> TaoOp.objectWrite(TaoOpKind.ASSOC_ADD, 1, null, 0, null, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> TaoOp.assocWrite(TaoOpKind.OBJECT_ADD, 1, 2, 3, null, 0, Link.VISIBLE, null, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> TaoOp.assocWrite(TaoOpKind.OBJECT_READ, 1, 2, 3, null, 0, Link.VISIBLE, null, 0));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TaoOp.assocRange(1, 2, 0, 9, 0));
    assertTrue(e.getMessage().contains("range limit must be positive"), e.getMessage());
  }

  /** Writes without preconditions share one empty set, which nobody can change. */
  @Test
  void writesWithoutPreconditionsShareOneEmptySet() {
    TaoOp.ObjectWrite a = TaoOp.objectWrite(TaoOpKind.OBJECT_ADD, 1, null, 0, null, 0);
    TaoOp.AssocWrite b =
        TaoOp.assocWrite(TaoOpKind.ASSOC_ADD, 1, 2, 3, Set.of(), 0, Link.VISIBLE, null, 0);
    assertSame(a.preconditions(), b.preconditions());
    assertTrue(a.preconditions().isEmpty());
    assertThrows(
        UnsupportedOperationException.class, () -> a.preconditions().add(Precondition.UNIQUE));
    assertEquals(
        Set.of(Precondition.UNIQUE), a.withPrecondition(Precondition.UNIQUE).preconditions());
    assertTrue(b.preconditions().isEmpty(), "the shared set is unchanged");
  }

  @Test
  void withPreconditionAddsToTheSetAndKeepsTheRest() {
    TaoOp.AssocWrite w =
        TaoOp.assocWrite(
            TaoOpKind.ASSOC_UPDATE,
            1,
            2,
            3,
            EnumSet.of(Precondition.UPDATE_ONLY),
            4,
            Link.VISIBLE,
            new byte[] {9},
            5);
    TaoOp.AssocWrite with = w.withPrecondition(Precondition.VERSION_MATCH);
    assertEquals(
        Set.of(Precondition.UPDATE_ONLY, Precondition.VERSION_MATCH), with.preconditions());
    assertTrue(with.has(Precondition.VERSION_MATCH));
    assertFalse(w.has(Precondition.VERSION_MATCH), "the original is unchanged");
    assertEquals(
        TaoOp.assocWrite(
            TaoOpKind.ASSOC_UPDATE,
            1,
            2,
            3,
            EnumSet.of(Precondition.UPDATE_ONLY, Precondition.VERSION_MATCH),
            4,
            Link.VISIBLE,
            new byte[] {9},
            5),
        with,
        "equal payload contents make equal ops");
    assertNotEquals(w, with);
  }

  @Test
  void toStringNamesKindKeyAndPreconditions() {
    assertEquals("OBJECT_READ(5)", TaoOp.objectRead(5).toString());
    assertEquals("ASSOC_READ(1,2,3)", TaoOp.assocRead(1, 2, 3).toString());
    assertEquals("ASSOC_COUNT(1,2)", TaoOp.assocCount(1, 2).toString());
    assertEquals(
        "ASSOC_ADD(1,2,3)[UNIQUE]",
        TaoOp.assocWrite(
                TaoOpKind.ASSOC_ADD,
                1,
                2,
                3,
                EnumSet.of(Precondition.UNIQUE),
                0,
                Link.VISIBLE,
                null,
                0)
            .toString());
  }
}
