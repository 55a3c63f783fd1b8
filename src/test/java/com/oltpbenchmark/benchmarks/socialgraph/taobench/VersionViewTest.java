package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A worker's version beliefs stay within their bound, forgetting the least recently used. */
class VersionViewTest {

  @Test
  void beliefsAreBoundedAndTheLeastRecentlyUsedGoFirst() {
    VersionView v = new VersionView();
    long past = 8L * VersionView.CAPACITY;
    for (long id = 1; id <= past; id++) {
      v.observed(TaoOp.objectRead(id), 7);
      // used after every other belief: never the least recently used of its set
      assertEquals(7, v.objectVersion(1), "a belief used again is kept, at id " + id);
    }
    assertEquals(VersionView.CAPACITY, v.size());
    for (long id = 2; id <= 1_000; id++) {
      assertEquals(VersionView.UNKNOWN, v.objectVersion(id), "an old belief is forgotten: " + id);
    }
    assertEquals(7, v.objectVersion(past), "the newest is kept");
  }

  @Test
  void objectsAndLinksWithTheSameIdsAreDifferentKeys() {
    VersionView v = new VersionView();
    v.observed(TaoOp.objectRead(5), 3);
    v.observed(TaoOp.assocRead(5, 0, 0), 9);
    v.observed(TaoOp.assocRead(5, 1, 0), 11);
    assertEquals(3, v.objectVersion(5));
    assertEquals(9, v.linkVersion(5, 0, 0));
    assertEquals(11, v.linkVersion(5, 1, 0));
    v.observed(TaoOp.assocRead(5, 0, 0), -1);
    assertEquals(VersionView.UNKNOWN, v.linkVersion(5, 0, 0));
    assertEquals(3, v.objectVersion(5));
    assertEquals(2, v.size());
  }
}
