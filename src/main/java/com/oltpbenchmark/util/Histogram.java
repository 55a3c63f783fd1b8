package com.oltpbenchmark.util;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts per value, kept sorted by value. Thread-safe. Entries whose count drops to zero are
 * removed unless the histogram keeps zero entries.
 */
public class Histogram<X extends Comparable<X>> {
  private final TreeMap<X, Integer> histogram = new TreeMap<>();
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
    int count = histogram.getOrDefault(value, 0) + delta;
    numSamples += delta;
    store(value, count);
  }

  public synchronized void set(X value, int count) {
    if (value == null) {
      return;
    }
    Integer old = histogram.get(value);
    numSamples += count - (old == null ? 0 : old);
    store(value, count);
  }

  private void store(X value, int count) {
    if (count == 0 && !keepZeroEntries) {
      histogram.remove(value);
    } else {
      histogram.put(value, count);
    }
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
    return new TreeMap<>(histogram);
  }

  public synchronized void removeAll(X value) {
    Integer old = histogram.remove(value);
    if (old != null) {
      numSamples -= old;
    }
  }

  public synchronized Integer get(X value) {
    return histogram.get(value);
  }

  public synchronized int get(X value, int value_if_null) {
    Integer c = histogram.get(value);
    return c == null ? value_if_null : c;
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
    for (Map.Entry<X, Integer> e : histogram.entrySet()) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append(String.format("%-" + width + "s  %d", e.getKey(), e.getValue()));
    }
    return sb.toString();
  }
}
