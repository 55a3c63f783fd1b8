package com.oltpbenchmark.benchmarks.socialgraph.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SocialGraphTest {

  /** Payload: a length in [0, 20) then that many random bytes, all from the caller's stream. */
  private static final PayloadSource PAYLOAD =
      rng -> {
        byte[] b = new byte[rng.nextInt(20)];
        rng.nextBytes(b);
        return b;
      };

  private static SocialGraph graph(long seed, long randomId2Max) {
    // degree = id mod 7 (0..6), so types split unevenly when link_type_count = 3
    return new SocialGraph(seed, 10, 210, 3, randomId2Max, id -> id % 7, PAYLOAD, PAYLOAD);
  }

  @Test
  void perTypeDegreesSumToTheTotalAndDifferByAtMostOne() {
    SocialGraph g = graph(1, 0);
    for (long id = g.startId(); id < g.endId(); id++) {
      long sum = 0;
      long min = Long.MAX_VALUE;
      long max = Long.MIN_VALUE;
      for (int t = 0; t < g.linkTypeCount(); t++) {
        long d = g.outDegree(id, t);
        sum += d;
        min = Math.min(min, d);
        max = Math.max(max, d);
      }
      assertEquals(id % 7, sum, "id " + id);
      assertTrue(max - min <= 1, "uneven split for id " + id);
    }
    assertEquals(0, g.totalOutDegree(9), "ids outside the range have no links");
  }

  @Test
  void defaultId2IsId1PlusIndexAndIndexOfId2InvertsIt() {
    SocialGraph g = graph(1, 0);
    long id1 = 13; // degree 6: two links per type
    assertEquals(2, g.outDegree(id1, 1));
    assertEquals(id1, g.id2(id1, 1, 0));
    assertEquals(id1 + 1, g.id2(id1, 1, 1));
    assertEquals(1, g.indexOfId2(id1, 1, id1 + 1));
    assertEquals(-1, g.indexOfId2(id1, 1, id1 + 2), "beyond the degree");
    assertEquals(-1, g.indexOfId2(id1, 1, id1 - 1));
  }

  @Test
  void randomId2sAreDistinctInRangeAndInvertible() {
    long range = 50;
    SocialGraph g = new SocialGraph(7, 1, 101, 2, range, id -> 40 + id % 30, PAYLOAD, PAYLOAD);
    for (long id1 = 1; id1 < 101; id1++) {
      for (int t = 0; t < 2; t++) {
        long degree = g.outDegree(id1, t);
        Set<Long> seen = new HashSet<>();
        for (long j = 0; j < degree; j++) {
          long id2 = g.id2(id1, t, j);
          assertTrue(id2 >= 0 && id2 < range, "id2 " + id2 + " outside [0, " + range + ")");
          assertTrue(seen.add(id2), "duplicate id2 " + id2 + " for (" + id1 + "," + t + ")");
          assertEquals(j, g.indexOfId2(id1, t, id2));
        }
        for (long other = 0; other < range; other++) {
          if (!seen.contains(other)) {
            assertEquals(-1, g.indexOfId2(id1, t, other));
          }
        }
      }
    }
    assertEquals(
        range * 2,
        new SocialGraph(7, 1, 2, 2, range, id -> 1000, PAYLOAD, PAYLOAD).totalOutDegree(1),
        "degree capped at randomid2max per type");
  }

  @Test
  void streamedLinksEqualRandomAccessLinksAndCarryTheNewestTime() throws Exception {
    SocialGraph g = graph(42, 0);
    StreamRandom scratch = new StreamRandom(0);
    for (long id1 = g.startId(); id1 < g.endId(); id1++) {
      for (int t = 0; t < g.linkTypeCount(); t++) {
        List<Link> streamed = new ArrayList<>();
        long newest =
            g.generateLinks(
                id1,
                t,
                scratch,
                (a, type, b, vis, data, ver, time) ->
                    streamed.add(new Link(a, type, b, vis, data, ver, time)));
        assertEquals(g.outDegree(id1, t), streamed.size());
        long expectedNewest = Long.MIN_VALUE;
        for (int j = 0; j < streamed.size(); j++) {
          Link l = g.link(id1, t, j);
          assertEquals(l, streamed.get(j));
          assertEquals(Link.VISIBLE, l.visibility());
          assertTrue(
              l.time() < SocialGraph.LOAD_EPOCH_MILLIS
                  && l.time() >= SocialGraph.LOAD_EPOCH_MILLIS - (1L << 32));
          expectedNewest = Math.max(expectedNewest, l.time());
        }
        assertEquals(expectedNewest, newest);
      }
    }
  }

  @Test
  void sameSeedSameGraphOtherSeedOtherPayloads() {
    SocialGraph a = graph(5, 0);
    SocialGraph b = graph(5, 0);
    SocialGraph c = graph(6, 0);
    int differentNodes = 0;
    for (long id = a.startId(); id < a.endId(); id++) {
      Node na = a.node(id);
      assertEquals(na, b.node(id));
      assertArrayEquals(
          na.data(),
          a.nodeData(id, new StreamRandom(99)),
          "nodeData must not depend on the scratch stream's state");
      if (!na.equals(c.node(id))) {
        differentNodes++;
      }
      assertEquals(Node.DEFAULT_TYPE, na.type());
      assertEquals(SocialGraph.NODE_LOAD_VERSION, na.version());
    }
    assertTrue(differentNodes > 150, "another seed should change almost every payload");
    assertNotEquals(a.link(13, 0, 0), c.link(13, 0, 0));
  }

  @Test
  void linkTypesUseLinkBenchNumbering() {
    SocialGraph g = graph(1, 0);
    assertEquals(123_456_789L, g.linkType(0));
    assertEquals(2, g.typeIndex(123_456_791L));
    assertEquals(-1, g.typeIndex(123_456_792L));
    assertThrows(IllegalArgumentException.class, () -> g.linkType(3));
    assertFalse(g.containsNode(210));
  }

  @Test
  void streamRandomReseedRestartsTheStream() {
    StreamRandom r = new StreamRandom(3);
    long first = r.nextLong();
    double gauss = r.nextGaussian();
    r.reseed(3);
    assertEquals(first, r.nextLong());
    assertEquals(gauss, r.nextGaussian());
    int[] buckets = new int[10];
    for (int i = 0; i < 100_000; i++) {
      buckets[r.nextInt(10)]++;
    }
    for (int b : buckets) {
      assertTrue(Math.abs(b - 10_000) < 500, "nextInt(10) bucket count " + b);
    }
  }
}
