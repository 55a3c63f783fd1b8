package com.oltpbenchmark.util;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Discrete random number generators over a range, drawing from a caller-supplied Random. */
public class RandomDistribution {

  /** A generator of longs in a range; keeps an optional histogram of what it produced. */
  public abstract static class DiscreteRNG extends Random {
    private static final long serialVersionUID = 1L;

    protected final long min;
    protected final long max;
    protected final Random random;
    protected final long range_size;
    private Histogram<Long> history;

    public DiscreteRNG(Random random, long min, long max) {
      if (min >= max) {
        throw new IllegalArgumentException("Min (" + min + ") must be less than max (" + max + ")");
      }
      this.random = random;
      this.min = min;
      this.max = max;
      this.range_size = max - min + 1;
    }

    public long getRange() {
      return range_size;
    }

    public long getMin() {
      return min;
    }

    public long getMax() {
      return max;
    }

    public Random getRandom() {
      return random;
    }

    /** Mean of {@code num_samples} fresh draws. */
    public double calculateMean(int num_samples) {
      long total = 0;
      for (int i = 0; i < num_samples; i++) {
        total += nextLong();
      }
      return total / (double) num_samples;
    }

    public void enableHistory() {
      this.history = new Histogram<>();
    }

    public boolean isHistoryEnabled() {
      return history != null;
    }

    public Histogram<Long> getHistory() {
      return history;
    }

    protected abstract long nextLongImpl();

    private long track(long v) {
      if (history != null) {
        history.put(v);
      }
      return v;
    }

    @Override
    public final int nextInt() {
      return (int) track(nextLongImpl());
    }

    @Override
    public final long nextLong() {
      return track(nextLongImpl());
    }

    /** Uniform in [0, n) without modulo bias, for any positive long n. */
    public static long nextLong(Random rng, long n) {
      if (n <= 0) {
        throw new IllegalArgumentException("n must be positive: " + n);
      }
      if (n <= Integer.MAX_VALUE) {
        return rng.nextInt((int) n);
      }
      long bits;
      long val;
      do {
        bits = rng.nextLong() >>> 1;
        val = bits % n;
      } while (bits - val + (n - 1) < 0L);
      return val;
    }
  }

  /** Uniform in [min, max). */
  public static class Flat extends DiscreteRNG {
    private static final long serialVersionUID = 1L;

    public Flat(Random random, long min, long max) {
      super(random, min, max);
    }

    @Override
    protected long nextLongImpl() {
      return min + nextLong(random, max - min);
    }
  }

  /** Draws the keys of a histogram with probability proportional to their counts. */
  public static class FlatHistogram<T extends Comparable<T>> extends DiscreteRNG {
    private static final long serialVersionUID = 1L;

    private final List<T> values = new ArrayList<>();
    private final long[] cumulative;
    private final long total;

    public FlatHistogram(Random random, Histogram<T> histogram) {
      super(random, 0, Math.max(1, histogram.getValueCount()));
      long sum = 0;
      List<Long> cum = new ArrayList<>();
      for (T v : histogram.values()) {
        int c = histogram.get(v, 0);
        if (c <= 0) {
          continue;
        }
        sum += c;
        values.add(v);
        cum.add(sum);
      }
      if (values.isEmpty()) {
        throw new IllegalArgumentException("histogram has no positive count");
      }
      this.total = sum;
      this.cumulative = new long[cum.size()];
      for (int i = 0; i < cumulative.length; i++) {
        cumulative[i] = cum.get(i);
      }
    }

    private int nextIndex() {
      long r = nextLong(random, total);
      int i = Arrays.binarySearch(cumulative, r + 1);
      return i >= 0 ? i : -i - 1;
    }

    public T nextValue() {
      return values.get(nextIndex());
    }

    @Override
    protected long nextLongImpl() {
      T v = nextValue();
      if (v instanceof Number) {
        return ((Number) v).longValue();
      }
      return values.indexOf(v);
    }
  }

  /** {@link FlatHistogram} over integer keys; nextInt()/nextLong() return the key itself. */
  public static class IntegerFlatHistogram extends FlatHistogram<Integer> {
    private static final long serialVersionUID = 1L;

    public IntegerFlatHistogram(Random random, Histogram<Integer> histogram) {
      super(random, histogram);
    }
  }

  /** Normal distribution centred in [min, max] (inclusive), redrawn when outside. */
  public static class Gaussian extends DiscreteRNG {
    private static final long serialVersionUID = 1L;

    public Gaussian(Random random, long min, long max) {
      super(random, min, max);
    }

    @Override
    protected long nextLongImpl() {
      double mean = (min + max) / 2.0;
      double sd = range_size / 6.0;
      while (true) {
        long v = Math.round(mean + random.nextGaussian() * sd);
        if (v >= min && v <= max) {
          return v;
        }
      }
    }
  }

  /**
   * Zipf over [min, max): value min + k - 1 with probability proportional to 1/k^sigma, drawn by
   * rejection-inversion (exact for any range, O(1) per draw).
   */
  public static class Zipf extends DiscreteRNG {
    private static final long serialVersionUID = 1L;

    private final double sigma;
    private final long n;
    private final double hIntegralX1;
    private final double hIntegralN;
    private final double s;

    public Zipf(Random random, long min, long max, double sigma) {
      this(random, min, max, sigma, 1.0E-5);
    }

    /** {@code epsilon} is accepted for compatibility; the sampler is exact. */
    public Zipf(Random random, long min, long max, double sigma, double epsilon) {
      super(random, min, max);
      if (sigma <= 0) {
        throw new IllegalArgumentException("sigma must be positive: " + sigma);
      }
      this.sigma = sigma;
      this.n = Math.max(1, max - min);
      this.hIntegralX1 = hIntegral(1.5) - 1.0;
      this.hIntegralN = hIntegral(n + 0.5);
      this.s = 2.0 - hIntegralInverse(hIntegral(2.5) - h(2.0));
    }

    public double getSigma() {
      return sigma;
    }

    @Override
    protected long nextLongImpl() {
      while (true) {
        double u = hIntegralN + random.nextDouble() * (hIntegralX1 - hIntegralN);
        double x = hIntegralInverse(u);
        long k = (long) (x + 0.5);
        if (k < 1) {
          k = 1;
        } else if (k > n) {
          k = n;
        }
        if (k - x <= s || u >= hIntegral(k + 0.5) - h(k)) {
          return min + k - 1;
        }
      }
    }

    private double h(double x) {
      return Math.exp(-sigma * Math.log(x));
    }

    private double hIntegral(double x) {
      double logX = Math.log(x);
      return helper2((1.0 - sigma) * logX) * logX;
    }

    private double hIntegralInverse(double x) {
      double t = x * (1.0 - sigma);
      if (t < -1.0) {
        t = -1.0;
      }
      return Math.exp(helper1(t) * x);
    }

    /** log(1+x)/x, stable near 0. */
    private static double helper1(double x) {
      return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x));
    }

    /** (exp(x)-1)/x, stable near 0. */
    private static double helper2(double x) {
      return Math.abs(x) > 1e-8
          ? Math.expm1(x) / x
          : 1.0 + x * 0.5 * (1.0 + x * (1.0 / 3.0) * (1.0 + 0.25 * x));
    }
  }
}
