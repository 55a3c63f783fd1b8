package com.oltpbenchmark.util;

import java.util.Objects;

/** An immutable pair, ordered by first then second element when they are Comparable. */
public class Pair<T, U> implements Comparable<Pair<T, U>> {
  public final T first;
  public final U second;
  private final transient Integer hash;

  public Pair(T first, U second) {
    this(first, second, true);
  }

  public Pair(T first, U second, boolean precomputeHash) {
    this.first = first;
    this.second = second;
    this.hash = precomputeHash ? computeHash() : null;
  }

  public static <T, U> Pair<T, U> of(T x, U y) {
    return new Pair<>(x, y);
  }

  private int computeHash() {
    return Objects.hash(first, second);
  }

  public T getFirst() {
    return first;
  }

  public U getSecond() {
    return second;
  }

  @Override
  public int hashCode() {
    return hash != null ? hash : computeHash();
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Pair)) {
      return false;
    }
    Pair<?, ?> other = (Pair<?, ?>) o;
    return Objects.equals(first, other.first) && Objects.equals(second, other.second);
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public int compareTo(Pair<T, U> o) {
    int c = compare((Comparable) first, o.first);
    return c != 0 ? c : compare((Comparable) second, o.second);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Comparable a, Object b) {
    if (a == null) {
      return b == null ? 0 : -1;
    }
    if (b == null) {
      return 1;
    }
    return a.compareTo(b);
  }

  @Override
  public String toString() {
    return "<" + first + ", " + second + ">";
  }
}
