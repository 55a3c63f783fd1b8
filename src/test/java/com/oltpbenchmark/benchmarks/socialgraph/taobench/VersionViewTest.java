package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A worker's version beliefs stay within their bound, forgetting the least recently used. */
class VersionViewTest {

  @Test
  void beliefsAreBoundedAndTheLeastRecentlyUsedGoFirst() {
    VersionView v = new VersionView();
    int past = VersionView.CAPACITY + 1_000;
    for (long id = 1; id <= past; id++) {
      v.observed(TaoOp.objectRead(id), 7);
      if (id == 5_000) {
        // read again late: recently used, so it survives the eviction of its neighbours
        v.objectVersion(1);
      }
    }
    assertEquals(VersionView.CAPACITY, v.size());
    assertEquals(VersionView.UNKNOWN, v.objectVersion(2), "the oldest belief is forgotten");
    assertEquals(7, v.objectVersion(past), "the newest is kept");
    assertEquals(7, v.objectVersion(1), "a belief used again is kept");
  }
}
