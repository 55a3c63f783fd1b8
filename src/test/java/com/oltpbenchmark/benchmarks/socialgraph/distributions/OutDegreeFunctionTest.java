package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutDegreeFunctionTest {

  private static OutDegreeFunction degree(Object... kv) {
    Map<String, Object> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return Distributions.outDegree(LinkBenchConfig.fromMap(m, 1, "test"));
  }

  @Test
  void arithmeticModes() {
    OutDegreeFunction c = degree("nlinks_func", "const", "nlinks_default", 3);
    assertEquals(3, c.applyAsLong(1));
    assertEquals(3, c.applyAsLong(9999));
    assertEquals(0, c.applyAsLong(0), "outside the id range");

    // at startid1 LinkBench divided by zero; here it is treated like startid1 + 1
    OutDegreeFunction r =
        degree("startid1", 1, "maxid1", 101, "nlinks_func", "reciprocal", "nlinks_default", 1);
    assertEquals(1 + 100, r.applyAsLong(1));
    assertEquals(1 + 100, r.applyAsLong(2));
    assertEquals(1 + 34, r.applyAsLong(4));

    OutDegreeFunction m =
        degree("nlinks_func", "multiples", "nlinks_config", 5, "nlinks_default", 1);
    assertEquals(6, m.applyAsLong(10));
    assertEquals(1, m.applyAsLong(11));

    OutDegreeFunction e =
        degree("nlinks_func", "exponential", "nlinks_config", 2, "nlinks_default", 0);
    assertEquals(8 - 4, e.applyAsLong(8));
    assertEquals(0, e.applyAsLong(9));

    OutDegreeFunction p =
        degree("nlinks_func", "perfect_squares", "nlinks_config", 2, "nlinks_default", 1);
    assertEquals(1 + 49 - 36, p.applyAsLong(49));
    assertEquals(1, p.applyAsLong(50));
  }

  @Test
  void zipfDegreeIsTheScaledPdfOfTheRank() {
    OutDegreeFunction z =
        degree(
            "startid1",
            1,
            "maxid1",
            1001,
            "nlinks_func",
            "zipf",
            "nlinks_shape",
            0.5,
            "nlinks_mean",
            4);
    ZipfDistribution ref = new ZipfDistribution(1, 1001, 0.5, 4);
    long total = 0;
    for (long id = 1; id < 1001; id++) {
      long rank = z.rankOf(id);
      assertEquals(Math.round(ref.expectedCount(1 + rank)), z.applyAsLong(id));
      total += z.applyAsLong(id);
    }
    assertEquals(4000, total, 100, "mean links per node ~ nlinks_mean (each id rounded)");
  }

  @Test
  void defaultDegreesFollowTheFittedShape() {
    // every id gets its rank's quantile, so the degree histogram is the fitted distribution
    OutDegreeFunction d = degree("startid1", 1, "maxid1", 200_001);
    FittedDegreeDistribution shape = Distributions.fitted(LinkBenchConfig.DEFAULT_NLINKS);
    long n = 200_000;
    long zeros = 0;
    long atMost3 = 0;
    double sum = 0;
    for (long id = 1; id <= n; id++) {
      long k = d.applyAsLong(id);
      assertTrue(k >= 0);
      zeros += k == 0 ? 1 : 0;
      atMost3 += k <= 3 ? 1 : 0;
      sum += k;
    }
    assertEquals(shape.cdf(0), (double) zeros / n, 1.0 / n + 1e-9);
    assertEquals(shape.cdf(3), (double) atMost3 / n, 1.0 / n + 1e-9);
    // the heavy tail is cut at the top rank's quantile, so a finite graph sees somewhat less than
    // the mean
    double mean = sum / n;
    assertTrue(
        mean > 0.6 * shape.mean() && mean <= shape.mean() * 1.01,
        "mean " + mean + " vs " + shape.mean());
  }

  @Test
  void degreesArePureFunctionsOfTheId() {
    OutDegreeFunction a = degree("startid1", 1, "maxid1", 10_001);
    OutDegreeFunction b = degree("startid1", 1, "maxid1", 10_001);
    for (long id = 1; id < 10_001; id += 7) {
      assertEquals(a.applyAsLong(id), b.applyAsLong(id));
    }
  }

  @Test
  void realDegreesUseTheNlinksSection() throws Exception {
    java.nio.file.Path dat = java.nio.file.Files.createTempFile("nlinks", ".dat");
    try {
      java.nio.file.Files.writeString(dat, "nlinks 0 50 2 75 10 100\n");
      OutDegreeFunction d =
          degree("startid1", 1, "maxid1", 1001, "nlinks_func", "real", "data_file", dat.toString());
      long[] hist = new long[11];
      for (long id = 1; id < 1001; id++) {
        hist[(int) d.applyAsLong(id)]++;
      }
      assertEquals(500, hist[0]);
      assertEquals(250, hist[2]);
      assertEquals(250, hist[10]);
    } finally {
      java.nio.file.Files.deleteIfExists(dat);
    }
  }
}
