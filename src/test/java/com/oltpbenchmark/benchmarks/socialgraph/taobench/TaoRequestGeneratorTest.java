package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TaoRequestGeneratorTest {

  private final SocialGraph graph = TaoTestFixtures.graph();

  @Test
  void sameSeedSameRequestsOtherSeedOtherRequests() {
    TaoWorkload w = TaoTestFixtures.small(7);
    List<TaoRequest> a = draw(TaoTestFixtures.generator(w, 5, 0, 1), 2000);
    List<TaoRequest> b = draw(TaoTestFixtures.generator(w, 5, 0, 1), 2000);
    List<TaoRequest> c = draw(TaoTestFixtures.generator(w, 6, 0, 1), 2000);
    assertEquals(a, b);
    assertNotEquals(a, c);
  }

  @Test
  void existingAssociationsAreLoadedLinksInTheDrawnShard() {
    TaoWorkload w = TaoTestFixtures.small(7);
    TaoRequestGenerator g = TaoTestFixtures.generator(w, 11, 0, 1);
    int checked = 0;
    for (TaoRequest r : draw(g, 20_000)) {
      for (int i = 0; i < r.ops().size(); i++) {
        TaoOp op = r.ops().get(i);
        long[] key = existingKey(op);
        if (key != null) {
          int t = graph.typeIndex(key[1]);
          assertTrue(t >= 0 && graph.indexOfId2(key[0], t, key[2]) >= 0, op.toString());
          assertEquals(r.shard(i), g.shardMap().shardOf(op.id1()));
          checked++;
        }
      }
    }
    assertTrue(checked > 1000);
    assertEquals(0, g.linkProbeFailures());
  }

  @Test
  void newObjectIdsNeverCollideWithLoadedIdsOrOtherWorkers() {
    TaoWorkload w = TaoTestFixtures.small(7);
    Set<Long> seen = new HashSet<>();
    int adds = 0;
    for (int worker = 0; worker < 3; worker++) {
      TaoIdAllocator ids = new TaoIdAllocator(1L << 40, worker, 3, 7);
      TaoRequestGenerator g =
          new TaoRequestGenerator(w, graph, ids, 1, 8, 10, () -> 0L, TaoLocality.PAPER, null);
      for (TaoRequest r : draw(g, 5000)) {
        for (int i = 0; i < r.ops().size(); i++) {
          TaoOp op = r.ops().get(i);
          if (op.kind() == TaoOpKind.OBJECT_ADD) {
            assertFalse(graph.containsNode(op.id1()));
            assertTrue(seen.add(op.id1()), "id " + op.id1() + " allocated twice");
            assertEquals(r.shard(i), ids.shardOf(op.id1()));
            adds++;
          }
        }
      }
    }
    assertTrue(adds > 1000);
  }

  @Test
  void newAssociationsCarryTheirCategorysPreconditionsAndLinkType() {
    TaoWorkload w = TaoTestFixtures.small(7);
    TaoRequestGenerator g = TaoTestFixtures.generator(w, 3, 0, 1);
    Set<Set<Precondition>> seen = new HashSet<>();
    for (TaoRequest r : draw(g, 20_000)) {
      for (TaoOp o : r.ops()) {
        if (!(o instanceof TaoOp.AssocWrite op) || op.kind() != TaoOpKind.ASSOC_ADD) {
          continue;
        }
        Set<Precondition> expected =
            op.linkType() == TaoLinkTypes.UNIQUE
                ? EnumSet.of(Precondition.UNIQUE)
                : op.linkType() == TaoLinkTypes.BIDIRECTIONAL
                    ? EnumSet.of(Precondition.BIDIRECTIONAL)
                    : op.linkType() == TaoLinkTypes.UNIQUE_AND_BIDIRECTIONAL
                        ? EnumSet.of(Precondition.UNIQUE, Precondition.BIDIRECTIONAL)
                        : EnumSet.noneOf(Precondition.class);
        if (expected.isEmpty()) {
          assertTrue(graph.typeIndex(op.linkType()) >= 0, "'other' uses a loaded type: " + op);
        }
        assertEquals(expected, op.preconditions());
        assertTrue(graph.containsNode(op.id1()) && graph.containsNode(op.id2()));
        seen.add(op.preconditions());
      }
    }
    assertEquals(4, seen.size());
  }

  @Test
  void predicatesLandOnlyOnWritesTheyApplyTo() {
    TaoWorkload w = TaoTestFixtures.small(7);
    TaoRequestGenerator g = TaoTestFixtures.generator(w, 9, 0, 1);
    int version = 0;
    int visibility = 0;
    int updateOnly = 0;
    for (int i = 0; i < 20_000; i++) {
      TaoRequest r = g.next(i % 2 == 0 ? TaoRequestType.WRITE : TaoRequestType.WRITE_TXN);
      for (TaoOp o : r.ops()) {
        TaoOp.AssocWrite assoc = o instanceof TaoOp.AssocWrite a ? a : null;
        TaoOp.WriteOp op = (TaoOp.WriteOp) o;
        for (Precondition p : op.preconditions()) {
          assertTrue(TaoLinkTypes.appliesTo(p, op.kind()), p + " on " + op);
        }
        version += op.has(Precondition.VERSION_MATCH) ? 1 : 0;
        visibility += op.has(Precondition.VISIBILITY_MATCH) ? 1 : 0;
        updateOnly += op.has(Precondition.UPDATE_ONLY) ? 1 : 0;
        if (op.has(Precondition.VISIBILITY_MATCH)) {
          assertEquals(Link.VISIBLE, assoc.expectedVisibility());
        }
      }
    }
    assertTrue(
        version > 500 && visibility > 500 && updateOnly > 500,
        version + " " + visibility + " " + updateOnly);
  }

  @Test
  void expectedVersionIsWhatThisWorkerReadMovedByItsOwnWrites() {
    VersionView v = new VersionView();
    assertEquals(VersionView.UNKNOWN, v.objectVersion(10));
    v.observed(TaoOp.objectRead(10), 7);
    assertEquals(7, v.objectVersion(10));
    TaoOp update = TaoOp.objectWrite(TaoOpKind.OBJECT_UPDATE, 10, null, 7, new byte[1], 0);
    v.committed(update);
    v.committed(update);
    assertEquals(9, v.objectVersion(10));
    v.forget(update);
    assertEquals(VersionView.UNKNOWN, v.objectVersion(10));
    // an update of a key never read leaves it unknown: the write compares with what it reads
    v.committed(update);
    assertEquals(VersionView.UNKNOWN, v.objectVersion(10));
    v.observed(TaoOp.assocRead(1, 2, 3), 4);
    assertEquals(4, v.linkVersion(1, 2, 3));
    v.committed(TaoOp.assocWrite(TaoOpKind.ASSOC_DELETE, 1, 2, 3, null, 4, 1, null, 0));
    assertEquals(VersionView.UNKNOWN, v.linkVersion(1, 2, 3));
    v.committed(TaoOp.assocWrite(TaoOpKind.ASSOC_ADD, 1, 2, 3, null, 0, 1, new byte[1], 0));
    assertEquals(VersionView.NEW_LINK_VERSION, v.linkVersion(1, 2, 3));
    v.observed(TaoOp.assocRead(1, 2, 3), -1);
    assertEquals(VersionView.UNKNOWN, v.linkVersion(1, 2, 3));
  }

  @Test
  void versionMatchCarriesTheObservedVersion() {
    TaoWorkload w = TaoTestFixtures.small(7);
    TaoRequestGenerator g = TaoTestFixtures.generator(w, 21, 0, 1);
    // observe every object of the graph at version 5, then every VERSION_MATCH object write
    // must expect 5 and every other one -1 (unknown)
    for (long id = TaoTestFixtures.START_ID; id < TaoTestFixtures.END_ID; id++) {
      g.observed(TaoOp.objectRead(id), 5);
    }
    int checked = 0;
    for (int i = 0; i < 5000; i++) {
      TaoOp.WriteOp op = (TaoOp.WriteOp) g.next(TaoRequestType.WRITE).single();
      if (op.kind() == TaoOpKind.OBJECT_UPDATE || op.kind() == TaoOpKind.OBJECT_DELETE) {
        assertEquals(5, op.expectedVersion(), op.toString());
        checked++;
      } else if (op.kind() == TaoOpKind.ASSOC_UPDATE) {
        assertEquals(VersionView.UNKNOWN, op.expectedVersion(), op.toString());
      }
    }
    assertTrue(checked > 500);
  }

  @Test
  void rangeAndTimeReadsAreRealRangesWithALimit() {
    TaoWorkload w = TaoTestFixtures.small(7);
    TaoRequestGenerator g = TaoTestFixtures.generator(w, 4, 0, 1);
    int ranges = 0;
    int windows = 0;
    for (int i = 0; i < 5000; i++) {
      if (g.next(TaoRequestType.READ).single() instanceof TaoOp.AssocRange op) {
        assertEquals(10, op.rangeLimit());
        assertTrue(graph.typeIndex(op.linkType()) >= 0);
        if (op.minTime() == Long.MIN_VALUE) {
          ranges++;
        } else {
          assertEquals(TaoRequestGenerator.TIME_WINDOW_MILLIS, op.maxTime() - op.minTime());
          windows++;
        }
      }
    }
    assertTrue(ranges > 500 && windows > 200, ranges + " " + windows);
  }

  static List<TaoRequest> draw(TaoRequestGenerator g, int n) {
    List<TaoRequest> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(g.next());
    }
    return out;
  }

  /**
   * (id1, type, id2) of an op on one existing association (point read, update, delete), or null.
   */
  private static long[] existingKey(TaoOp op) {
    if (op instanceof TaoOp.AssocRead a) {
      return new long[] {a.id1(), a.linkType(), a.id2()};
    }
    if (op instanceof TaoOp.AssocWrite a && a.kind() != TaoOpKind.ASSOC_ADD) {
      return new long[] {a.id1(), a.linkType(), a.id2()};
    }
    return null;
  }
}
