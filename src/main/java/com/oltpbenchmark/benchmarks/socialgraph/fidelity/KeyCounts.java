package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * How often each key of one access stream was drawn, in bounded memory: the first {@link #MAX_KEYS}
 * distinct keys are tracked (with a skewed distribution the hot keys are among them), later new
 * keys only add to the total.
 */
final class KeyCounts {
  static final int MAX_KEYS = 20_000;

  /** Ranks drawn fewer times than this are too noisy to fit (and the tail flattens at 1). */
  static final int MIN_COUNT = 5;

  static final int MAX_FIT_RANKS = 1_000;
  static final int MIN_FIT_RANKS = 10;

  private final ConcurrentHashMap<Long, LongAdder> counts = new ConcurrentHashMap<>();
  private final LongAdder draws = new LongAdder();

  void add(long key) {
    draws.increment();
    LongAdder c = counts.get(key);
    if (c == null) {
      if (counts.size() >= MAX_KEYS) {
        return;
      }
      c = counts.computeIfAbsent(key, k -> new LongAdder());
    }
    c.increment();
  }

  long draws() {
    return draws.sum();
  }

  int distinctTracked() {
    return counts.size();
  }

  /**
   * The Zipf exponent s of P(rank r) ~ r^-s, fitted by least squares to ln(count) against ln(rank)
   * over the most drawn keys (at most {@value #MAX_FIT_RANKS}, each drawn at least {@value
   * #MIN_COUNT} times); NaN when fewer than {@value #MIN_FIT_RANKS} ranks qualify.
   */
  double fittedShape() {
    List<Long> sorted = new ArrayList<>(counts.size());
    counts.values().forEach(c -> sorted.add(c.sum()));
    sorted.sort((a, b) -> Long.compare(b, a));
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    int n = 0;
    for (int r = 0; r < sorted.size() && r < MAX_FIT_RANKS && sorted.get(r) >= MIN_COUNT; r++) {
      double x = Math.log(r + 1);
      double y = Math.log(sorted.get(r));
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
      n++;
    }
    if (n < MIN_FIT_RANKS) {
      return Double.NaN;
    }
    double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    return -slope;
  }
}
