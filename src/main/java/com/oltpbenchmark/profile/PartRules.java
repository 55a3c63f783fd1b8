package com.oltpbenchmark.profile;

import java.util.List;

/**
 * Which {@link RequestPart} a stack belongs to, by package and class rules on its frames.
 *
 * <p>The stack is read from its top (the running method) down, and the first frame that a rule
 * names decides. Frames of shared helpers carry no part of their own ({@link #TRANSPARENT}: the
 * JDK, logging, the model's rows, the audit's key and hash helpers): a {@code HashMap.get} or a
 * payload hash belongs to whichever concern called it. So the JDBC driver's socket reads are the
 * driver's, and a collection the read checks use is the read checks'.
 */
public final class PartRules {

  /** One stack frame: the method's class (binary name) and the method. */
  public record Frame(String type, String method) {}

  /** Frames that take the part of their caller. */
  static final List<String> TRANSPARENT =
      List.of(
          "java.",
          "javax.",
          "jdk.",
          "sun.",
          "com.sun.",
          "org.slf4j.",
          "org.apache.log4j.",
          "com.oltpbenchmark.benchmarks.socialgraph.model.",
          "com.oltpbenchmark.benchmarks.socialgraph.audit.AuditKey",
          "com.oltpbenchmark.benchmarks.socialgraph.audit.KeyState");

  private static final String SG = "com.oltpbenchmark.benchmarks.socialgraph.";

  /** A class prefix (and optionally one method) and the part it names; the first match wins. */
  private record Rule(String prefix, String method, RequestPart part) {
    boolean matches(Frame f) {
      return f.type().startsWith(prefix) && (method == null || method.equals(f.method()));
    }
  }

  private static final List<Rule> RULES =
      List.of(
          new Rule(SG + "anomalies.", null, RequestPart.READ_CHECKS),
          new Rule(SG + "audit.", null, RequestPart.LOST_WRITES),
          new Rule(SG + "fidelity.", null, RequestPart.FIDELITY),
          new Rule(SG + "procedures.Delivery", null, RequestPart.PIPELINE),
          new Rule(SG + "procedures.", null, RequestPart.BINDING),
          new Rule(SG + "database.", null, RequestPart.BINDING),
          new Rule("com.oltpbenchmark.api.Procedure", null, RequestPart.BINDING),
          new Rule("com.oltpbenchmark.api.SQLStmt", null, RequestPart.BINDING),
          new Rule("com.oltpbenchmark.api.StatementDialects", null, RequestPart.BINDING),
          new Rule(SG + "linkbench.", null, RequestPart.DRAW),
          new Rule(SG + "taobench.", null, RequestPart.DRAW),
          new Rule(SG + "distributions.", null, RequestPart.DRAW),
          new Rule(SG + "payload.", null, RequestPart.DRAW),
          new Rule(SG + "graph.", null, RequestPart.DRAW),
          new Rule(SG + "config.", null, RequestPart.DRAW),
          new Rule(SG, null, RequestPart.PIPELINE),
          new Rule("org.postgresql.", null, RequestPart.JDBC),
          new Rule("org.mariadb.", null, RequestPart.JDBC),
          new Rule("com.mysql.", null, RequestPart.JDBC),
          new Rule("org.sqlite.", null, RequestPart.JDBC),
          new Rule("org.hsqldb.", null, RequestPart.JDBC),
          new Rule("com.oltpbenchmark.results.", null, RequestPart.MEASUREMENT),
          new Rule("com.oltpbenchmark.LatencyRecord", null, RequestPart.MEASUREMENT),
          new Rule("com.oltpbenchmark.util.Histogram", null, RequestPart.MEASUREMENT),
          new Rule("org.HdrHistogram.", null, RequestPart.MEASUREMENT),
          new Rule("com.oltpbenchmark.api.Worker", null, RequestPart.WORKER_LOOP),
          new Rule("com.oltpbenchmark.WorkloadState", null, RequestPart.WORKER_LOOP),
          new Rule("com.oltpbenchmark.BenchmarkState", null, RequestPart.WORKER_LOOP),
          new Rule("com.oltpbenchmark.RequestSchedule", null, RequestPart.WORKER_LOOP),
          new Rule("com.oltpbenchmark.SubmittedProcedure", null, RequestPart.WORKER_LOOP),
          new Rule("com.oltpbenchmark.api.TransactionType", null, RequestPart.WORKER_LOOP));

  private PartRules() {}

  /** The part of a stack given from its top frame down; {@link RequestPart#OTHER} if none. */
  public static RequestPart classify(List<Frame> topDown) {
    for (Frame f : topDown) {
      if (isTransparent(f.type())) {
        continue;
      }
      for (Rule r : RULES) {
        if (r.matches(f)) {
          return r.part();
        }
      }
      return RequestPart.OTHER;
    }
    return RequestPart.OTHER;
  }

  private static boolean isTransparent(String type) {
    for (String p : TRANSPARENT) {
      if (type.startsWith(p)) {
        return true;
      }
    }
    return false;
  }
}
