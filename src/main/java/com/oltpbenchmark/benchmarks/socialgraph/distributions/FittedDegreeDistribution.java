package com.oltpbenchmark.benchmarks.socialgraph.distributions;

/**
 * The default out-degree shape (config family {@code fitted}), a three-part mixture over
 * {@code [0, max]}: degree 0 with probability {@code zero}; otherwise with probability {@code tail}
 * a power law on [1, max], {@code P(T > k) = ((k+1)^-a - (max+1)^-a) / (1 - (max+1)^-a)}, else a discrete Lomax body {@code P(B > k) = (1 + k / scale)^-shape} for k >= 1
 * (capped at max). The body carries the many small degrees, the tail the hubs that carry most of
 * the mean. Parameters fitted by {@code OutDegreeFit} to LinkBench's published nlinks data.
 */
public final class FittedDegreeDistribution extends AbstractDistribution {
    private final double zero;
    private final double tail;
    private final double tailShape;
    private final double bodyShape;
    private final double bodyScale;
    private final long maxDegree;
    private final double tailNorm;
    private final double tailEnd;
    private final double mean;

    public FittedDegreeDistribution(double zero, double tail, double tailShape, double bodyShape, double bodyScale, long maxDegree) {
        super(0, maxDegree + 1, Double.NaN);
        if (!(zero >= 0 && zero <= 1) || !(tail >= 0 && tail <= 1) || !(tailShape > 0) || !(bodyShape > 0) || !(bodyScale > 0) || maxDegree < 1) {
            throw new IllegalArgumentException("bad fitted-degree parameters: zero=" + zero + " tail=" + tail + " tail_shape=" + tailShape
                    + " body_shape=" + bodyShape + " body_scale=" + bodyScale + " max=" + maxDegree);
        }
        this.zero = zero;
        this.tail = tail;
        this.tailShape = tailShape;
        this.bodyShape = bodyShape;
        this.bodyScale = bodyScale;
        this.maxDegree = maxDegree;
        this.tailEnd = Math.pow(maxDegree + 1.0, -tailShape);
        this.tailNorm = 1 - tailEnd;
        double m = 0;
        // E[D] = sum_{k=0}^{max-1} P(D > k); max is at most a few million, summed once
        for (long k = 0; k < maxDegree; k++) {
            m += 1 - cdf(k);
        }
        this.mean = m;
    }

    @Override
    public double cdf(long k) {
        if (k < 0) {
            return 0;
        }
        if (k >= maxDegree) {
            return 1;
        }
        if (k == 0) {
            return zero;
        }
        double tailSurvival = tailNorm > 0 ? (Math.pow(k + 1.0, -tailShape) - tailEnd) / tailNorm : 0;
        double bodySurvival = Math.pow(1 + k / bodyScale, -bodyShape);
        double survival = (1 - zero) * (tail * tailSurvival + (1 - tail) * bodySurvival);
        return 1 - survival;
    }

    @Override
    public long quantile(double p) {
        return invertCdf(p);
    }

    @Override
    public double mean() {
        return mean;
    }
}
