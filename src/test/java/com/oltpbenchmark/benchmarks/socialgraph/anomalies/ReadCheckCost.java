package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteEffect;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReadResult;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What one read's check costs the terminal, in nanoseconds and bytes allocated per call, on
 * synthetic rows shaped like the workloads' (not a test: a measuring tool, so that the figures in
 * docs/anomalies.md can be made again without a database and on a busy machine, where the run's
 * requests/s are too noisy to show a few per cent).
 *
 * <pre>
 * mvn -B -q -o package -DskipTests &amp;&amp; mvn -B -q -o test-compile
 * java -cp target/test-classes:target/classes:target/benchbase.jar \
 *   com.oltpbenchmark.benchmarks.socialgraph.anomalies.ReadCheckCost [rounds] [callsPerRound]
 * </pre>
 *
 * (The jar only for the dependencies.) Times are the thread's CPU time per call. Each case first
 * fills the process's memory as a run does: 40,000 write transactions over 10,000 hot keys (a fifth
 * of them transactions of 2 to 8 keys), each acknowledged and some of them the terminal's own, then
 * reads rows that name those writes. The figure per case is the median of the rounds.
 */
public final class ReadCheckCost {

  private static final int KEYS = 10_000;
  private static final int WRITES = 40_000;

  private final ReadAnomalies run = new ReadAnomalies(0, 12345);
  private final RecentWrites recent = run.recent();
  private final ReadChecker checker = run.checker(1);
  private final SplittableRandom random = new SplittableRandom(7);
  private final long[] lastTao = new long[KEYS];
  private final long[] lastLink = new long[KEYS];
  private final byte[][] linkPayload = new byte[KEYS][];
  private long clock;

  private ReadCheckCost() {
    for (int w = 0; w < WRITES; w++) {
      long tick = ++clock;
      List<WriteEffect> effects = new ArrayList<>();
      if (random.nextBoolean()) {
        // a TAOBench object write; one in five a transaction of 2 to 8 objects
        int keys = random.nextInt(5) == 0 ? 2 + random.nextInt(7) : 1;
        for (int k = 0; k < keys; k++) {
          int key = random.nextInt(KEYS);
          byte[] tao = new byte[150];
          random.nextBytes(tao);
          recent.stamp().stampPayload(tao, tick);
          effects.add(WriteEffect.node(key, WriteEffect.ANY_VERSION, tao));
          lastTao[key] = tick;
        }
      } else {
        // a LinkBench link write: its version names it, with its payload's CRC
        int key = random.nextInt(KEYS);
        byte[] lb = new byte[120];
        random.nextBytes(lb);
        effects.add(
            WriteEffect.link(key, 123, key + 1, Link.VISIBLE, WriteStamp.linkVersion(tick), lb));
        lastLink[key] = tick;
        linkPayload[key] = lb;
      }
      WriteRecord r = recent.begin(tick, random.nextInt(8), effects);
      recent.acknowledged(r, ++clock, effects);
      if (random.nextInt(8) == 0) {
        checker.ownWriteAcknowledged(r);
      }
    }
  }

  private Node taoNode(int drawn) {
    int key = drawn;
    while (lastTao[key] == 0) {
      key = (key + 1) % KEYS;
    }
    byte[] b = new byte[150];
    recent.stamp().stampPayload(b, lastTao[key]);
    return new Node(key, Node.DEFAULT_TYPE, 3, 0, b);
  }

  private Link linkBenchLink(int drawn) {
    int key = drawn;
    while (linkPayload[key] == null) {
      key = (key + 1) % KEYS;
    }
    return new Link(
        key,
        123,
        key + 1,
        Link.VISIBLE,
        linkPayload[key],
        WriteStamp.linkVersion(lastLink[key]),
        0);
  }

  /** Reads of one shape, prepared once so that the timing holds only the check. */
  private Object[] reads(String shape, int n) {
    Object[] out = new Object[n];
    for (int i = 0; i < n; i++) {
      out[i] =
          switch (shape) {
            case "TAOBench Read (1 object)" ->
                new TaoReadResult.ObjectResult(null, taoNode(random.nextInt(KEYS)));
            case "TAOBench ReadTxn (8 objects)" -> {
              List<Object> l = new ArrayList<>();
              for (int k = 0; k < 8; k++) {
                l.add(new TaoReadResult.ObjectResult(null, taoNode(random.nextInt(KEYS))));
              }
              yield l;
            }
            case "LinkBench GetLink (1 link)" -> linkBenchLink(random.nextInt(KEYS));
            case "LinkBench GetLinkList (10 links)" -> {
              List<Link> l = new ArrayList<>();
              for (int k = 0; k < 10; k++) {
                l.add(linkBenchLink(random.nextInt(KEYS)));
              }
              yield l;
            }
            case "TAOBench ReadTxn (64 objects)" -> {
              List<Object> l = new ArrayList<>();
              for (int k = 0; k < 64; k++) {
                l.add(new TaoReadResult.ObjectResult(null, taoNode(random.nextInt(KEYS))));
              }
              yield l;
            }
            case "range of 256 links" -> {
              List<Link> l = new ArrayList<>();
              for (int k = 0; k < 256; k++) {
                l.add(linkBenchLink(random.nextInt(KEYS)));
              }
              yield l;
            }
            default -> throw new IllegalArgumentException(shape);
          };
    }
    return out;
  }

  private double[] time(Object[] reads, int calls) {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    long readTick = clock + 1;
    long bytes0 = mx.getThreadAllocatedBytes(thread);
    // the thread's CPU time, not the wall clock: other jobs on the machine take the cores too
    long t0 = mx.getCurrentThreadCpuTime();
    for (int i = 0; i < calls; i++) {
      checker.check(readTick, reads[i % reads.length], "Read", null);
    }
    long t1 = mx.getCurrentThreadCpuTime();
    long bytes1 = mx.getThreadAllocatedBytes(thread);
    return new double[] {(t1 - t0) / (double) calls, (bytes1 - bytes0) / (double) calls};
  }

  private static double median(double[] xs) {
    double[] s = xs.clone();
    java.util.Arrays.sort(s);
    return s[s.length / 2];
  }

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    int calls = args.length > 1 ? Integer.parseInt(args[1]) : 2_000_000;
    ReadCheckCost c = new ReadCheckCost();
    String[] shapes = {
      "TAOBench Read (1 object)",
      "TAOBench ReadTxn (8 objects)",
      "LinkBench GetLink (1 link)",
      "LinkBench GetLinkList (10 links)",
      "TAOBench ReadTxn (64 objects)",
      "range of 256 links"
    };
    System.out.printf("%-34s %12s %12s%n", "read", "ns/check", "bytes/check");
    for (String shape : shapes) {
      Object[] reads = c.reads(shape, 4096);
      int n = shape.contains("256") || shape.contains("64") ? calls / 50 : calls;
      c.time(reads, n); // warm-up: the JIT compiles the path
      double[] ns = new double[rounds];
      double[] bytes = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        double[] t = c.time(reads, n);
        ns[r] = t[0];
        bytes[r] = t[1];
      }
      System.out.printf("%-34s %12.1f %12.1f%n", shape, median(ns), median(bytes));
    }
    System.out.printf(
        "(checked %d, not checkable %d, stale seen %d, fractured seen %d)%n",
        c.run.counts().readsChecked(),
        c.run.counts().readsNotCheckable(),
        c.run.counts().seen(Anomaly.STALE_READ),
        c.run.counts().seen(Anomaly.FRACTURED_READ));
  }
}
