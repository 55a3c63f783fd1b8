package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import com.oltpbenchmark.benchmarks.socialgraph.taobench.WeightedValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;

/**
 * Transaction sizes of one request type, attempted and committed, against the workload file's size
 * distribution. Attempts and commits are reported apart because large transactions abort more often
 * (more preconditions, more lock conflicts): the committed mix is smaller than the file's even when
 * every attempt follows it. Fixed memory: one pair of counters per size the file lists, plus one
 * pair for sizes it does not list.
 */
final class TxnSizeCounts {
  /** Sizes whose file share is below this are summed into one row of the table. */
  static final double LISTED_SHARE = 0.001;

  /** At most this many sizes get a row of their own. */
  static final int MAX_LISTED = 64;

  private final Map<Integer, Double> configured = new TreeMap<>();
  private final Map<Integer, LongAdder> attempted = new TreeMap<>();
  private final Map<Integer, LongAdder> committed = new TreeMap<>();
  private final LongAdder attemptedOther = new LongAdder();
  private final LongAdder committedOther = new LongAdder();

  /*
   * The same counters indexed by size, for the request path: a TreeMap lookup of a boxed size on
   * every request showed in the terminals' profile. Sizes the file does not list, or beyond
   * MAX_INDEXED_SIZE, fall to the maps (and from there to the "other" pair).
   */
  private static final int MAX_INDEXED_SIZE = 4096;
  private final LongAdder[] attemptedBySize;
  private final LongAdder[] committedBySize;

  TxnSizeCounts(WeightedValues<Integer> fileSizes) {
    int largest = 0;
    for (Integer size : new TreeSet<>(fileSizes.values())) {
      configured.put(size, fileSizes.probabilityOf(size));
      attempted.put(size, new LongAdder());
      committed.put(size, new LongAdder());
      if (size >= 0 && size <= MAX_INDEXED_SIZE) {
        largest = Math.max(largest, size);
      }
    }
    attemptedBySize = indexed(attempted, largest);
    committedBySize = indexed(committed, largest);
  }

  private static LongAdder[] indexed(Map<Integer, LongAdder> counts, int largest) {
    LongAdder[] bySize = new LongAdder[largest + 1];
    counts.forEach(
        (size, c) -> {
          if (size >= 0 && size <= largest) {
            bySize[size] = c;
          }
        });
    return bySize;
  }

  void attempted(int size) {
    add(attemptedBySize, attempted, attemptedOther, size);
  }

  void committed(int size) {
    add(committedBySize, committed, committedOther, size);
  }

  private static void add(
      LongAdder[] bySize, Map<Integer, LongAdder> counts, LongAdder other, int size) {
    LongAdder c = size >= 0 && size < bySize.length ? bySize[size] : counts.get(size);
    (c == null ? other : c).increment();
  }

  long attempts() {
    return total(attempted, attemptedOther);
  }

  private static long total(Map<Integer, LongAdder> counts, LongAdder other) {
    long n = other.sum();
    for (LongAdder c : counts.values()) {
      n += c.sum();
    }
    return n;
  }

  /** Summary figures and the per-size table; empty when nothing was attempted. */
  Map<String, Object> snapshot() {
    Map<String, Object> m = new LinkedHashMap<>();
    long a = attempts();
    if (a == 0) {
      return m;
    }
    long c = total(committed, committedOther);
    m.put("Attempted", a);
    m.put("Committed", c);
    m.put("Attempted: largest share difference (pp)", largestDifferencePp(attempted, a));
    if (c > 0) {
      m.put("Committed: largest share difference (pp)", largestDifferencePp(committed, c));
    }
    if (attemptedOther.sum() > 0) {
      m.put("Attempted sizes not in the file", attemptedOther.sum());
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    double restFile = 0;
    long restAttempted = 0;
    long restCommitted = 0;
    for (Map.Entry<Integer, Double> e : configured.entrySet()) {
      long sa = attempted.get(e.getKey()).sum();
      long sc = committed.get(e.getKey()).sum();
      if (e.getValue() >= LISTED_SHARE && rows.size() < MAX_LISTED) {
        rows.add(row(String.valueOf(e.getKey()), e.getValue(), sa, a, sc, c));
      } else {
        restFile += e.getValue();
        restAttempted += sa;
        restCommitted += sc;
      }
    }
    if (restFile > 0 || restAttempted > 0) {
      rows.add(row("other", restFile, restAttempted, a, restCommitted, c));
    }
    m.put("Per size", rows);
    return m;
  }

  private static Map<String, Object> row(
      String size, double file, long attempted, long attempts, long committed, long commits) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("Size", size);
    r.put("File share", round(file));
    r.put("Attempted share", round((double) attempted / attempts));
    r.put("Committed share", commits == 0 ? null : round((double) committed / commits));
    return r;
  }

  private double largestDifferencePp(Map<Integer, LongAdder> counts, long n) {
    double largest = 0;
    for (Map.Entry<Integer, Double> e : configured.entrySet()) {
      double share = (double) counts.get(e.getKey()).sum() / n;
      largest = Math.max(largest, Math.abs(share - e.getValue()));
    }
    return Math.round(largest * 1_000_000) / 10_000.0;
  }

  private static double round(double v) {
    return Math.round(v * 10_000) / 10_000.0;
  }
}
