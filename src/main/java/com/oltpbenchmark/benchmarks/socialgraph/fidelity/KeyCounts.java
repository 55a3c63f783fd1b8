package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How often each key of one access stream was drawn, in bounded memory: at most {@link #MAX_KEYS}
 * distinct keys are counted (with a skewed distribution the hot keys are among the first drawn),
 * later new keys only add to the total.
 *
 * <p>Every request adds one key, so this sits on the driver's hot path: each drawing thread counts
 * into its own open-addressing table of primitive longs, with no lock, no boxing and no cache line
 * shared between cores; the tables are merged only when the report reads them. Which keys are
 * counted is decided once for all threads (the first {@code MAX_KEYS} distinct keys drawn by any of
 * them): a cap per thread, or one shared count of entries, would let a thread that drew a key late
 * miss its draws while the others count them, which bends the merged counts and the fit.
 */
final class KeyCounts {
  static final int MAX_KEYS = 20_000;

  /** Ranks drawn fewer times than this are too noisy to fit (and the tail flattens at 1). */
  static final int MIN_COUNT = 5;

  static final int MAX_FIT_RANKS = 1_000;
  static final int MIN_FIT_RANKS = 10;

  private final AtomicInteger admissions = new AtomicInteger();
  private final Set<Long> admitted = ConcurrentHashMap.newKeySet();
  private volatile long[] frozen;
  private final List<Shard> shards = new CopyOnWriteArrayList<>();
  private final ThreadLocal<Shard> local = ThreadLocal.withInitial(this::newShard);

  void add(long key) {
    local.get().add(key);
  }

  long draws() {
    long sum = 0;
    for (Shard s : shards) {
      sum += s.draws;
    }
    return sum;
  }

  /** How often a key was counted, over all threads; 0 for a key that was never counted. */
  long count(long key) {
    return merged().getOrDefault(key, 0L);
  }

  int distinctTracked() {
    return merged().size();
  }

  /**
   * The Zipf exponent s of P(rank r) ~ r^-s, fitted by least squares to ln(count) against ln(rank)
   * over the most drawn keys (at most {@value #MAX_FIT_RANKS}, each drawn at least {@value
   * #MIN_COUNT} times); NaN when fewer than {@value #MIN_FIT_RANKS} ranks qualify.
   */
  double fittedShape() {
    List<Long> sorted = new ArrayList<>(merged().values());
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

  /**
   * Whether a key new to the calling thread is counted: it is if any thread was first to draw it
   * while fewer than {@code MAX_KEYS} keys were counted. Reached only on a thread's first draw of a
   * counted key, or on every draw of a key that came too late; once the admitted keys are complete
   * those lookups go to a primitive copy of them ({@link #frozen}), which no thread changes any
   * more, instead of boxing the key for the shared set.
   */
  private boolean admit(long key) {
    long[] done = frozen;
    if (done != null) {
      return PrimitiveKeySet.contains(done, key);
    }
    if (admitted.contains(key)) {
      return true;
    }
    if (admissions.get() >= MAX_KEYS || admissions.incrementAndGet() > MAX_KEYS) {
      freezeWhenComplete();
      return false;
    }
    if (!admitted.add(key)) {
      admissions.decrementAndGet(); // another thread admitted it first: give the place back
    }
    return true;
  }

  /**
   * Publishes {@link #frozen} once all {@code MAX_KEYS} admissions have landed in the set (a place
   * is taken before its key is added, and a place given back is taken again, so until then a thread
   * could still be adding).
   */
  private void freezeWhenComplete() {
    if (frozen == null && admitted.size() >= MAX_KEYS) {
      frozen = PrimitiveKeySet.of(admitted);
    }
  }

  private Shard newShard() {
    Shard s = new Shard();
    shards.add(s);
    return s;
  }

  /** The counts of all threads by key; read after (or, approximately, during) the run. */
  private Map<Long, Long> merged() {
    Map<Long, Long> all = new HashMap<>();
    for (Shard s : shards) {
      s.forEach((key, count) -> all.merge(key, count, Long::sum));
    }
    return all;
  }

  @FunctionalInterface
  private interface KeyCountConsumer {
    void accept(long key, long count);
  }

  /**
   * One thread's counts: keys and counts interleaved in one array (so a reader that takes the array
   * reference sees a consistent table), linear probing, grown at half full. Slot counts of 0 are
   * empty; a stored count is at least 1.
   */
  private final class Shard {
    private static final int INITIAL_SLOTS = 256;

    private volatile long[] table = new long[2 * INITIAL_SLOTS];
    private int used;
    // plain: written by the owner only, read once the workers have been joined
    private long draws;

    void add(long key) {
      draws++;
      long[] t = table;
      int mask = t.length / 2 - 1;
      int slot = mix(key) & mask;
      while (true) {
        long count = t[2 * slot + 1];
        if (count == 0) {
          break;
        }
        if (t[2 * slot] == key) {
          t[2 * slot + 1] = count + 1;
          return;
        }
        slot = (slot + 1) & mask;
      }
      if (!admit(key)) {
        return;
      }
      if (2 * (used + 1) > t.length / 2) {
        t = grow(t);
        mask = t.length / 2 - 1;
        slot = mix(key) & mask;
        while (t[2 * slot + 1] != 0) {
          slot = (slot + 1) & mask;
        }
      }
      t[2 * slot] = key;
      t[2 * slot + 1] = 1;
      used++;
    }

    private long[] grow(long[] old) {
      long[] t = new long[old.length * 2];
      int mask = t.length / 2 - 1;
      for (int i = 0; i < old.length; i += 2) {
        if (old[i + 1] != 0) {
          int slot = mix(old[i]) & mask;
          while (t[2 * slot + 1] != 0) {
            slot = (slot + 1) & mask;
          }
          t[2 * slot] = old[i];
          t[2 * slot + 1] = old[i + 1];
        }
      }
      table = t;
      return t;
    }

    void forEach(KeyCountConsumer consumer) {
      long[] t = table;
      for (int i = 0; i < t.length; i += 2) {
        if (t[i + 1] != 0) {
          consumer.accept(t[i], t[i + 1]);
        }
      }
    }

    /** Spreads sequential ids over the table (MurmurHash3's 64-bit finaliser). */
    private int mix(long key) {
      long z = key;
      z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
      z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
      return (int) (z ^ (z >>> 33));
    }
  }
}
