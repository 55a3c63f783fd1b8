package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteEffect;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The process's memory of its writes: a record's packed keys, the ring by tick and the slots by
 * key, and what each forgets when another write takes its place.
 */
class RecentWritesTest {

  private final RecentWrites recent = new RecentWrites(new WriteStamp(0, 42));

  private byte[] payload(long tick) {
    byte[] b = new byte[32];
    recent.stamp().stampPayload(b, tick);
    return b;
  }

  private WriteRecord write(long tick, long ack, long... nodes) {
    List<WriteEffect> effects = new java.util.ArrayList<>();
    for (long id : nodes) {
      effects.add(WriteEffect.node(id, WriteEffect.ANY_VERSION, payload(tick)));
    }
    WriteRecord r = recent.begin(tick, 1, effects);
    recent.acknowledged(r, ack, effects);
    return r;
  }

  @Test
  void aRecordFindsItsKeysByAllFourPartsAndTheFirstEffectOnARepeatedKey() {
    byte[] data = {1, 2, 3, 4};
    WriteRecord r =
        recent.begin(
            5,
            1,
            List.of(
                WriteEffect.link(7, 9, 8, Link.VISIBLE, 5, data),
                WriteEffect.node(8, 5, data),
                WriteEffect.nodeAbsent(8),
                WriteEffect.linkHidden(7, 10, 8)));
    long[] e = r.keys();
    assertEquals(4, WriteRecord.count(e));
    int link = WriteRecord.indexOf(e, false, 7, 9, 8);
    assertTrue(WriteRecord.isPresent(e, link));
    assertEquals(5, WriteRecord.version(e, link));
    assertEquals(
        WriteEffect.link(7, 9, 8, Link.VISIBLE, 5, data).payloadHash(),
        WriteRecord.payloadHash(e, link));
    assertEquals(-1, WriteRecord.indexOf(e, true, 7, 9, 8), "a node is not a link");
    assertEquals(-1, WriteRecord.indexOf(e, false, 7, 9, 9));
    assertEquals(-1, WriteRecord.indexOf(e, false, 8, 9, 7), "a link's direction counts");
    int node = WriteRecord.indexOf(e, true, 8, 0, 0);
    assertEquals(WriteEffect.Kind.PRESENT, WriteRecord.kind(e, node), "the first of the two");
    assertEquals(
        WriteEffect.Kind.NOT_VISIBLE, WriteRecord.kind(e, WriteRecord.indexOf(e, false, 7, 10, 8)));
    assertFalse(WriteRecord.isPresent(e, -1));
  }

  @Test
  void aLargeWriteFindsEachKeyThroughItsTableWhereAWalkWould() {
    byte[] data = {1, 2, 3, 4};
    List<WriteEffect> effects = new java.util.ArrayList<>();
    for (int i = 0; i < 30; i++) {
      effects.add(WriteEffect.link(100 + i, 3, 200 + i, Link.VISIBLE, i, data));
      effects.add(WriteEffect.node(100 + i, i, data));
    }
    effects.add(WriteEffect.nodeAbsent(105)); // repeated: the first place is the one found
    WriteRecord r = recent.begin(20, 1, effects);
    recent.acknowledged(r, 21, effects);
    long[] e = r.keys();
    assertEquals(61, WriteRecord.count(e));
    assertTrue(e.length > 61 * WriteRecord.STRIDE, "from " + WriteRecord.INDEXED_FROM + " keys");
    for (WriteEffect w : effects) {
      var k = w.key();
      int at = WriteRecord.indexOf(e, k.node(), k.id1(), k.linkType(), k.id2());
      assertEquals(effects.indexOf(firstWith(effects, w)) * WriteRecord.STRIDE, at, k.toString());
    }
    assertEquals(
        WriteEffect.Kind.PRESENT, WriteRecord.kind(e, WriteRecord.indexOf(e, true, 105, 0, 0)));
    assertEquals(-1, WriteRecord.indexOf(e, false, 200, 3, 100), "a link's direction counts");
    assertEquals(-1, WriteRecord.indexOf(e, true, 99, 0, 0));
    assertEquals(-1, WriteRecord.indexOf(e, false, 100, 4, 200));
    // every key it left present takes its slot, found again through the table
    assertSame(r, recent.latest(false, 129, 3, 229));
    assertSame(r, recent.latest(true, 117, 0, 0));
  }

  private static WriteEffect firstWith(List<WriteEffect> effects, WriteEffect w) {
    for (WriteEffect x : effects) {
      if (x.key().equals(w.key())) {
        return x;
      }
    }
    throw new AssertionError(w.toString());
  }

