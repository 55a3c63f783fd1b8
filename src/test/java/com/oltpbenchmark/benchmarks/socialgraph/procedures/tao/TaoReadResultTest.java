package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaoReadResultTest {

  @Test
  void pointReadsReportTheFoundRowsVersion() {
    Node node = new Node(5, 1, 7, 0, new byte[0]);
    assertEquals(7, new TaoReadResult.ObjectResult(TaoOp.objectRead(5), node).version());
    assertTrue(new TaoReadResult.ObjectResult(TaoOp.objectRead(5), node).found());
    TaoReadResult absent = new TaoReadResult.ObjectResult(TaoOp.objectRead(5), null);
    assertFalse(absent.found());
    assertEquals(-1, absent.version());
    Link link = new Link(1, 2, 3, Link.HIDDEN, new byte[0], 4, 0);
    TaoReadResult hidden = new TaoReadResult.AssocResult(TaoOp.assocRead(1, 2, 3), link);
    assertTrue(hidden.found(), "a hidden association is still a row");
    assertEquals(4, hidden.version());
  }

  @Test
  void rangesAndCountsHaveNoVersionAndAreFoundWhenNotEmpty() {
    List<Link> links = new ArrayList<>(List.of(new Link(1, 2, 3, Link.VISIBLE, new byte[0], 0, 9)));
    TaoReadResult.RangeResult range =
        new TaoReadResult.RangeResult(TaoOp.assocRange(1, 2, 0, 10, 5), links);
    links.clear();
    assertEquals(1, range.links().size(), "the result keeps its own copy");
    assertTrue(range.found());
    assertEquals(-1, range.version());
    assertFalse(new TaoReadResult.RangeResult(TaoOp.assocRange(1, 2, 0, 10, 5), List.of()).found());
    assertFalse(new TaoReadResult.CountResult(TaoOp.assocCount(1, 2), 0).found());
    assertTrue(new TaoReadResult.CountResult(TaoOp.assocCount(1, 2), 3).found());
    assertEquals(-1, new TaoReadResult.CountResult(TaoOp.assocCount(1, 2), 3).version());
  }
}
