package com.oltpbenchmark.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The configured transaction catalogue. Note {@link #getType(int)} is positional (upstream
 * behaviour): position i is the i-th entry in id order, and the runtime puts INVALID first so that
 * position i matches weight i.
 */
public class TransactionTypes implements Collection<TransactionType> {
  private final Map<String, TransactionType> types = new LinkedHashMap<>();

  public TransactionTypes(List<TransactionType> transactiontypes) {
    transactiontypes.sort(Comparator.naturalOrder());
    for (TransactionType tt : transactiontypes) {
      types.put(key(tt.getName()), tt);
    }
  }

  private static String key(String name) {
    return name.toUpperCase(Locale.ROOT);
  }

  public TransactionType getType(String procName) {
    return types.get(key(procName));
  }

  public TransactionType getType(Class<? extends Procedure> procClass) {
    return getType(procClass.getSimpleName());
  }

  public TransactionType getType(int id) {
    int i = 0;
    for (TransactionType tt : types.values()) {
      if (i++ == id) {
        return tt;
      }
    }
    return null;
  }

  @Override
  public boolean add(TransactionType tt) {
    String k = key(tt.getName());
    if (types.containsKey(k)) {
      return false;
    }
    types.put(k, tt);
    return true;
  }

  @Override
  public Iterator<TransactionType> iterator() {
    return types.values().iterator();
  }

  @Override
  public int size() {
    return types.size();
  }

  @Override
  public boolean isEmpty() {
    return types.isEmpty();
  }

  @Override
  public void clear() {
    types.clear();
  }

  @Override
  public Object[] toArray() {
    return types.values().toArray();
  }

  @Override
  public <T> T[] toArray(T[] a) {
    return types.values().toArray(a);
  }

  @Override
  public boolean containsAll(Collection<?> c) {
    return types.values().containsAll(c);
  }

  @Override
  public boolean contains(Object o) {
    return types.containsValue(o);
  }

  @Override
  public boolean remove(Object o) {
    return false;
  }

  @Override
  public boolean removeAll(Collection<?> c) {
    return false;
  }

  @Override
  public boolean retainAll(Collection<?> c) {
    return false;
  }

  @Override
  public boolean addAll(Collection<? extends TransactionType> c) {
    boolean changed = false;
    for (TransactionType tt : c) {
      changed |= add(tt);
    }
    return changed;
  }

  @Override
  public String toString() {
    return new ArrayList<>(types.values()).toString();
  }
}
