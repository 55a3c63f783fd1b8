package com.oltpbenchmark.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A stack belongs to the first frame from the top that a rule names; the JDK and shared helpers
 * take their caller's part.
 */
class PartRulesTest {
  private static final String SG = "com.oltpbenchmark.benchmarks.socialgraph.";

  /** Frames "Class#method", top first. */
  static List<PartRules.Frame> stack(String... frames) {
    List<PartRules.Frame> out = new ArrayList<>();
    for (String f : frames) {
      int hash = f.indexOf('#');
      out.add(new PartRules.Frame(f.substring(0, hash), f.substring(hash + 1)));
    }
    return out;
  }

  private static RequestPart part(String... frames) {
    return PartRules.classify(stack(frames));
  }

  private static final String[] UNDER_A_REQUEST = {
    SG + "RequestPipeline#execute",
    SG + "SocialGraphWorker#executeWork",
    "com.oltpbenchmark.api.Worker#doWork",
    "com.oltpbenchmark.api.Worker#loop",
    "java.lang.Thread#run"
  };

  private static RequestPart underRequest(String... top) {
    String[] all = new String[top.length + UNDER_A_REQUEST.length];
    System.arraycopy(top, 0, all, 0, top.length);
    System.arraycopy(UNDER_A_REQUEST, 0, all, top.length, UNDER_A_REQUEST.length);
    return part(all);
  }

  @Test
  void theDriversSocketReadsAreTheDrivers() {
    assertEquals(
        RequestPart.JDBC,
        underRequest(
            "sun.nio.ch.NioSocketImpl#read",
            "java.net.Socket$SocketInputStream#read",
            "org.postgresql.core.PGStream#receiveTupleV3",
            SG + "procedures.StatementBinder$Open#query",
            SG + "procedures.tao.TaoReads#read"));
  }

  @Test
  void aCollectionBelongsToTheConcernThatUsesIt() {
    assertEquals(
        RequestPart.READ_CHECKS,
        underRequest("java.util.HashMap#getNode", SG + "anomalies.RecentWrites#identify"));
    assertEquals(
        RequestPart.BINDING,
        underRequest("java.util.HashMap#getNode", SG + "procedures.OpenStatements$Kept#find"));
  }

  @Test
  void thePayloadHashBelongsToItsCaller() {
    String hash = SG + "audit.KeyState#payloadHash";
    assertEquals(
        RequestPart.READ_CHECKS, underRequest(hash, SG + "anomalies.RecentWrites#identify"));
    assertEquals(RequestPart.LOST_WRITES, underRequest(hash, SG + "audit.WriteEffect#link"));
    assertEquals(RequestPart.LOST_WRITES, underRequest(SG + "audit.WriteTracker#selfCommitting"));
  }

  @Test
  void stampingAWriteIsTheReadChecksButTheHandlersAreThePipelines() {
    assertEquals(
        RequestPart.READ_CHECKS,
        underRequest(SG + "model.Node#<init>", SG + "anomalies.RequestStamp#stamped"));
    assertEquals(
        RequestPart.PIPELINE,
        underRequest(SG + "RequestHandlers#getNode", SG + "SocialGraphWorker#executeWork"));
    assertEquals(
        RequestPart.PIPELINE,
        underRequest(SG + "RequestHandlers$$Lambda$41/0x0000000800c4b0f8#draw"));
    assertEquals(RequestPart.PIPELINE, underRequest(SG + "procedures.Delivery#mode"));
  }

  @Test
  void eachConcernHasItsPart() {
    assertEquals(
        RequestPart.DRAW,
        underRequest(
            SG + "distributions.AbstractDistribution#firstAtLeast",
            SG + "linkbench.LinkBenchRequestGenerator#getNode"));
    assertEquals(RequestPart.DRAW, underRequest(SG + "taobench.TaoRequestGenerator#next"));
    assertEquals(RequestPart.FIDELITY, underRequest(SG + "fidelity.KeyCounts#add"));
    assertEquals(RequestPart.BINDING, underRequest(SG + "procedures.StatementBinder#bind"));
    assertEquals(RequestPart.BINDING, underRequest("com.oltpbenchmark.api.SQLStmt#getSQL"));
    assertEquals(RequestPart.PIPELINE, underRequest(SG + "Session#runInAutocommit"));
    assertEquals(
        RequestPart.MEASUREMENT,
        part(
            "org.HdrHistogram.AbstractHistogram#recordValue",
            "com.oltpbenchmark.results.LatencyAccumulator#record",
            "com.oltpbenchmark.api.Worker#loop"));
    assertEquals(
        RequestPart.MEASUREMENT,
        part(
            "java.util.TreeMap#put",
            "com.oltpbenchmark.util.Histogram#put",
            "com.oltpbenchmark.api.Worker#count"));
    assertEquals(RequestPart.WORKER_LOOP, part("com.oltpbenchmark.api.Worker#loop"));
    assertEquals(
        RequestPart.WORKER_LOOP,
        part("com.oltpbenchmark.WorkloadState#fetchWork", "com.oltpbenchmark.api.Worker#loop"));
  }

  @Test
  void aStackOfOnlyTheJdkOrOfUnnamedCodeIsOther() {
    assertEquals(RequestPart.OTHER, part("java.lang.Thread#run"));
    assertEquals(RequestPart.OTHER, part());
    assertEquals(
        RequestPart.OTHER, part("com.oltpbenchmark.PhaseProgress#run", "java.lang.Thread#run"));
  }
}
