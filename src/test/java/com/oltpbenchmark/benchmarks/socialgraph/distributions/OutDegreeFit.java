package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import com.oltpbenchmark.benchmarks.socialgraph.distributions.DistributionFile.Section;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.analysis.MultivariateFunction;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer;

/**
 * Fits the default out-degree shape ({@link FittedDegreeDistribution}) to the {@code nlinks}
 * section of a LinkBench Distribution.dat given by path, and prints the parameters and the fit
 * quality. Only the printed parameters go into the project ({@code
 * LinkBenchConfig.DEFAULT_NLINKS}), never the data. Run (after {@code mvn test-compile}):
 *
 * <pre>
 * java -cp target/test-classes:target/classes:&lt;commons-math3 jar&gt; \
 *   com.oltpbenchmark.benchmarks.socialgraph.distributions.OutDegreeFit ../shared/data/linkbench/Distribution.dat
 * </pre>
 *
 * Method: Nelder-Mead (commons-math3) over the six shape parameters, {@code max} fixed to the
 * data's largest degree, minimising the Kolmogorov-Smirnov distance between the model and data cdfs
 * over all integers, plus {@code 0.05 x} the mean absolute log-ratio of the mean degree (of the
 * distribution, and of graphs of 10^4, 10^5 and 10^6 nodes whose ids get degrees by rank quantile,
 * as the loader does). The mean term matters: the rare hubs carry most of the mean, and a shape
 * that only minimises KS can miss the mean degree of a small graph by a third.
 */
public final class OutDegreeFit {
  static final double MEAN_WEIGHT = 0.05;
  static final long[] GRAPH_SIZES = {10_000, 100_000, 1_000_000};
  static final long[] MASS_GRAPH_SIZES = {100_000, 1_000_000};
  static final long[] MASS_DEGREES = {20, 100, 1_000, 10_000};

  /** A fitted shape and how well it fits. */
  public record Result(double[] params, long max, double ks, double mean, double dataMean) {

    FittedDegreeDistribution model() {
      return new FittedDegreeDistribution(
          params[0], params[1], params[2], params[3], params[4], params[5], max);
    }
  }

  private OutDegreeFit() {}

  /** cdf(k) for k = 0..max as an array (fast repeated evaluation). */
  static double[] cdfTable(ProbabilityDistribution d, long max) {
    double[] c = new double[(int) max + 1];
    for (int k = 0; k <= max; k++) {
      c[k] = d.cdf(k);
    }
    c[(int) max] = 1.0;
    return c;
  }

  static double ks(double[] a, double[] b) {
    double d = 0;
    for (int k = 0; k < a.length; k++) {
      d = Math.max(d, Math.abs(a[k] - b[k]));
    }
    return d;
  }

  static double mean(double[] c) {
    double m = 0;
    for (int k = 0; k + 1 < c.length; k++) {
      m += 1 - c[k];
    }
    return m;
  }

  /**
   * Mean links per node of a graph of n nodes, rank i getting the quantile at 1 - (i + 0.5) / n.
   */
  static double graphMean(double[] c, long n) {
    double sum = 0;
    // walk the degrees: degree k is given to the ranks whose u falls in (c[k-1], c[k]]
    double prev = 0;
    for (int k = 0; k < c.length; k++) {
      // ranks i with c[k-1] < 1 - (i + 0.5)/n <= c[k]  <=>  n(1 - c[k]) - 0.5 <= i < n(1 - c[k-1])
      // - 0.5
      long lo = (long) Math.ceil(n * (1 - c[k]) - 0.5);
      long hi = (long) Math.ceil(n * (1 - prev) - 0.5);
      lo = Math.max(0, lo);
      hi = Math.min(n, hi);
      if (hi > lo) {
        sum += (double) k * (hi - lo);
      }
      prev = c[k];
    }
    return sum / n;
  }

  /**
   * Share of all links of a graph of n nodes (degrees by rank quantile, as {@link #graphMean}) that
   * sit on nodes of degree at least d.
   */
  static double linkShareAtLeast(double[] c, long n, long d) {
    double all = 0;
    double hubs = 0;
    double prev = 0;
    for (int k = 0; k < c.length; k++) {
      long lo = Math.max(0, (long) Math.ceil(n * (1 - c[k]) - 0.5));
      long hi = Math.min(n, (long) Math.ceil(n * (1 - prev) - 0.5));
      if (hi > lo) {
        all += (double) k * (hi - lo);
        if (k >= d) {
          hubs += (double) k * (hi - lo);
        }
      }
      prev = c[k];
    }
    return hubs / all;
  }

  static double penalty(double[] model, double[] data, double[] dataGraphMeans, double dataMean) {
    double p = Math.abs(Math.log(mean(model) / dataMean));
    for (int i = 0; i < GRAPH_SIZES.length; i++) {
      p += Math.abs(Math.log(graphMean(model, GRAPH_SIZES[i]) / dataGraphMeans[i]));
    }
    return p / (GRAPH_SIZES.length + 1);
  }

