package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.ModuleFixture;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.LinkWriteResult;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The store contract LinkBench's own store tests demand, checked on the socialgraph procedures with
 * the schema and dialect of one database. Every procedure call is its own transaction, committed
 * afterwards as the runtime does; every test ends by checking that each count row equals its
 * visible links.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class StoreContractTestBase {

  static final long TYPE = 123456789L;

  private ProcedureFixture fixture;
  private Connection conn;
  private ProcedureFixture.Procedures p;

  /** The module on a fresh database of the subclass's kind. */
  abstract ProcedureFixture createFixture() throws Exception;

  @BeforeAll
  void setUpDatabase() throws Exception {
    fixture = createFixture();
    conn = fixture.connect();
    p = fixture.procedures();
  }

  @AfterAll
  void closeDatabase() throws SQLException {
    if (conn != null) {
      conn.close();
    }
  }

  @BeforeEach
  void emptyTables() throws SQLException {
    try (Statement st = conn.createStatement()) {
      st.executeUpdate("DELETE FROM linktable");
      st.executeUpdate("DELETE FROM counttable");
      st.executeUpdate("DELETE FROM nodetable");
    }
    conn.commit();
  }

  @AfterEach
  void countsStillMatchVisibleLinks() throws SQLException {
    ModuleFixture.assertCountsMatchVisibleLinks(conn);
  }

  // ---- one transaction per call, as the runtime runs procedures ----

  private LinkWriteResult add(Link l) throws SQLException {
    LinkWriteResult r = p.addLink.run(conn, p.delivery, l);
    conn.commit();
    return r;
  }

  private LinkWriteResult update(Link l) throws SQLException {
    LinkWriteResult r = p.updateLink.run(conn, p.delivery, l);
    conn.commit();
    return r;
  }

  private boolean delete(Link l, boolean expunge) throws SQLException {
    boolean r = p.deleteLink.run(conn, p.delivery, l.id1(), l.linkType(), l.id2(), expunge);
    conn.commit();
    return r;
  }

  private Link get(long id1, long type, long id2) throws SQLException {
    List<Link> found = p.getLink.run(conn, id1, type, new long[] {id2});
    conn.commit();
    assertTrue(found.size() <= 1, "one key matched " + found.size() + " links");
    return found.isEmpty() ? null : found.get(0);
  }

  private Link get(Link l) throws SQLException {
    return get(l.id1(), l.linkType(), l.id2());
  }

  private long count(long id1, long type) throws SQLException {
    long c = p.countLink.run(conn, id1, type);
    conn.commit();
    return c;
  }

  /** The whole list, as LinkBench's 3-argument getLinkList reads it: all times, 10000 links. */
  private List<Link> list(long id1, long type) throws SQLException {
    List<Link> l = p.getLinkList.run(conn, id1, type, 0, Long.MAX_VALUE, 0, 10_000);
    conn.commit();
    return l;
  }

  private List<Link> list(long id1, long type, long min, long max, int offset, int limit)
      throws SQLException {
    List<Link> l = p.getLinkList.run(conn, id1, type, min, max, offset, limit);
    conn.commit();
    return l;
  }

  private static Link link(
      long id1, long type, long id2, int vis, byte[] data, int version, long time) {
    return new Link(id1, type, id2, vis, data, version, time);
  }

  // ---- links ----

  @Test
  void oneLinkThroughItsWholeLifecycle() throws SQLException {
    Link l = link(1123, 321, 1124, Link.VISIBLE, new byte[] {1}, 1, 1994);
    assertEquals(LinkWriteResult.INSERTED, add(l));
    assertEquals(l, get(l));
    assertEquals(1, count(1123, 321));

    assertTrue(delete(l, true), "expunge of an existing link reports it existed");
    assertNull(get(l));
    assertEquals(List.of(), list(1123, 321));
    assertEquals(0, count(1123, 321));

    assertEquals(LinkWriteResult.INSERTED, add(l));
    assertEquals(l, get(l));
    assertEquals(1, count(1123, 321));

    assertTrue(delete(l, false), "hiding an existing link reports it existed");
    assertEquals(l.withVisibility(Link.HIDDEN), get(l), "a hidden link is still readable by key");
    assertEquals(0, count(1123, 321));
    assertEquals(List.of(), list(1123, 321));

    assertEquals(LinkWriteResult.UPDATED, update(l));
    assertEquals(l, get(l));
    assertEquals(1, count(1123, 321));
    assertEquals(List.of(l), list(1123, 321));

    assertEquals(LinkWriteResult.UNCHANGED, update(l));
    assertEquals(l, get(l));
    assertEquals(1, count(1123, 321));
    assertEquals(List.of(l), list(1123, 321));

    assertTrue(delete(l, true));
    assertEquals(0, count(1123, 321));
    assertFalse(delete(l, true), "expunging a missing link reports it did not exist");
    assertFalse(delete(l, false), "hiding a missing link reports it did not exist");
    assertEquals(0, count(1123, 321));
  }

  @Test
  void rangeScanIsNewestFirstWithLimitOffsetAndInclusiveTimeBounds() throws SQLException {
    long a = 5434;
    long b = 5435;
    long c = 9999;
    long d = 9998;
    long t = 10_000_000L;
    byte[] data = "x".getBytes(StandardCharsets.US_ASCII);
    Link a1c = link(a, 1, c, 1, data, 0, t);
    Link a2c = link(a, 2, c, 1, data, 0, t);
    Link b2a = link(b, 2, a, 1, data, 0, t + 1);
    Link b2b = link(b, 2, b, 1, data, 0, t);
    Link b2cHidden = link(b, 2, c, 0, data, 0, t - 2);
    Link b2d = link(b, 2, d, 1, data, 0, t + 3);
    for (Link l : List.of(a1c, a2c, b2a, b2b, b2cHidden, b2d)) {
      assertEquals(LinkWriteResult.INSERTED, add(l));
    }
    assertEquals(1, count(a, 1));
    assertEquals(1, count(a, 2));
    assertEquals(0, count(b, 1));
    assertEquals(3, count(b, 2));

    assertEquals(List.of(a1c), list(a, 1));
    assertEquals(List.of(a2c), list(a, 2));
    assertEquals(List.of(b2d, b2a, b2b), list(b, 2), "visible only, newest first");
    assertEquals(List.of(b2d), list(b, 2, 0, t + 100, 0, 1), "limit");
    assertEquals(List.of(b2a, b2b), list(b, 2, 0, t + 100, 1, 2), "offset");
    assertEquals(List.of(b2a), list(b, 2, t + 1, t + 2, 0, Integer.MAX_VALUE), "bounds inclusive");
    assertEquals(List.of(b2d, b2a), list(b, 2, t + 1, t + 3, 0, 10), "both bounds inclusive");
    assertEquals(List.of(), list(b, 2, 0, t + 100, 3, 10), "offset past the end");
    assertEquals(List.of(), list(b, 3));
  }

  @Test
  void equalTimesAreOrderedById2Descending() throws SQLException {
    List<Link> added = new ArrayList<>();
    for (long id2 : new long[] {7, 3, 11, 5}) {
      Link l = link(42, TYPE, id2, 1, new byte[] {(byte) id2}, 0, 500);
      add(l);
      added.add(l);
    }
    Link older = link(42, TYPE, 99, 1, new byte[0], 0, 499);
    add(older);
    added.sort(Comparator.comparingLong(Link::id2).reversed());
    added.add(older);
    assertEquals(added, list(42, TYPE));
  }

  @Test
  void multigetReturnsExistingLinksHiddenIncludedAndNothingForMissingOnes() throws SQLException {
    long id1 = 99_999_999_999L; // above 2^32
    Link l42 = link(id1, TYPE, 42, 1, new byte[0], 0, 1);
    Link l43 = link(id1, TYPE, 43, 0, new byte[] {7, 8}, 0, 2);
    add(l42);
    add(l43);
    List<Link> found = p.getLink.run(conn, id1, TYPE, new long[] {42, 43, 1234});
    conn.commit();
    assertEquals(Set.of(l42, l43), new HashSet<>(found));
    assertEquals(2, found.size());
    assertEquals(List.of(), p.getLink.run(conn, id1, TYPE, new long[] {1234}));
    assertEquals(List.of(), p.getLink.run(conn, id1, TYPE, new long[0]));
    conn.commit();
  }

  @Test
  void multigetOfMoreIdsThanOneStatementHoldsReturnsEachOnce() throws SQLException {
    int n = LinkSql.MULTIGET_SLOTS * 2 + 3;
    long[] asked = new long[n + 2];
    Set<Link> expected = new HashSet<>();
    for (int i = 0; i < n; i++) {
      Link l = link(77, TYPE, 1000 + i, i % 3 == 0 ? 0 : 1, new byte[] {(byte) i}, 0, i);
      add(l);
      expected.add(l);
      asked[i] = 1000 + i;
    }
    asked[n] = 5; // missing
    asked[n + 1] = 6; // missing, and the last id of a padded chunk
    List<Link> found = p.getLink.run(conn, 77, TYPE, asked);
    conn.commit();
    assertEquals(n, found.size(), "no link twice, no missing link");
    assertEquals(expected, new HashSet<>(found));
  }

  @Test
  void hiddenLinksAreNotCountedOrListed() throws SQLException {
    Link hidden = link(1, 1, 1, Link.HIDDEN, new byte[] {1}, 0, 1);
    assertEquals(LinkWriteResult.INSERTED, add(hidden));
    assertEquals(0, count(1, 1));
    assertEquals(List.of(), list(1, 1));
    assertTrue(delete(hidden, false));
    assertEquals(0, count(1, 1));
    assertEquals(List.of(), list(1, 1));
    Link visible = hidden.withVisibility(Link.VISIBLE);
    assertEquals(LinkWriteResult.UPDATED, add(visible));
    assertEquals(List.of(visible), list(1, 1));
    assertEquals(1, count(1, 1));
    assertTrue(delete(visible, true));
    assertEquals(List.of(), list(1, 1));
    assertEquals(0, count(1, 1));
  }

  @Test
  void expungingAHiddenLinkLeavesTheCountAlone() throws SQLException {
    // LinkBench bug #5: FB and MC decremented the count here, breaking the invariant.
    Link keep = link(8, 1, 1, 1, new byte[] {1}, 0, 1);
    Link gone = link(8, 1, 2, 1, new byte[] {2}, 0, 2);
    add(keep);
    add(gone);
    assertEquals(2, count(8, 1));
    assertTrue(delete(gone, false));
    assertEquals(1, count(8, 1));
    assertTrue(delete(gone, true), "the hidden row existed");
    assertEquals(1, count(8, 1));
    assertNull(get(gone));
  }

  @Test
  void addOverwritesEveryFieldOfAnExistingLink() throws SQLException {
    long id1 = 314_214_212_421L;
    Link orig = link(id1, TYPE, 5, 1, "111".getBytes(StandardCharsets.US_ASCII), 0, 1);
    assertEquals(LinkWriteResult.INSERTED, add(orig));
    assertEquals(orig, get(orig));
    assertEquals(1, count(id1, TYPE));
    Link changed = link(id1, TYPE, 5, 1, "222".getBytes(StandardCharsets.US_ASCII), 1, 2);
    assertEquals(LinkWriteResult.UPDATED, add(changed));
    assertEquals(changed, get(orig));
    assertEquals(1, count(id1, TYPE));
    Link hiddenOrig = orig.withVisibility(Link.HIDDEN);
    assertEquals(LinkWriteResult.UPDATED, add(hiddenOrig));
    assertEquals(hiddenOrig, get(orig), "data, version and time reverted, now hidden");
    assertEquals(0, count(id1, TYPE));
  }

  @Test
  void updateInsertsAMissingLink() throws SQLException {
    Link l = link(3, 4, 5, 1, new byte[] {9}, 2, 3);
    assertEquals(LinkWriteResult.INSERTED, update(l));
    assertEquals(l, get(l));
    assertEquals(1, count(3, 4));
  }

  @Test
  void quotesAndBackslashesInPayloadsRoundTrip() throws SQLException {
    Link l = link(11, TYPE, 12, 1, "' asdfasdf".getBytes(StandardCharsets.UTF_8), 0, 1);
    add(l);
    assertEquals(l, get(l));
    Link l2 = link(11, TYPE, 12, 1, "';\\".getBytes(StandardCharsets.UTF_8), 0, 1);
    assertEquals(LinkWriteResult.UPDATED, update(l2));
    assertEquals(l2, get(l));
  }

  @Test
  void everyByteValueRoundTripsAndUpdatesShrinkThePayload() throws SQLException {
    int[][] ranges = {{0, 128}, {160, 256}, {128, 159}};
    long id2 = 1;
    for (int[] r : ranges) {
      byte[] data = new byte[r[1] - r[0]];
      for (int i = 0; i < data.length; i++) {
        data[i] = (byte) (r[0] + i);
      }
      Link l = link(21, TYPE, id2++, 1, data, 0, 1);
      add(l);
      assertArrayEquals(data, get(l).data());
      byte[] half = java.util.Arrays.copyOf(data, data.length / 2);
      Link shorter = link(l.id1(), l.linkType(), l.id2(), 1, half, 0, 1);
      assertEquals(LinkWriteResult.UPDATED, update(shorter));
      assertArrayEquals(half, get(l).data());
    }
  }

  @Test
  void payloadsOfEveryLengthUpTo255RoundTripAndExpungeCountsDown() throws SQLException {
    List<Link> links = new ArrayList<>();
    for (int len = 0; len <= Link.MAX_DATA; len++) {
      byte[] data = new byte[len];
      for (int i = 0; i < len; i++) {
        data[i] = (byte) (len + i);
      }
      Link l = link(31, TYPE, 1000 + len, 1, data, 0, len);
      add(l);
      links.add(l);
    }
    assertEquals(256, count(31, TYPE));
    assertEquals(256, list(31, TYPE).size());
    for (Link l : links) {
      assertEquals(l, get(l));
    }
    assertTrue(delete(links.get(0), true));
    assertEquals(255, count(31, TYPE));
    for (Link l : links.subList(1, links.size())) {
      assertTrue(delete(l, true));
    }
    assertEquals(List.of(), list(31, TYPE));
    assertEquals(0, count(31, TYPE));
    assertFalse(delete(links.get(0), true));
    assertEquals(0, count(31, TYPE));
  }

  @Test
  void aPayloadLongerThanTheColumnIsRejectedNotTruncated() throws SQLException {
    Link tooLong = link(41, TYPE, 1, 1, new byte[Link.MAX_DATA + 1], 0, 1);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> p.addLink.run(conn, p.delivery, tooLong));
    conn.rollback();
    assertTrue(e.getMessage().contains("256 bytes"), e.getMessage());
    assertNull(get(tooLong));
  }

  // ---- nodes ----

  private Node node(int type, long version, long time, byte[] data) {
    return new Node(-1, type, version, time, data);
  }

  @Test
  void addNodeAllocatesConsecutiveIdsAndNodesReadBack() throws SQLException {
    Node n = node(Node.DEFAULT_TYPE, 1, 1_700_000_000L, new byte[] {1, 2, 3, 4, 5});
    long first = p.addNode.run(conn, n);
    conn.commit();
    long second = p.addNode.run(conn, n);
    conn.commit();
    assertEquals(first + 1, second, "ids come from a sequence");
    assertEquals(-1, n.id(), "the argument is not modified");

    Node read = p.getNode.run(conn, Node.DEFAULT_TYPE, second);
    assertNotSame(n, read);
    assertEquals(n.withId(second), read);
    assertNull(p.getNode.run(conn, Node.DEFAULT_TYPE + 1, second), "wrong type reads as missing");
    assertNull(p.getNode.run(conn, second + 100));
    conn.commit();

    assertTrue(p.deleteNode.run(conn, Node.DEFAULT_TYPE, second));
    conn.commit();
    assertNull(p.getNode.run(conn, second));
    assertFalse(p.deleteNode.run(conn, Node.DEFAULT_TYPE, second + 100), "missing id");
    assertFalse(p.deleteNode.run(conn, Node.DEFAULT_TYPE + 1, first), "wrong type");
    conn.commit();
    assertEquals(n.withId(first), p.getNode.run(conn, first));
    long third = p.addNode.run(conn, n);
    conn.commit();
    assertTrue(third > second, "a deleted id is not handed out again");
  }

  @Test
  void updateNodeOverwritesAndReportsWhetherTheNodeExists() throws SQLException {
    Node n = node(Node.DEFAULT_TYPE, 1, 100, new byte[] {1});
    long id = p.addNode.run(conn, n);
    conn.commit();
    Node changed = new Node(id, Node.DEFAULT_TYPE, 2, 200, new byte[] {2, 3});
    assertTrue(p.updateNode.run(conn, changed));
    conn.commit();
    assertEquals(changed, p.getNode.run(conn, id));
    assertTrue(p.updateNode.run(conn, changed), "an identical update still finds the node");
    assertFalse(p.updateNode.run(conn, new Node(id + 100, Node.DEFAULT_TYPE, 2, 2, new byte[0])));
    assertFalse(
        p.updateNode.run(conn, new Node(id, Node.DEFAULT_TYPE + 1, 2, 2, new byte[0])),
        "wrong type");
    conn.commit();
    assertEquals(changed, p.getNode.run(conn, id));
    conn.commit();
  }

  @Test
  void binaryNodePayloadsUpTo1MiBRoundTrip() throws SQLException {
    byte[] small = new byte[4096];
    for (int i = 0; i < small.length; i++) {
      small[i] = (byte) i;
    }
    long id = p.addNode.run(conn, node(Node.DEFAULT_TYPE, 1, 1, small));
    conn.commit();
    assertArrayEquals(small, p.getNode.run(conn, id).data());
    byte[] big = new byte[8192];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) (i + 52);
    }
    assertTrue(p.updateNode.run(conn, new Node(id, Node.DEFAULT_TYPE, 2, 2, big)));
    conn.commit();
    assertArrayEquals(big, p.getNode.run(conn, id).data());
    byte[] max = new byte[Node.MAX_DATA];
    new java.util.Random(7).nextBytes(max);
    long maxId = p.addNode.run(conn, node(Node.DEFAULT_TYPE, 1, 1, max));
    conn.commit();
    assertArrayEquals(max, p.getNode.run(conn, maxId).data());
    byte[] empty = new byte[0];
    long emptyId = p.addNode.run(conn, node(Node.DEFAULT_TYPE, 1, 1, empty));
    conn.commit();
    assertArrayEquals(empty, p.getNode.run(conn, emptyId).data());
    conn.commit();
  }
}