  @Test
  void theAcknowledgementReplacesWhatMightBeWrittenByWhatWas() {
    WriteRecord r =
        recent.begin(
            3,
            1,
            List.of(
                WriteEffect.node(5, WriteEffect.ANY_VERSION, payload(3)),
                WriteEffect.nodeAbsent(5)));
    assertTrue(r.writes(true, 5, 0, 0));
    assertNull(recent.latest(true, 5, 0, 0), "not acknowledged: no key slot yet");
    assertSame(r, recent.identify(true, 5, 0, 0, 1, payload(3)), "named while in flight");
    recent.acknowledged(r, 4, List.of(WriteEffect.nodeAbsent(5)));
    assertEquals(1, WriteRecord.count(r.keys()));
    assertNull(recent.identify(true, 5, 0, 0, 1, payload(3)), "it left no row");
    assertNull(recent.latest(true, 5, 0, 0), "an absent key takes no slot");
  }

  @Test
  void aCommitThatLeftWhatItSaidItMightKeepsTheKeysAReadPackedWhileItRan() {
    byte[] data = {1, 2, 3, 4};
    WriteRecord r = recent.begin(8, 1, List.of(WriteEffect.node(9, 8, data)));
    long[] before = r.keys();
    recent.acknowledged(r, 9, List.of(WriteEffect.node(9, 8, data.clone())));
    assertSame(before, r.keys(), "equal effects: the same array");
    WriteRecord unread = recent.begin(12, 1, List.of(WriteEffect.node(9, 12, data)));
    recent.acknowledged(unread, 13, List.of());
    assertEquals(0, WriteRecord.count(unread.keys()), "packed once, from what it wrote");
    WriteRecord s = recent.begin(10, 1, List.of(WriteEffect.node(9, 10, data)));
    long[] sBefore = s.keys();
    recent.acknowledged(s, 11, List.of(WriteEffect.node(9, 10, new byte[] {4, 3, 2, 1})));
    assertNotSame(sBefore, s.keys(), "another payload: packed anew");
    assertNull(recent.identify(true, 9, 0, 0, 10, data));
    assertSame(s, recent.identify(true, 9, 0, 0, 10, new byte[] {4, 3, 2, 1}));
  }

  @Test
  void aKeyWhoseSlotAnotherKeyTookIsNotCheckedForStalenessButStillNamed() {
    long a = 1;
    long b = 2;
    while (RecentWrites.slot(true, b, 0, 0) != RecentWrites.slot(true, a, 0, 0)) {
      b++;
    }
    WriteRecord wa = write(10, 11, a);
    assertSame(wa, recent.latest(true, a, 0, 0));
    WriteRecord wb = write(12, 13, b);
    assertSame(wb, recent.latest(true, b, 0, 0));
    assertNull(recent.latest(true, a, 0, 0), "b took a's slot: a's latest is unknown");
    assertSame(wa, recent.identify(true, a, 0, 0, 1, payload(10)), "still named by its tick");
    assertNull(recent.identify(true, b, 0, 0, 1, payload(10)), "wa did not write b");
  }

  @Test
  void aWriteEvictedFromTheRingIsStillNamedWhileItsKeySlotHoldsIt() {
    WriteRecord old = write(100, 101, 5);
    long later = 100 + RecentWrites.BY_TICK;
    write(later, later + 1, 6); // takes the old write's place in the ring
    assertSame(old, recent.identify(true, 5, 0, 0, 1, payload(100)), "found by its key's slot");
    long k6 = 6;
    long other = 7;
    while (RecentWrites.slot(true, other, 0, 0) != RecentWrites.slot(true, 5, 0, 0)) {
      other++;
    }
    assertNotEquals(k6, other);
    write(later + 2, later + 3, other);
    assertNull(
        recent.identify(true, 5, 0, 0, 1, payload(100)), "neither ring nor slot: not checkable");
  }

  @Test
  void aLinkBenchVersionIsMatchedOnlyWithItsPayloadAndOnlyThenHashed() {
    byte[] data = {1, 2, 3, 4, 5};
    List<WriteEffect> e =
        List.of(WriteEffect.link(5, 9, 6, Link.VISIBLE, WriteStamp.linkVersion(20), data));
    WriteRecord r = recent.begin(20, 1, e);
    recent.acknowledged(r, 21, e);
    assertSame(r, recent.identify(false, 5, 9, 6, 20, data.clone()));
    assertNull(recent.identify(false, 5, 9, 6, 20, new byte[] {1, 2, 3, 4, 6}));
    assertNull(recent.identify(false, 5, 9, 6, 19, data), "another version");
    assertNull(recent.identify(false, 5, 9, 7, 20, data), "another key");
    assertNull(recent.identify(false, 5, 9, 6, 20, new byte[] {1, 2, 3}), "too short to name");
  }
}