  public static Result fit(PiecewiseLinearDistribution dataDist, double[] start) {
    long max = dataDist.max() - 1;
    double[] data = cdfTable(dataDist, max);
    double dataMean = mean(data);
    double[] dataGraphMeans = new double[GRAPH_SIZES.length];
    for (int i = 0; i < GRAPH_SIZES.length; i++) {
      dataGraphMeans[i] = graphMean(data, GRAPH_SIZES[i]);
    }
    MultivariateFunction objective =
        x -> {
          FittedDegreeDistribution m = model(x, max);
          if (m == null) {
            return 1e9;
          }
          double[] c = cdfTable(m, max);
          return ks(c, data) + MEAN_WEIGHT * penalty(c, data, dataGraphMeans, dataMean);
        };
    double[] x0 = {
      logit(start[0]),
      logit(start[1]),
      Math.log(start[2]),
      Math.log(start[3]),
      Math.log(start[4]),
      Math.log(start[5])
    };
    SimplexOptimizer opt = new SimplexOptimizer(1e-9, 1e-12);
    PointValuePair best = null;
    for (int round = 0;
        round < 2;
        round++) { // restart once from the optimum: Nelder-Mead stalls on KS surfaces
      PointValuePair p =
          opt.optimize(
              new MaxEval(1500),
              new ObjectiveFunction(objective),
              GoalType.MINIMIZE,
              new InitialGuess(best == null ? x0 : best.getPoint()),
              new NelderMeadSimplex(6, 0.2));
      if (best == null || p.getValue() < best.getValue()) {
        best = p;
      }
    }
    double[] x = best.getPoint();
    double[] params = {
      sigmoid(x[0]), sigmoid(x[1]), Math.exp(x[2]), Math.exp(x[3]), Math.exp(x[4]), Math.exp(x[5])
    };
    double[] c = cdfTable(model(x, max), max);
    return new Result(params, max, ks(c, data), mean(c), dataMean);
  }

  private static FittedDegreeDistribution model(double[] x, long max) {
    double[] v = {
      sigmoid(x[0]), sigmoid(x[1]), Math.exp(x[2]), Math.exp(x[3]), Math.exp(x[4]), Math.exp(x[5])
    };
    for (double d : v) {
      if (!Double.isFinite(d) || d <= 0 || d >= 1e12) {
        return null;
      }
    }
    return new FittedDegreeDistribution(v[0], v[1], v[2], v[3], v[4], v[5], max);
  }

  private static double logit(double p) {
    return Math.log(p / (1 - p));
  }

  private static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }

  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("usage: OutDegreeFit <path to LinkBench Distribution.dat>");
      System.exit(2);
    }
    PiecewiseLinearDistribution data =
        DistributionFile.read(Path.of(args[0])).section(Section.NLINKS);
    // start: the data's share of zeros, a small hub share, and a generic body
    Result r = fit(data, new double[] {data.cdf(0), 0.02, 30, 2, 2, 2});
    FittedDegreeDistribution m = r.model();
    double[] p = r.params();
    System.out.printf(
        Locale.ROOT,
        "zero=%.4f tail=%.4f tail_median=%.2f tail_sigma=%.3f body_shape=%.3f body_scale=%.3f max=%d%n",
        p[0],
        p[1],
        p[2],
        p[3],
        p[4],
        p[5],
        r.max());
    report(data, m);
    System.out.println("params " + Arrays.toString(p));
  }

  static void report(PiecewiseLinearDistribution data, FittedDegreeDistribution m) {
    long max = data.max() - 1;
    double[] d = cdfTable(data, max);
    double[] c = cdfTable(m, max);
    System.out.printf(
        Locale.ROOT, "KS distance %.4f; mean %.3f (data %.3f)%n", ks(c, d), mean(c), mean(d));
    for (double q : new double[] {0.5, 0.75, 0.9, 0.99, 0.999, 0.9999, 0.99999}) {
      System.out.printf(
          Locale.ROOT, "  quantile %.5f: model %d, data %d%n", q, m.quantile(q), data.quantile(q));
    }
    for (long n : MASS_GRAPH_SIZES) {
      for (long dd : MASS_DEGREES) {
        System.out.printf(
            Locale.ROOT,
            "  %,d nodes: share of links on degree >= %,d: %.4f (data %.4f)%n",
            n,
            dd,
            linkShareAtLeast(c, n, dd),
            linkShareAtLeast(d, n, dd));
      }
    }
    for (long n : new long[] {10_000, 100_000, 1_000_000, 10_000_000}) {
      System.out.printf(
          Locale.ROOT,
          "  graph of %,d nodes: %.3f links/node (data %.3f)%n",
          n,
          graphMean(c, n),
          graphMean(d, n));
    }
  }
}
