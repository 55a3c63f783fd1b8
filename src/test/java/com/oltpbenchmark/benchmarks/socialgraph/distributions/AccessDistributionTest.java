package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.config.AccessKind;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccessDistributionTest {

  @TempDir Path dir;

  private static LinkBenchConfig config(Object... kv) {
    Map<String, Object> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return LinkBenchConfig.fromMap(m, 1, "test");
  }

  @Test
  void everyKindAndFamilyStaysInRange() throws IOException {
    Path dat = dir.resolve("d.dat");
    Files.writeString(
        dat,
        "nlinks 0 50 3 100\nlink_nreads 0 60 2 90 7 100\nlink_nwrites 0 80 1 100\n"
            + "node_nreads 0 10 4 100\nnode_nwrites 0 70 5 100\n");
    String[][] families = {
      {"zipf", "shape", "0.7"},
      {"uniform"},
      {"geometric", "prob", "0.01"},
      {"real"},
      {"round_robin"},
      {"reciprocal"},
      {"multiple", "config", "7"},
      {"power", "config", "3"},
      {"perfect_power", "config", "2"}
    };
    for (AccessKind kind : AccessKind.values()) {
      for (String[] f : families) {
        Map<String, Object> m = new HashMap<>();
        m.put("startid1", 11);
        m.put("maxid1", 1011);
        m.put("data_file", dat.toString());
        m.put(kind.prefix() + "function", f[0]);
        if (f.length > 1) {
          m.put(kind.prefix() + f[1], f[2]);
        }
        LinkBenchConfig c = LinkBenchConfig.fromMap(m, 1, "test");
        AccessDistribution d = Distributions.access(c, kind);
        Random rng = new Random(1);
        for (int i = 0; i < 5000; i++) {
          long id = d.nextId(rng);
          assertTrue(id >= 11 && id < 1011, kind + " " + f[0] + ": " + id);
        }
      }
    }
  }

  @Test
  void roundRobinWalksTheIdsForLinkOpsToo() {
    // LinkBench passed previous id 0 for link ops, so it always returned startid1
    LinkBenchConfig c =
        config("startid1", 5, "maxid1", 9, "read_function", "round_robin", "read_uncorr_blend", 0);
    AccessDistribution d = Distributions.access(c, AccessKind.LINK_READS);
    Random rng = new Random(1);
    long[] expected = {5, 6, 7, 8, 5, 6};
    for (long e : expected) {
      assertEquals(e, d.nextId(rng));
    }
  }

  @Test
  void blendSendsTheConfiguredShareToTheUncorrelatedStream() {
    AccessDistribution corr = rng -> 1;
    AccessDistribution uncorr = rng -> 2;
    BlendedAccessDistribution b = new BlendedAccessDistribution(corr, uncorr, 95);
    Random rng = new Random(3);
    int n = 100_000;
    int u = 0;
    for (int i = 0; i < n; i++) {
      if (b.nextId(rng) == 2) {
        u++;
      }
    }
    assertEquals(0.95, (double) u / n, 5 * Math.sqrt(0.95 * 0.05 / n));
  }

  @Test
  void writesUseTheirOwnUncorrelatedKeys() {
    // LinkBench read write_uncorr_* from read_uncorr_*; here write_uncorr_function matters
    LinkBenchConfig c =
        config(
            "startid1",
            1,
            "maxid1",
            101,
            "write_uncorr_blend",
            100,
            "write_uncorr_function",
            "round_robin",
            "read_uncorr_function",
            "uniform");
    AccessDistribution d = Distributions.access(c, AccessKind.LINK_WRITES);
    Random rng = new Random(1);
    assertEquals(1, d.nextId(rng));
    assertEquals(2, d.nextId(rng));
    assertEquals(3, d.nextId(rng));
  }

  @Test
  void correlatedStreamsHitTheIdsWithTheMostLinks() {
    LinkBenchConfig c =
        config("startid1", 1, "maxid1", 100_001, "read_uncorr_blend", 0, "read_shape", 0.9);
    OutDegreeFunction degree = Distributions.outDegree(c);
    AccessDistribution reads = Distributions.access(c, AccessKind.LINK_READS);
    Random rng = new Random(8);
    long readDegree = 0;
    long uniformDegree = 0;
    UniformDistribution uniform = new UniformDistribution(1, 100_001);
    for (int i = 0; i < 20_000; i++) {
      readDegree += degree.applyAsLong(reads.nextId(rng));
      uniformDegree += degree.applyAsLong(uniform.choose(rng));
    }
    // the hottest read ids are the highest-degree ids, so reads see far more links per id
    assertTrue(readDegree > 5 * uniformDegree, readDegree + " vs " + uniformDegree);
    // and the single hottest rank maps to the single highest-degree id
    InvertibleShuffler s = Distributions.shuffler(AccessKind.LINK_READS, 100_000);
    long hottest = 1 + s.permute(0);
    assertEquals(0, degree.rankOf(hottest));
  }

  @Test
  void realAccessSamplesFollowTheirPdf() {
    PiecewiseLinearDistribution reads =
        PiecewiseLinearDistribution.stepwise(
            new long[] {0, 1, 2, 10, 50}, new double[] {0.6, 0.8, 0.9, 0.99, 1});
    GoodnessOfFit.chiSquare(new RealAccessDistribution(1, 5001, reads), 100_000, 77);
  }
}
