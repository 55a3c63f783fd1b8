package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * With read checks on, a request's writes carry its tick: a node's version, a link's version and
 * the start of a TAOBench payload; with them off, writes are left exactly as drawn.
 */
class RequestStampTest {

  private static final Node NODE = new Node(5, 2, 1, 1000, new byte[] {1});
  private static final Link LINK = new Link(5, 100, 6, Link.VISIBLE, new byte[] {2}, 0, 1000);

  private static TaoOp write() {
    return new TaoOp.AssocWrite(
        TaoOpKind.ASSOC_ADD, 5, 100, 6, Set.<Precondition>of(), -1, 1, new byte[32], 0);
  }

  @Test
  void writesCarryTheTickOfTheRequestInFlight() {
    WriteStamp stamp = new WriteStamp(0, 42);
    RequestStamp s = new RequestStamp(stamp);
    s.begin(7);
    assertEquals(7, s.stamped(NODE).version());
    assertEquals(WriteStamp.linkVersion(7), s.stamped(LINK).version());
    s.begin(8);
    TaoOp op = write();
    s.stamped(List.of(op));
    assertEquals(8, stamp.tickOf(((TaoOp.WriteOp) op).payload()));
  }

  @Test
  void withoutReadChecksWritesAreLeftAsDrawn() {
    RequestStamp s = new RequestStamp(null);
    s.begin(7);
    assertSame(NODE, s.stamped(NODE));
    assertSame(LINK, s.stamped(LINK));
    TaoOp op = write();
    s.stamped(List.of(op));
    assertEquals(-1, new WriteStamp(0, 42).tickOf(((TaoOp.WriteOp) op).payload()));
  }
}
