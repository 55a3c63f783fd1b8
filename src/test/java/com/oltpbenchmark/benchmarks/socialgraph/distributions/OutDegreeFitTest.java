package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.DistributionFile.Section;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

class OutDegreeFitTest {

  @Test
  void graphMeanAgreesWithTheLoadersRankQuantiles() {
    FittedDegreeDistribution shape = Distributions.fitted(LinkBenchConfig.DEFAULT_NLINKS);
    RankedCounts ranked = new RankedCounts(shape, 20_000);
    double sum = 0;
    for (long i = 0; i < 20_000; i++) {
      sum += ranked.count(i);
    }
    double[] table = OutDegreeFit.cdfTable(shape, 961_963);
    assertEquals(sum / 20_000, OutDegreeFit.graphMean(table, 20_000), 1e-9);
  }

  @Test
  void recoversAKnownShape() {
    // data drawn exactly from a known shape, as LinkBench-style cdf points (a step cdf at every
    // integer)
    FittedDegreeDistribution truth =
        new FittedDegreeDistribution(0.4, 0.03, 20, 1.5, 2.5, 1.5, 3000);
    long[] v = new long[3001];
    double[] c = new double[3001];
    for (int k = 0; k <= 3000; k++) {
      v[k] = k;
      c[k] = truth.cdf(k);
    }
    PiecewiseLinearDistribution data = PiecewiseLinearDistribution.stepwise(v, c);
    OutDegreeFit.Result r = OutDegreeFit.fit(data, new double[] {0.45, 0.05, 30, 2, 2, 2});
    assertTrue(r.ks() < 0.003, "KS " + r.ks());
    assertEquals(r.dataMean(), r.mean(), 0.01 * r.dataMean());
    assertEquals(0.4, r.params()[0], 0.005);
  }

  @Test
  void committedDefaultFitsLinkBenchsPublishedDegrees() {
    assumeTrue(
        Files.exists(DistributionFileTest.REAL_FILE),
        "LinkBench's Distribution.dat is not at "
            + DistributionFileTest.REAL_FILE.toAbsolutePath()
            + "; skipping");
    PiecewiseLinearDistribution data =
        DistributionFile.read(DistributionFileTest.REAL_FILE).section(Section.NLINKS);
    FittedDegreeDistribution model = Distributions.fitted(LinkBenchConfig.DEFAULT_NLINKS);
    long max = data.max() - 1;
    double[] d = OutDegreeFit.cdfTable(data, max);
    double[] m = OutDegreeFit.cdfTable(model, max);
    assertTrue(OutDegreeFit.ks(m, d) < 0.006, "KS distance " + OutDegreeFit.ks(m, d));
    assertEquals(
        OutDegreeFit.mean(d), OutDegreeFit.mean(m), 0.02 * OutDegreeFit.mean(d), "mean degree");
    for (long n : new long[] {10_000, 1_000_000}) {
      assertEquals(
          OutDegreeFit.graphMean(d, n),
          OutDegreeFit.graphMean(m, n),
          0.03 * OutDegreeFit.graphMean(d, n),
          "mean degree of a " + n + "-node graph");
    }
  }
}
