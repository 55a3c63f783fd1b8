package com.oltpbenchmark.benchmarks.socialgraph.distributions;

/**
 * The default out-degree shape (config family {@code fitted}), a mixture over {@code [0, max]}:
 *
 * <ul>
 *   <li>degree 0 with probability {@code zero};
 *   <li>otherwise, with probability {@code tail}, a log-normal component of popular nodes {@code
 *       P(T <= k) = Phi((ln(k + 0.5) - ln tail_median) / tail_sigma)} for k >= 1 (its mass below 1
 *       is folded onto 1);
 *   <li>with probability {@code hub}, a second log-normal ({@code hub_median}, {@code hub_sigma})
 *       of the big hubs;
 *   <li>else a discrete Lomax body {@code P(B > k) = (1 + k / body_scale)^-body_shape} for k >= 1.
 * </ul>
 *
 * Degrees above {@code max} are capped at {@code max}. The body carries the many small degrees, the
 * log-normals the few large ones that make up most of the links. One log-normal matched the degree
 * cdf but left nodes of degree >= 1,000 with a quarter too few of the links; the separate hub
 * component, narrow and centred in the thousands, gives them their share (see {@code
 * OutDegreeFit}). Log-normals rather than a power law because LinkBench's data bends down at the
 * top.
 */
public final class FittedDegreeDistribution extends AbstractDistribution {
  private final double zero;
  private final double tail;
  private final double tailMu;
  private final double tailSigma;
  private final double hub;
  private final double hubMu;
  private final double hubSigma;
  private final double bodyShape;
  private final double bodyScale;
  private final long maxDegree;
  private volatile double mean = Double.NaN;

  /** Without the big-hub component ({@code hub = 0}). */
  public FittedDegreeDistribution(
      double zero,
      double tail,
      double tailMedian,
      double tailSigma,
      double bodyShape,
      double bodyScale,
      long maxDegree) {
    this(zero, tail, tailMedian, tailSigma, 0, 1, 1, bodyShape, bodyScale, maxDegree);
  }

  public FittedDegreeDistribution(
      double zero,
      double tail,
      double tailMedian,
      double tailSigma,
      double hub,
      double hubMedian,
      double hubSigma,
      double bodyShape,
      double bodyScale,
      long maxDegree) {
    super(0, maxDegree + 1, Double.NaN);
    if (!(zero >= 0 && zero <= 1)
        || !(tail >= 0 && tail <= 1)
        || !(hub >= 0 && tail + hub <= 1)
        || !(tailMedian > 0)
        || !(tailSigma > 0)
        || !(hubMedian > 0)
        || !(hubSigma > 0)
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
              + " hub="
              + hub
              + " hub_median="
              + hubMedian
              + " hub_sigma="
              + hubSigma
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
    this.hub = hub;
    this.hubMu = Math.log(hubMedian);
    this.hubSigma = hubSigma;
    this.bodyShape = bodyShape;
    this.bodyScale = bodyScale;
    this.maxDegree = maxDegree;
  }

  @Override
  protected double cdfInRange(long k) {
    if (k == 0) {
      return zero;
    }
    double lnK = Math.log(k + 0.5);
    double tailSurvival = 0.5 * StandardNormal.erfc((lnK - tailMu) / (tailSigma * Math.sqrt(2)));
    double hubSurvival =
        hub == 0 ? 0 : 0.5 * StandardNormal.erfc((lnK - hubMu) / (hubSigma * Math.sqrt(2)));
    double bodySurvival = Math.pow(1 + k / bodyScale, -bodyShape);
    double survival =
        (1 - zero) * (tail * tailSurvival + hub * hubSurvival + (1 - tail - hub) * bodySurvival);
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
