package com.oltpbenchmark.util;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

public abstract class CollectionUtil {

  public static <T> List<T> list(Iterator<T> it) {
    List<T> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }

  @SafeVarargs
  public static <T> Collection<T> addAll(Collection<T> data, T... items) {
    for (T t : items) {
      data.add(t);
    }
    return data;
  }

  public static <T> Collection<T> addAll(Collection<T> data, Iterator<T> items) {
    items.forEachRemaining(data::add);
    return data;
  }

  /** The key with the greatest value, or null for an empty map. */
  public static <T, U extends Comparable<U>> T getGreatest(Map<T, U> map) {
    T best = null;
    U max = null;
    for (Map.Entry<T, U> e : map.entrySet()) {
      if (max == null || e.getValue().compareTo(max) > 0) {
        max = e.getValue();
        best = e.getKey();
      }
    }
    return best;
  }

  public static <T> T first(Iterable<T> items) {
    return get(items, 0);
  }

  public static <T> T get(Iterable<T> items, int idx) {
    if (items instanceof List) {
      List<T> l = (List<T>) items;
      return idx < l.size() ? l.get(idx) : null;
    }
    int i = 0;
    for (T t : items) {
      if (i++ == idx) {
        return t;
      }
    }
    return null;
  }

  public static <T> T last(Iterable<T> items) {
    T last = null;
    if (items instanceof List) {
      List<T> l = (List<T>) items;
      return l.isEmpty() ? null : l.get(l.size() - 1);
    }
    for (T t : items) {
      last = t;
    }
    return last;
  }

  @SafeVarargs
  public static <T> T last(T... items) {
    return items == null || items.length == 0 ? null : items[items.length - 1];
  }

  public static <T> Iterable<T> iterable(Iterator<T> it) {
    return () -> it;
  }

  /** Removes and returns the first element, or null when empty. */
  public static <T> T pop(Collection<T> items) {
    Iterator<T> it = items.iterator();
    if (!it.hasNext()) {
      return null;
    }
    T t = it.next();
    it.remove();
    return t;
  }
}
