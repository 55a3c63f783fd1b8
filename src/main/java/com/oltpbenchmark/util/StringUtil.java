package com.oltpbenchmark.util;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

public abstract class StringUtil {
  public static final Pattern WHITESPACE = Pattern.compile("[\\s]+");

  private static final String SET_BOLD_TEXT = "\033[0;1m";
  private static final String SET_PLAIN_TEXT = "\033[0;0m";

  public static String repeat(String str, int size) {
    if (size <= 0) {
      return "";
    }
    StringBuilder sb = new StringBuilder(str.length() * size);
    for (int i = 0; i < size; i++) {
      sb.append(str);
    }
    return sb.toString();
  }

  @SafeVarargs
  @SuppressWarnings("varargs")
  public static <T> String join(String delimiter, T... items) {
    return join(delimiter, Arrays.asList(items));
  }

  public static String join(String delimiter, Iterable<?> items) {
    return join("", delimiter, items);
  }

  public static String join(String prefix, String delimiter, Iterable<?> items) {
    if (items == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    Iterator<?> it = items.iterator();
    while (it.hasNext()) {
      sb.append(prefix).append(it.next());
      if (it.hasNext()) {
        sb.append(delimiter);
      }
    }
    return sb.toString();
  }

  public static String bold(String str) {
    return SET_BOLD_TEXT + str + SET_PLAIN_TEXT;
  }

  public static String title(String string) {
    return title(string, false);
  }

  /** Capitalises every word; other letters lower-cased unless keep_upper. */
  public static String title(String string, boolean keep_upper) {
    StringBuilder sb = new StringBuilder();
    for (String part : string.split(" ", -1)) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      if (part.isEmpty()) {
        continue;
      }
      String rest = part.substring(1);
      sb.append(Character.toUpperCase(part.charAt(0)))
          .append(keep_upper ? rest : rest.toLowerCase());
    }
    return sb.toString();
  }

  public static String box(String str) {
    return box(str, "*", null);
  }

  /** Draws a frame of {@code mark} characters around the lines of {@code str}. */
  public static String box(String str, String mark, Integer max_len) {
    String[] lines = str.split("\n", -1);
    int width = 0;
    for (String l : lines) {
      width = Math.max(width, l.length());
    }
    if (max_len != null) {
      width = Math.min(width, max_len);
    }
    String edge = repeat(mark, width + 4);
    StringBuilder sb = new StringBuilder(edge).append('\n');
    for (String l : lines) {
      String text = l.length() > width ? l.substring(0, width) : l;
      sb.append(mark).append(' ').append(text).append(repeat(" ", width - text.length()));
      sb.append(' ').append(mark).append('\n');
    }
    sb.append(edge);
    return sb.toString();
  }

  public static String formatMaps(Map<?, ?>... maps) {
    return formatMaps(":", false, false, false, false, true, true, maps);
  }

  /** Key/value lines of the maps with aligned values, optionally boxed and separated. */
  public static String formatMaps(
      String delimiter,
      boolean upper,
      boolean box,
      boolean border_top,
      boolean border_bottom,
      boolean recursive,
      boolean first_element_title,
      Map<?, ?>... maps) {
    int keyWidth = 0;
    for (Map<?, ?> m : maps) {
      if (m == null) {
        continue;
      }
      for (Object k : m.keySet()) {
        keyWidth = Math.max(keyWidth, String.valueOf(k).length());
      }
    }
    List<String> blocks = new ArrayList<>();
    for (Map<?, ?> m : maps) {
      if (m == null) {
        continue;
      }
      StringBuilder sb = new StringBuilder();
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        String key = String.valueOf(e.getKey());
        if (upper) {
          key = key.toUpperCase();
        }
        Object v = e.getValue();
        if (first && first_element_title && v == null) {
          sb.append(key).append('\n');
          first = false;
          continue;
        }
        first = false;
        String value;
        if (recursive && v instanceof Map) {
          value =
              "\n" + formatMaps(delimiter, upper, false, false, false, true, false, (Map<?, ?>) v);
        } else {
          value = String.valueOf(v);
        }
        sb.append(String.format("%-" + (keyWidth + delimiter.length() + 1) + "s", key + delimiter));
        sb.append(value).append('\n');
      }
      blocks.add(sb.toString().trim());
    }
    String body = String.join("\n" + repeat("-", Math.max(10, keyWidth * 2)) + "\n", blocks);
    if (box) {
      return box(body);
    }
    String line = repeat("=", Math.max(10, keyWidth * 2));
    return (border_top ? line + "\n" : "") + body + (border_bottom ? "\n" + line : "");
  }

  public static List<String> splitToList(Pattern delim, String str) {
    List<String> out = new ArrayList<>();
    for (String s : delim.split(str)) {
      String t = s.trim();
      if (!t.isEmpty()) {
        out.add(t);
      }
    }
    return out;
  }
}
