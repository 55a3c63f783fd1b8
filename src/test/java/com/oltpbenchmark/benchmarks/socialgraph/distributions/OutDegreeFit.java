package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import com.oltpbenchmark.benchmarks.socialgraph.distributions.DistributionFile.Section;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.analysis.MultivariateFunction;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
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
 * Method: Nelder-Mead (commons-math3) over the nine shape parameters, {@code max} fixed to the
 * data's largest degree, minimising the Kolmogorov-Smirnov distance between the model and data cdfs
 * over all integers, plus {@code 0.2 x} the mean absolute log-ratio of the link-mass curve (the
 * share of a graph's links on nodes of degree >= 20, 100, 1,000 and 10,000, in graphs of 10^5 and
 * 10^6 nodes whose ids get degrees by rank quantile, as the loader does), plus {@code 0.05 x} that
 * of the mean degree (of the distribution, and of graphs of 10^4, 10^5 and 10^6 nodes). The mean
 * and mass terms matter: the rare hubs carry most of the links, and a shape that only minimises KS
 * can miss the mean degree of a small graph by a third, or the hubs' share of the links by a
 * quarter.
 */
public final class OutDegreeFit {
  static final int ROUNDS = 3;
  static final int MAX_EVALUATIONS = 1500;
  static final double MEAN_WEIGHT = 0.05;
  static final double MASS_WEIGHT = 0.2;
  static final long[] GRAPH_SIZES = {10_000, 100_000, 1_000_000};
  static final long[] MASS_GRAPH_SIZES = {100_000, 1_000_000};
  static final long[] MASS_DEGREES = {20, 100, 1_000, 10_000};

  /** A fitted shape and how well it fits. */
  public record Result(double[] params, long max, double ks, double mean, double dataMean) {

