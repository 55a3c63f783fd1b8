package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteEffect;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The three rules on hand-made histories: each fires where the order is certain, and never where
 * the writes overlapped or a row names no remembered write.
 */
class ReadCheckerTest {

  private final ReadAnomalies run = new ReadAnomalies(0, 99);
  private final RecentWrites recent = run.recent();
  private final AnomalyCounts counts = run.counts();
  private final ReadChecker reader = run.checker(1);

  /** A TAOBench-style object write of {@code ids} at {@code tick}: stamped payloads. */
  private WriteRecord objectWrite(long tick, int terminal, long... ids) {
    List<WriteEffect> effects = new java.util.ArrayList<>();
    for (long id : ids) {
      effects.add(WriteEffect.node(id, WriteEffect.ANY_VERSION, payload(tick)));
    }
    return begin(tick, terminal, effects);
  }

  /** What each write began with, so that {@link #ack} can acknowledge it as written. */
  private final Map<WriteRecord, List<WriteEffect>> began = new java.util.IdentityHashMap<>();

  private WriteRecord begin(long tick, int terminal, List<WriteEffect> effects) {
    WriteRecord r = recent.begin(tick, terminal, effects);
    began.put(r, effects);
    return r;
  }

  private byte[] payload(long tick) {
    byte[] b = new byte[40];
    recent.stamp().stampPayload(b, tick);
    return b;
  }

  private Node row(long id, long writtenAt) {
    return new Node(id, Node.DEFAULT_TYPE, 7, 0, payload(writtenAt));
  }

  private void ack(WriteRecord r, long at) {
    recent.acknowledged(r, at, began.get(r));
  }

  @Test
  void aReadAfterANewerAcknowledgedWriteThatSeesTheOlderRowIsStale() {
    WriteRecord older = objectWrite(1, 2, 5);
    ack(older, 2);
    WriteRecord newer = objectWrite(3, 2, 5);
    ack(newer, 4);
    reader.check(5, row(5, 1), "Read", null);
    assertEquals(1, counts.seen(Anomaly.STALE_READ));
    assertEquals(1, counts.checked(Anomaly.STALE_READ));
    Map<String, Object> example = counts.examples(Anomaly.STALE_READ).get(0);
    assertEquals("node 5", example.get("key"));
    assertTrue(example.get("saw").toString().contains("begun at tick 1"), example.toString());

    reader.check(6, row(5, 3), "Read", null);
    assertEquals(1, counts.seen(Anomaly.STALE_READ), "the newer row is not stale");
    assertEquals(2, counts.checked(Anomaly.STALE_READ));
    assertEquals(0, counts.seen(Anomaly.READ_YOUR_WRITES), "another terminal's writes");
  }

  @Test
  void overlappingWritesAndReadsThatBeganBeforeTheAcknowledgementAreNeverStale() {
    WriteRecord first = objectWrite(1, 2, 5);
    WriteRecord second = objectWrite(2, 2, 5);
    ack(second, 3);
    ack(first, 4); // acknowledged after the second began: either order is possible
    reader.check(5, row(5, 2), "Read", null);
    reader.check(6, row(5, 1), "Read", null);
    WriteRecord third = objectWrite(7, 2, 5);
    ack(third, 9);
    reader.check(8, row(5, 1), "Read", null); // began before the third was acknowledged
    assertEquals(0, counts.seen(Anomaly.STALE_READ));
  }

  @Test
  void rowsNamingNoRememberedWriteAreNotCheckable() {
    ack(objectWrite(1, 2, 5), 2);
    reader.check(3, new Node(5, Node.DEFAULT_TYPE, 0, 0, new byte[40]), "Read", null);
    reader.check(3, row(5, 999), "Read", null); // a stamp whose write is not remembered
    assertEquals(0, counts.checked(Anomaly.STALE_READ));
    assertEquals(2, counts.readsNotCheckable());
  }

  @Test
  void theTerminalsOwnOlderWriteAfterItsNewerOneIsAReadYourWritesViolation() {
    WriteRecord older = objectWrite(1, 1, 5);
    ack(older, 2);
    reader.ownWriteAcknowledged(older);
    WriteRecord mine = objectWrite(3, 1, 5);
    ack(mine, 4);
    reader.ownWriteAcknowledged(mine);
    reader.check(5, row(5, 1), "Read", null);
    assertEquals(1, counts.seen(Anomaly.READ_YOUR_WRITES));
    assertEquals(1, counts.seen(Anomaly.STALE_READ), "also stale");
    reader.check(6, row(5, 3), "Read", null);
    assertEquals(1, counts.seen(Anomaly.READ_YOUR_WRITES));
    assertEquals(2, counts.checked(Anomaly.READ_YOUR_WRITES));
  }

