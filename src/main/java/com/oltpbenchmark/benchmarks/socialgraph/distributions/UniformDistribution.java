package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Random;

/**
 * Uniform over {@code [min, max)} for any range size (LinkBench dropped {@code min} for ranges of
 * 2^31 or more, bug 10).
 */
public final class UniformDistribution extends AbstractDistribution {

    public UniformDistribution(long min, long max) {
        this(min, max, Double.NaN);
    }

    public UniformDistribution(long min, long max, double mean) {
        super(min, max, mean);
    }

    @Override
    public double pdf(long id) {
        return id < min || id >= max ? 0 : 1.0 / n;
    }

    @Override
    public double cdf(long id) {
        if (id < min) {
            return 0;
        }
        if (id >= max - 1) {
            return 1;
        }
        return (double) (id - min + 1) / n;
    }

    @Override
    public long quantile(double p) {
        checkProbability(p);
        // smallest id with cdf >= p; corrected for rounding of p * n
        long k = Math.max(0, Math.min(n - 1, (long) Math.ceil(p * n) - 1));
        while (k > 0 && cdf(min + k - 1) >= p) {
            k--;
        }
        while (k < n - 1 && cdf(min + k) < p) {
            k++;
        }
        return min + k;
    }

    @Override
    public long choose(Random rng) {
        return n <= Integer.MAX_VALUE ? min + rng.nextInt((int) n) : min + rng.nextLong(n);
    }

    @Override
    public double mean() {
        return min + (n - 1) / 2.0;
    }
}