    FittedDegreeDistribution model() {
      return build(params, max);
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

  /** Degrees up to this are evaluated exactly by {@link #fastCdfTable}. */
  static final int EXACT_UP_TO = 4096;

  /**
   * {@link #cdfTable} for the fit's thousands of evaluations: exact up to {@link #EXACT_UP_TO},
   * above it the cdf at degrees 0.1 % apart, linear in between (the model's cdf is smooth there;
   * the difference from the exact table is far below the KS distances that matter). The exact table
   * costs a second per evaluation (two erfc per degree for a million degrees).
   */
  static double[] fastCdfTable(ProbabilityDistribution d, long max) {
    double[] c = new double[(int) max + 1];
    int k = 0;
    for (; k <= Math.min(max, EXACT_UP_TO); k++) {
      c[k] = d.cdf(k);
    }
    int prev = k - 1;
    while (prev < max) {
      int next = (int) Math.min(max, Math.max(prev + 1, (long) Math.ceil(prev * 1.001)));
      c[next] = d.cdf(next);
      for (int j = prev + 1; j < next; j++) {
        c[j] = c[prev] + (c[next] - c[prev]) * (j - prev) / (next - prev);
      }
      prev = next;
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

  /** The link-mass curve: shares at {@link #MASS_DEGREES} for each of {@link #MASS_GRAPH_SIZES}. */
  static double[] massCurve(double[] c) {
    // one pass per graph size (the fit evaluates this thousands of times)
    double[] out = new double[MASS_GRAPH_SIZES.length * MASS_DEGREES.length];
    for (int g = 0; g < MASS_GRAPH_SIZES.length; g++) {
      long n = MASS_GRAPH_SIZES[g];
      double[] atLeast = new double[MASS_DEGREES.length];
      double all = 0;
      double prev = 0;
      for (int k = 0; k < c.length; k++) {
        long lo = Math.max(0, (long) Math.ceil(n * (1 - c[k]) - 0.5));
        long hi = Math.min(n, (long) Math.ceil(n * (1 - prev) - 0.5));
        if (hi > lo) {
          double links = (double) k * (hi - lo);
          all += links;
          for (int j = 0; j < MASS_DEGREES.length && k >= MASS_DEGREES[j]; j++) {
            atLeast[j] += links;
          }
        }
        prev = c[k];
      }
      for (int j = 0; j < MASS_DEGREES.length; j++) {
        out[g * MASS_DEGREES.length + j] = atLeast[j] / all;
      }
    }
    return out;
  }

  static double massPenalty(double[] model, double[] dataCurve) {
    double[] m = massCurve(model);
    double p = 0;
    int terms = 0;
    for (int i = 0; i < m.length; i++) {
      if (dataCurve[i] > 0) { // degrees above the data's largest have no links to match
        p += Math.abs(Math.log(Math.max(m[i], 1e-12) / dataCurve[i]));
        terms++;
      }
    }
    return terms == 0 ? 0 : p / terms;
  }

  static double penalty(double[] model, double[] data, double[] dataGraphMeans, double dataMean) {
    double p = Math.abs(Math.log(mean(model) / dataMean));
    for (int i = 0; i < GRAPH_SIZES.length; i++) {
      p += Math.abs(Math.log(graphMean(model, GRAPH_SIZES[i]) / dataGraphMeans[i]));
    }
    return p / (GRAPH_SIZES.length + 1);
  }

  public static Result fit(PiecewiseLinearDistribution dataDist, double[] start) {
    return fit(dataDist, start, false);
  }

  static Result fit(PiecewiseLinearDistribution dataDist, double[] start, boolean progress) {
    long max = dataDist.max() - 1;
    double[] data = cdfTable(dataDist, max);
    double dataMean = mean(data);
    double[] dataGraphMeans = new double[GRAPH_SIZES.length];
    for (int i = 0; i < GRAPH_SIZES.length; i++) {
      dataGraphMeans[i] = graphMean(data, GRAPH_SIZES[i]);
    }
    double[] dataCurve = massCurve(data);
    // the best point seen, kept across rounds: a round that runs out of evaluations throws
    double[] bestValue = {Double.POSITIVE_INFINITY};
    double[][] bestPoint = {null};
    MultivariateFunction measure =
        x -> {
          FittedDegreeDistribution m = model(x, max);
          if (m == null) {
            return 1e9;
          }
          double[] c = fastCdfTable(m, max);
          return ks(c, data)
              + MASS_WEIGHT * massPenalty(c, dataCurve)
              + MEAN_WEIGHT * penalty(c, data, dataGraphMeans, dataMean);
        };
    MultivariateFunction objective =
        x -> {
          double v = measure.value(x);
          if (v < bestValue[0]) {
            bestValue[0] = v;
            bestPoint[0] = x.clone();
          }
          return v;
        };
    double[] x0 = toSearchSpace(start);
    SimplexOptimizer opt = new SimplexOptimizer(1e-9, 1e-12);
    for (int round = 0;
        round < ROUNDS;
        round++) { // restart from the optimum: Nelder-Mead stalls on KS surfaces
      try {
        opt.optimize(
            new MaxEval(MAX_EVALUATIONS),
            new ObjectiveFunction(objective),
            GoalType.MINIMIZE,
            new InitialGuess(bestPoint[0] == null ? x0 : bestPoint[0]),
            new NelderMeadSimplex(x0.length, 0.2));
      } catch (TooManyEvaluationsException e) {
        // keep the best point seen; the next round restarts from it
      }
      if (progress) {
        System.out.printf(
            Locale.ROOT,
            "round %d: objective %.6f at %s%n",
            round,
            bestValue[0],
            Arrays.toString(fromSearchSpace(bestPoint[0])));
      }
    }
    double[] x = bestPoint[0];
    double[] params = fromSearchSpace(x);
    double[] c = cdfTable(model(x, max), max);
    return new Result(params, max, ks(c, data), mean(c), dataMean);
  }

  /**
   * Parameters in {@link FittedDegreeDistribution}'s order (zero, tail, tail_median, tail_sigma,
   * hub, hub_median, hub_sigma, body_shape, body_scale) from the unconstrained search space: zero
   * through a logistic, the tail and hub weights as a softmax with the body, the rest through exp.
   */
  static double[] fromSearchSpace(double[] x) {
    double a = Math.exp(x[1]);
    double b = Math.exp(x[4]);
    return new double[] {
      sigmoid(x[0]),
      a / (1 + a + b),
      Math.exp(x[2]),
      Math.exp(x[3]),
      b / (1 + a + b),
      Math.exp(x[5]),
      Math.exp(x[6]),
      Math.exp(x[7]),
      Math.exp(x[8])
    };
  }

  static double[] toSearchSpace(double[] p) {
    double body = 1 - p[1] - p[4];
    return new double[] {
      logit(p[0]),
      Math.log(p[1] / body),
      Math.log(p[2]),
      Math.log(p[3]),
      Math.log(p[4] / body),
      Math.log(p[5]),
      Math.log(p[6]),
      Math.log(p[7]),
      Math.log(p[8])
    };
  }

  static FittedDegreeDistribution build(double[] v, long max) {
    return new FittedDegreeDistribution(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], max);
  }

  private static FittedDegreeDistribution model(double[] x, long max) {
    double[] v = fromSearchSpace(x);
    for (double d : v) {
      if (!Double.isFinite(d) || d <= 0 || d >= 1e12) {
        return null;
      }
    }
    return build(v, max);
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
    // start: the data's share of zeros, a small share of popular nodes, fewer big hubs in the
    // thousands, and a generic body
    Result r = fit(data, new double[] {data.cdf(0), 0.02, 30, 2, 0.001, 3000, 1, 2, 2}, true);
    FittedDegreeDistribution m = r.model();
    double[] p = r.params();
    System.out.printf(
        Locale.ROOT,
        "zero=%.5f tail=%.5f tail_median=%.3f tail_sigma=%.4f hub=%.6f hub_median=%.1f"
            + " hub_sigma=%.4f body_shape=%.4f body_scale=%.4f max=%d%n",
        p[0],
        p[1],
        p[2],
        p[3],
        p[4],
        p[5],
        p[6],
        p[7],
        p[8],
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