  /** A node id other than {@code id} whose key takes the same own slot of the terminal. */
  private static long sharingOwnSlot(long id) {
    long other = id + 1;
    while ((RecentWrites.hash(true, other, 0, 0) & (ReadChecker.OWN - 1))
        != (RecentWrites.hash(true, id, 0, 0) & (ReadChecker.OWN - 1))) {
      other++;
    }
    return other;
  }

  @Test
  void anOwnWriteWhoseSlotAnotherOwnWriteTookIsNoLongerCheckedForReadYourWrites() {
    long other = sharingOwnSlot(5);
    WriteRecord older = objectWrite(1, 1, 5);
    ack(older, 2);
    WriteRecord mine = objectWrite(3, 1, 5);
    ack(mine, 4);
    reader.ownWriteAcknowledged(mine);
    WriteRecord elsewhere = objectWrite(5, 1, other);
    ack(elsewhere, 6);
    reader.ownWriteAcknowledged(elsewhere);
    reader.check(7, row(5, 1), "Read", null);
    assertEquals(0, counts.checked(Anomaly.READ_YOUR_WRITES), "the slot holds the other key");
    assertEquals(1, counts.seen(Anomaly.STALE_READ), "still stale by the process's memory");
  }

  @Test
  void twoKeysOfOneOwnWriteInOneSlotAreBothChecked() {
    long other = sharingOwnSlot(5);
    WriteRecord older = objectWrite(1, 1, 5, other);
    ack(older, 2);
    WriteRecord mine = objectWrite(3, 1, 5, other);
    ack(mine, 4);
    reader.ownWriteAcknowledged(mine);
    reader.check(5, row(5, 1), "Read", null);
    reader.check(5, row(other, 1), "Read", null);
    assertEquals(2, counts.checked(Anomaly.READ_YOUR_WRITES));
    assertEquals(2, counts.seen(Anomaly.READ_YOUR_WRITES));
    reader.check(5, row(5, 3), "Read", null);
    assertEquals(2, counts.seen(Anomaly.READ_YOUR_WRITES), "its own row is not older");
    assertEquals(3, counts.checked(Anomaly.READ_YOUR_WRITES));
  }

  @Test
  void seeingHalfOfAWriteTransactionIsAFracturedRead() {
    WriteRecord before = objectWrite(1, 2, 5, 6);
    ack(before, 2);
    WriteRecord txn = objectWrite(3, 2, 5, 6); // not yet acknowledged: being committed
    reader.check(4, List.of(row(5, 3), row(6, 1)), "ReadTxn", null);
    assertEquals(1, counts.seen(Anomaly.FRACTURED_READ));
    Map<String, Object> example = counts.examples(Anomaly.FRACTURED_READ).get(0);
    assertEquals("node 6", example.get("key"));
    assertTrue(example.get("alsoSaw").toString().startsWith("node 5"), example.toString());

    reader.check(5, List.of(row(5, 3), row(6, 3)), "ReadTxn", null);
    reader.check(5, List.of(row(5, 1), row(6, 1)), "ReadTxn", null);
    assertEquals(1, counts.seen(Anomaly.FRACTURED_READ), "all or nothing of it is atomic");
    assertEquals(3, counts.checked(Anomaly.FRACTURED_READ));
    assertEquals(0, txn.ack);
  }

  @Test
  void manyRowsOfOneTransactionAreJudgedAsOneWithTheSameFirstExample() {
    WriteRecord before = objectWrite(1, 2, 7, 8);
    ack(before, 2);
    WriteRecord txn = objectWrite(3, 2, 5, 6, 7, 8);
    ack(txn, 4);
    reader.check(5, List.of(row(5, 3), row(6, 3), row(7, 1), row(8, 1)), "ReadTxn", null);
    assertEquals(1, counts.seen(Anomaly.FRACTURED_READ));
    assertEquals(1, counts.checked(Anomaly.FRACTURED_READ));
    Map<String, Object> example = counts.examples(Anomaly.FRACTURED_READ).get(0);
    assertEquals("node 7", example.get("key"), "the first older row");
    assertTrue(example.get("alsoSaw").toString().startsWith("node 5"), "the first row of txn");

    reader.check(6, List.of(row(5, 3), row(6, 3), row(7, 3)), "ReadTxn", null);
    assertEquals(2, counts.checked(Anomaly.FRACTURED_READ), "checked once for the read");
    assertEquals(1, counts.seen(Anomaly.FRACTURED_READ));
  }

