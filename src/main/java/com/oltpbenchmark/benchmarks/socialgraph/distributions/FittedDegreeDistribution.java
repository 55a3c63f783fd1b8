package com.oltpbenchmark.benchmarks.socialgraph.distributions;

/**
 * The default out-degree shape (config family {@code fitted}), a three-part mixture over {@code [0,
 * max]}:
 *
 * <ul>
 *   <li>degree 0 with probability {@code zero};
 *   <li>otherwise, with probability {@code tail}, a log-normal "hub" component {@code P(T <= k) =
 *       Phi((ln(k + 0.5) - ln tail_median) / tail_sigma)} for k >= 1 (its mass below 1 is folded
 *       onto 1);
 *   <li>else a discrete Lomax body {@code P(B > k) = (1 + k / body_scale)^-body_shape} for k >= 1.
 * </ul>
 *
 * Degrees above {@code max} are capped at {@code max}. The body carries the many small degrees, the
 * hub component the few large ones that make up most of the mean; a log-normal rather than a
 * power-law tail because LinkBench's data bends down at the top (see {@code OutDegreeFit}).
 */
public final class FittedDegreeDistribution extends AbstractDistribution {
  private final double zero;
  private final double tail;
  private final double tailMu;
  private final double tailSigma;
  private final double bodyShape;
  private final double bodyScale;
  private final long maxDegree;
  private volatile double mean = Double.NaN;

  public FittedDegreeDistribution(
      double zero,
      double tail,
      double tailMedian,
      double tailSigma,
      double bodyShape,
      double bodyScale,
      long maxDegree) {
    super(0, maxDegree + 1, Double.NaN);
    if (!(zero >= 0 && zero <= 1)
        || !(tail >= 0 && tail <= 1)
        || !(tailMedian > 0)
        || !(tailSigma > 0)
        || !(bodyShape > 0)
        || !(bodyScale > 0)
        || maxDegree < 1) {
      throw new IllegalArgumentException(
          "bad fitted-degree parameters: zero="
              + zero
              + " tail="
              + tail
              + " tail_median="
              + tailMedian
              + " tail_sigma="
              + tailSigma
              + " body_shape="
              + bodyShape
              + " body_scale="
              + bodyScale
              + " max="
              + maxDegree);
    }
    this.zero = zero;
    this.tail = tail;
    this.tailMu = Math.log(tailMedian);
    this.tailSigma = tailSigma;
    this.bodyShape = bodyShape;
    this.bodyScale = bodyScale;
    this.maxDegree = maxDegree;
  }

  @Override
  protected double cdfInRange(long k) {
    if (k == 0) {
      return zero;
    }
    double tailCdf =
        0.5 * StandardNormal.erfc(-(Math.log(k + 0.5) - tailMu) / (tailSigma * Math.sqrt(2)));
    double bodySurvival = Math.pow(1 + k / bodyScale, -bodyShape);
    double survival = (1 - zero) * (tail * (1 - tailCdf) + (1 - tail) * bodySurvival);
    return 1 - survival;
  }

  @Override
  public long quantile(double p) {
    return invertCdf(p);
  }

  /** E[D], summed over [0, max) on first use (max is at most a few million). */
  @Override
  public double mean() {
    double m = mean;
    if (Double.isNaN(m)) {
      m = 0;
      for (long k = 0; k < maxDegree; k++) {
        m += 1 - cdf(k);
      }
      mean = m;
    }
    return m;
  }
}
