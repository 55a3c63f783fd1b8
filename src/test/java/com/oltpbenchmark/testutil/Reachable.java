package com.oltpbenchmark.testutil;

import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * Walks everything an object reaches by reflection (instance fields of every class up the
 * hierarchy, elements of arrays, collections and maps) and reports where a string occurs in the
 * text it finds: strings, char arrays and byte arrays (UTF-8 and UTF-16). JDK classes other than
 * collections, maps, atomic references and optionals are not entered (their fields are closed to
 * reflection); Class objects are skipped.
 */
public final class Reachable {
  private final String needle;
  private final Predicate<Object> skip;
  private final Set<Object> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  private final List<String> found = new ArrayList<>();
  private int objects;

  private Reachable(String needle, Predicate<Object> skip) {
    this.needle = needle;
    this.skip = skip;
  }

  /** The paths (field names from {@code root}) of every text that contains {@code needle}. */
  public static List<String> occurrences(Object root, String needle, Predicate<Object> skip) {
    Reachable r = new Reachable(needle, skip);
    r.visit(root, "root");
    if (r.objects < 2) {
      throw new IllegalStateException("walked " + r.objects + " objects: the walk is broken");
    }
    return r.found;
  }

  private void visit(Object o, String path) {
    if (o == null || o instanceof Class<?> || skip.test(o) || !seen.add(o)) {
      return;
    }
    objects++;
    if (o instanceof CharSequence s) {
      if (s.toString().contains(needle)) {
        found.add(path);
      }
      return;
    }
    if (o instanceof char[] chars) {
      if (new String(chars).contains(needle)) {
        found.add(path);
      }
      return;
    }
    if (o instanceof byte[] bytes) {
      for (var cs :
          List.of(StandardCharsets.UTF_8, StandardCharsets.UTF_16BE, StandardCharsets.UTF_16LE)) {
        if (indexOf(bytes, needle.getBytes(cs)) >= 0) {
          found.add(path + " (" + cs + " bytes)");
        }
      }
      return;
    }
    if (o instanceof Object[] array) {
      for (int i = 0; i < array.length; i++) {
        visit(array[i], path + "[" + i + "]");
      }
      return;
    }
    if (o.getClass().isArray()) {
      return; // other primitive arrays hold no text
    }
    if (o instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> e : map.entrySet()) {
        visit(e.getKey(), path + ".key");
        visit(e.getValue(), path + "[" + e.getKey() + "]");
      }
      return;
    }
    if (o instanceof Collection<?> c) {
      int i = 0;
      for (Object x : c) {
        visit(x, path + "[" + i++ + "]");
      }
      return;
    }
    if (o instanceof AtomicReference<?> ref) {
      visit(ref.get(), path + ".get()");
      return;
    }
    if (o instanceof Optional<?> opt) {
      visit(opt.orElse(null), path + ".get()");
      return;
    }
    if (isJdk(o.getClass())) {
      return;
    }
    for (Class<?> k = o.getClass(); k != null && !isJdk(k); k = k.getSuperclass()) {
      for (Field f : k.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
          continue;
        }
        Object v;
        try {
          f.setAccessible(true);
          v = f.get(o);
        } catch (InaccessibleObjectException | IllegalAccessException e) {
          throw new IllegalStateException("cannot read " + f + " at " + path, e);
        }
        visit(v, path + "." + f.getName());
      }
    }
  }

  private static boolean isJdk(Class<?> k) {
    String n = k.getName();
    return n.startsWith("java.")
        || n.startsWith("javax.")
        || n.startsWith("jdk.")
        || n.startsWith("sun.")
        || n.startsWith("com.sun.");
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /**
   * Every map and collection reachable from {@code root} through fields of classes that {@code
   * enter} accepts, through maps and collections, with its path.
   */
  public static Map<String, Object> containers(Object root, Predicate<Class<?>> enter) {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    containers(
        root, "root", enter, out, java.util.Collections.newSetFromMap(new IdentityHashMap<>()));
    return out;
  }

  private static void containers(
      Object o, String path, Predicate<Class<?>> enter, Map<String, Object> out, Set<Object> seen) {
    if (o == null || !seen.add(o)) {
      return;
    }
    if (o instanceof Map<?, ?> map) {
      out.put(path, map);
      for (Map.Entry<?, ?> e : map.entrySet()) {
        containers(e.getValue(), path + "[" + e.getKey() + "]", enter, out, seen);
      }
      return;
    }
    if (o instanceof Collection<?> c) {
      out.put(path, c);
      int i = 0;
      for (Object x : c) {
        containers(x, path + "[" + i++ + "]", enter, out, seen);
      }
      return;
    }
    if (!enter.test(o.getClass())) {
      return;
    }
    for (Field f : o.getClass().getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
        continue;
      }
      try {
        f.setAccessible(true);
        containers(f.get(o), path + "." + f.getName(), enter, out, seen);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
