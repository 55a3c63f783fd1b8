package com.oltpbenchmark.util;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts per value, kept sorted by value. Thread-safe. Entries whose count drops to zero are
 * removed unless the histogram keeps zero entries.
 *
 * <p>Each value's count is a mutable cell, changed in place: the runtime counts every attempt of
 * every request into one of these (its status per transaction type), and a boxed count would be a
 * new {@code Integer} per attempt once counts pass 127.
 */
public class Histogram<X extends Comparable<X>> {
  private final TreeMap<X, Count> histogram = new TreeMap<>();

  /** One value's count. */
  private static final class Count {
    int n;
  }

  private final boolean keepZeroEntries;
  private long numSamples;

  public Histogram() {
    this(false);
  }

  public Histogram(boolean keepZeroEntries) {
    this.keepZeroEntries = keepZeroEntries;
  }

  public boolean isZeroEntriesEnabled() {
    return keepZeroEntries;
  }

  public synchronized void put(X value) {
    put(value, 1);
  }

  public synchronized void put(X value, int delta) {
    if (value == null) {
      return;
    }
    Count c = histogram.get(value);
    numSamples += delta;
    store(value, c, (c == null ? 0 : c.n) + delta);
  }

  public synchronized void set(X value, int count) {
    if (value == null) {
      return;
    }
    Count c = histogram.get(value);
    numSamples += count - (c == null ? 0 : c.n);
    store(value, c, count);
  }

  /** Sets the count of {@code value}, whose cell is {@code c} (null when it has none). */
  private void store(X value, Count c, int count) {
    if (count == 0 && !keepZeroEntries) {
      histogram.remove(value);
      return;
    }
    if (c == null) {
      c = new Count();
      histogram.put(value, c);
    }
    c.n = count;
  }

  public synchronized void putAll(Collection<X> values) {
    putAll(values, 1);
  }

  public synchronized void putAll(Collection<X> values, int count) {
    for (X v : values) {
      put(v, count);
    }
  }

  public synchronized void putHistogram(Histogram<X> other) {
    if (other == this) {
      return;
    }
    for (Map.Entry<X, Integer> e : other.entries().entrySet()) {
      put(e.getKey(), e.getValue());
    }
  }

  private synchronized Map<X, Integer> entries() {
    Map<X, Integer> copy = new TreeMap<>();
    histogram.forEach((k, c) -> copy.put(k, c.n));
    return copy;
  }

  public synchronized void removeAll(X value) {
    Count old = histogram.remove(value);
    if (old != null) {
      numSamples -= old.n;
    }
  }

  public synchronized Integer get(X value) {
    Count c = histogram.get(value);
    return c == null ? null : c.n;
  }

  public synchronized int get(X value, int value_if_null) {
    Count c = histogram.get(value);
    return c == null ? value_if_null : c.n;
  }

  public synchronized boolean contains(X value) {
    return histogram.containsKey(value);
  }

  /** Sum of all counts. */
  public synchronized long getSampleCount() {
    return numSamples;
  }

  /** Number of distinct values. */
  public synchronized int getValueCount() {
    return histogram.size();
  }

  public synchronized Collection<X> values() {
    return Collections.unmodifiableCollection(new ArrayList<>(histogram.keySet()));
  }

  public synchronized boolean isEmpty() {
    return histogram.isEmpty();
  }

  public synchronized void clear() {
    histogram.clear();
    numSamples = 0;
  }

  public synchronized X getMinValue() {
    return histogram.isEmpty() ? null : histogram.firstKey();
  }

  public synchronized X getMaxValue() {
    return histogram.isEmpty() ? null : histogram.lastKey();
  }

  @Override
  public synchronized String toString() {
    if (histogram.isEmpty()) {
      return "<EMPTY>";
    }
    int width = 0;
    for (X k : histogram.keySet()) {
      width = Math.max(width, String.valueOf(k).length());
    }
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<X, Count> e : histogram.entrySet()) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append(String.format("%-" + width + "s  %d", e.getKey(), e.getValue().n));
    }
    return sb.toString();
  }
}
