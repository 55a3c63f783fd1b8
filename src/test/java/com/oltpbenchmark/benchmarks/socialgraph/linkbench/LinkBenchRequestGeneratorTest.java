package com.oltpbenchmark.benchmarks.socialgraph.linkbench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraphs;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequests.MultiGet;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequests.RangeScan;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LinkBenchRequestGeneratorTest {

  private static LinkBenchWorkload workload(Map<String, Object> keys, long seed) {
    LinkBenchConfig config = LinkBenchConfig.fromMap(keys, 1, "test");
    return new LinkBenchWorkload(config, SocialGraphs.create(config), null, seed);
  }

  private static final Map<String, Object> GRAPH = Map.of("maxid1", 20_001);

  @Test
  void sameSeedAndWorkerGiveTheSameRequestsOtherWorkersOthers() {
    LinkBenchRequestGenerator a = workload(GRAPH, 7).generator(3, 8);
    LinkBenchRequestGenerator b = workload(GRAPH, 7).generator(3, 8);
    LinkBenchRequestGenerator other = workload(GRAPH, 7).generator(4, 8);
    LinkBenchRequestGenerator otherSeed = workload(GRAPH, 8).generator(3, 8);
    int differentWorker = 0;
    int differentSeed = 0;
    for (int i = 0; i < 200; i++) {
      Link la = a.addLink();
      Link lb = b.addLink();
      assertEquals(key(la), key(lb));
      assertArrayEquals(la.data(), lb.data());
      MultiGet ma = a.getLink();
      MultiGet mb = b.getLink();
      assertEquals(ma.id1(), mb.id1());
      assertArrayEquals(ma.id2s(), mb.id2s());
      assertEquals(a.getNodeId(), b.getNodeId());
      Node na = a.updateNode();
      assertArrayEquals(na.data(), b.updateNode().data());
      if (!key(other.addLink()).equals(key(la))) {
        differentWorker++;
      }
      if (!key(otherSeed.addLink()).equals(key(la))) {
        differentSeed++;
      }
    }
    assertTrue(differentWorker > 150, "workers must draw from different streams");
    assertTrue(differentSeed > 150, "seeds must change the requests");
  }

  private static List<Long> key(Link l) {
    return List.of(l.id1(), l.linkType(), l.id2());
  }

  /**
   * LinkBench's formula: with n loaded links the id2 is uniform over ceil(n / p) candidates, so the
   * hit probability is n / ceil(n / p) (p itself only for large n).
   */
  @Test
  void id2HitsALoadedLinkWithLinkBenchsProbabilities() {
    LinkBenchWorkload w = workload(GRAPH, 1);
    SocialGraph graph = w.graph();
    Id2Chooser chooser = new Id2Chooser(graph, false, 0, 1);
    com.oltpbenchmark.benchmarks.socialgraph.graph.StreamRandom rng =
        new com.oltpbenchmark.benchmarks.socialgraph.graph.StreamRandom(3);
    for (double p :
        new double[] {Id2Chooser.P_ADD_EXIST, Id2Chooser.P_GET_EXIST, Id2Chooser.P_UPDATE_EXIST}) {
      double expectedHits = 0;
      int hits = 0;
      int draws = 0;
      for (long id1 = graph.startId(); id1 < graph.endId() && draws < 40_000; id1++) {
        for (int t = 0; t < graph.linkTypeCount(); t++) {
          long n = graph.outDegree(id1, t);
          if (n == 0) {
            continue;
          }
          draws++;
          expectedHits += n / Math.ceil(n / p);
          if (graph.indexOfId2(id1, t, chooser.choose(rng, id1, t, p)) >= 0) {
            hits++;
          }
        }
      }
      assertTrue(draws > 5000);
      double sd = Math.sqrt(draws * 0.25);
      assertTrue(
          Math.abs(hits - expectedHits) < 4 * sd,
          "p=" + p + ": " + hits + " hits, expected " + expectedHits);
    }
  }

  @Test
  void multigetIdsAreDistinctAndSizesFollowTheGeometricDistribution() {
    LinkBenchRequestGenerator g = workload(GRAPH, 2).generator(0, 1);
    long total = 0;
    int n = 20_000;
    for (int i = 0; i < n; i++) {
      MultiGet m = g.getLink();
      assertTrue(m.id2s().length >= 1);
      Set<Long> distinct = new HashSet<>();
      for (long id2 : m.id2s()) {
        distinct.add(id2);
      }
      assertEquals(m.id2s().length, distinct.size(), "duplicate id2 in a multiget");
      total += m.id2s().length;
    }
    double mean = (double) total / n;
    double expected =
        w2().config().multigetMin() == 1
            ? com.oltpbenchmark.benchmarks.socialgraph.distributions.Distributions.multigetSize(
                    w2().config())
                .mean()
            : Double.NaN;
    assertEquals(expected, mean, 0.1, "mean multiget size");
  }

  private static LinkBenchWorkload w2() {
    return workload(GRAPH, 2);
  }

  @Test
  void nodeRequestsStayInTheLoadedIdRangeAndAddNodeLetsTheDatabaseChoose() {
    LinkBenchRequestGenerator g = workload(GRAPH, 3).generator(0, 1);
    SocialGraph graph = g.graph();
    for (int i = 0; i < 10_000; i++) {
      assertTrue(graph.containsNode(g.getNodeId()));
      assertTrue(graph.containsNode(g.deleteNodeId()));
      Node u = g.updateNode();
      assertTrue(graph.containsNode(u.id()));
      assertEquals(LinkBenchRequestGenerator.UPDATED_NODE_VERSION, u.version());
      assertTrue(graph.containsNode(g.linkReadId1()));
      assertTrue(graph.containsNode(g.linkWriteId1()));
    }
    Node added = g.addNode();
    assertEquals(-1, added.id());
    assertEquals(Node.DEFAULT_TYPE, added.type());
  }

  @Test
  void disjointId2sPerWorkerWithId2genConfig() {
    LinkBenchWorkload w = workload(Map.of("maxid1", 5001, "id2gen_config", 1), 4);
    for (int worker = 0; worker < 3; worker++) {
      LinkBenchRequestGenerator g = w.generator(worker, 3);
      for (int i = 0; i < 2000; i++) {
        assertEquals(worker, Math.floorMod(g.addLink().id2(), 3));
        assertEquals(worker, Math.floorMod(g.deleteLink().id2(), 3));
      }
    }
  }

  @Test
  void fullRangeScansArePagedFurtherBackThroughTheHistory() {
    // Range limit 2 and 50% history: any list of 2+ links enters the cache when scanned.
    LinkBenchRequestGenerator g =
        workload(Map.of("maxid1", 2001, "range_limit", 2, "getlinklist_history", 50), 5)
            .generator(0, 1);
    int history = 0;
    int first = 0;
    for (int i = 0; i < 5000; i++) {
      RangeScan scan = g.getLinkList();
      assertEquals(2, scan.limit());
      if (scan.isHistoryQuery()) {
        history++;
        assertEquals(1, scan.offset(), "a history page skips the link the last page ended on");
        assertEquals(scan.history().maxTime(), scan.maxTime());
        // pretend the list ended: the page leaves the cache
        g.rangeScanned(scan, List.of());
      } else {
        first++;
        assertNull(scan.history());
        assertEquals(0, scan.offset());
        assertEquals(Long.MAX_VALUE, scan.maxTime());
        g.rangeScanned(scan, fullPage(scan, 1000 + i));
      }
    }
    assertEquals(history, g.historyQueries());
    assertTrue(history > 2000 && history < 2600, "about half must page: " + history);
    assertTrue(first > 2000);
    assertFalse(g.history().size() > RangeHistory.CAPACITY);
  }

  @Test
  void historyCacheIsBoundedAndForgetsExhaustedLists() {
    RangeHistory h = new RangeHistory();
    java.util.Random rng = new java.util.Random(1);
    for (int i = 0; i < RangeHistory.CAPACITY + 500; i++) {
      h.rememberFull(i, 1, i, rng);
    }
    assertEquals(RangeHistory.CAPACITY, h.size());
    List<RangeHistory.Page> pages = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      pages.add(h.pick(rng));
    }
    for (RangeHistory.Page p : pages) {
      h.advance(p, false, 0);
    }
    assertTrue(h.size() <= RangeHistory.CAPACITY - 50);
    RangeHistory.Page p = pages.get(0);
    int before = h.size();
    h.rememberFull(p.id1(), p.linkType(), 5, rng); // an exhausted list can come back
    assertEquals(before + 1, h.size());
    RangeHistory.Page again = h.pick(new java.util.Random(2));
    h.advance(again, true, -7);
    assertNotEquals(again.maxTime(), -7);
  }

  private static List<Link> fullPage(RangeScan scan, long time) {
    List<Link> page = new ArrayList<>();
    for (int i = 0; i < scan.limit(); i++) {
      page.add(
          new Link(
              scan.id1(), scan.linkType(), scan.id1() + i, Link.VISIBLE, new byte[0], 0, time - i));
    }
    return page;
  }
}