  @Test
  void aRowOfAWriteThatOverlappedTheTransactionIsNotFractured() {
    WriteRecord other = objectWrite(2, 2, 6);
    WriteRecord txn = objectWrite(3, 2, 5, 6);
    ack(other, 4); // acknowledged after the transaction began: it may have come after it
    reader.check(5, List.of(row(5, 3), row(6, 2)), "ReadTxn", null);
    assertEquals(0, counts.seen(Anomaly.FRACTURED_READ));
    assertEquals(1, counts.checked(Anomaly.FRACTURED_READ));
    assertTrue(txn.ack == 0);
  }

  @Test
  void aHiddenLinkOfATransactionThatHidItIsNotFractured() {
    byte[] old = payload(1);
    WriteRecord add =
        begin(
            1,
            2,
            List.of(
                WriteEffect.link(5, 9, 6, Link.VISIBLE, WriteEffect.ANY_VERSION, old),
                WriteEffect.node(5, WriteEffect.ANY_VERSION, payload(1))));
    ack(add, 2);
    WriteRecord hide =
        begin(
            3,
            2,
            List.of(
                WriteEffect.linkHidden(5, 9, 6),
                WriteEffect.node(5, WriteEffect.ANY_VERSION, payload(3))));
    ack(hide, 4);
    Link hidden = new Link(5, 9, 6, Link.HIDDEN, old, 2, 0);
    Link stillVisible = new Link(5, 9, 6, Link.VISIBLE, old, 1, 0);
    reader.check(5, List.of(row(5, 3), hidden), "ReadTxn", null);
    assertEquals(0, counts.seen(Anomaly.FRACTURED_READ));
    reader.check(6, List.of(row(5, 3), stillVisible), "ReadTxn", null);
    assertEquals(1, counts.seen(Anomaly.FRACTURED_READ));
  }

  @Test
  void aLinkBenchVersionNamesItsWriteOnlyWithTheSamePayload() {
    byte[] data = {1, 2, 3, 4, 5};
    WriteRecord w1 =
        begin(
            10,
            2,
            List.of(WriteEffect.link(5, 9, 6, Link.VISIBLE, WriteStamp.linkVersion(10), data)));
    ack(w1, 11);
    byte[] data2 = {9, 9, 9, 9, 9};
    WriteRecord w2 =
        begin(
            12,
            2,
            List.of(WriteEffect.link(5, 9, 6, Link.VISIBLE, WriteStamp.linkVersion(12), data2)));
    ack(w2, 13);
    reader.check(14, new Link(5, 9, 6, Link.VISIBLE, data, 10, 0), "GetLink", null);
    assertEquals(1, counts.seen(Anomaly.STALE_READ));
    reader.check(
        14, new Link(5, 9, 6, Link.VISIBLE, new byte[] {7, 7, 7, 7}, 10, 0), "GetLink", null);
    assertEquals(1, counts.readsNotCheckable(), "same version, another payload: not this write");
  }

  @Test
  void theAuditFailsOnlyWhatTheSettingForbids() {
    WriteRecord older = objectWrite(1, 2, 5);
    ack(older, 2);
    ack(objectWrite(3, 2, 5), 4);
    reader.check(5, row(5, 1), "Read", null);
    var checks = run.auditChecks();
    var stale = checks.stream().filter(c -> c.name().equals("staleReads")).findFirst().get();
    assertEquals(1, stale.violations());
    assertEquals("failed", stale.status());
    assertEquals(
        "not checked",
        checks.stream().filter(c -> c.name().equals("fracturedReads")).findFirst().get().status());
    Map<String, Object> summary = run.summary();
    @SuppressWarnings("unchecked")
    Map<String, Object> s = (Map<String, Object>) summary.get("staleReads");
    assertEquals(1L, s.get("seen"));
    assertEquals("forbidden", s.get("promise"));
    assertEquals(1_000_000.0, s.get("per million checked"));
  }
}
