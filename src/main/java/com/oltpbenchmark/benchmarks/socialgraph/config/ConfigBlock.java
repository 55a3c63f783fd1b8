package com.oltpbenchmark.benchmarks.socialgraph.config;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.commons.configuration2.HierarchicalConfiguration;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.ex.ConversionException;
import org.apache.commons.configuration2.tree.ImmutableNode;

/**
 * How the module reads one of its XML blocks ({@code <taobench>}, {@code <audit>}): at most one
 * block, every key in it one the reader knows, typed values whose errors name the block and the key
 * ({@code <block><key> ...}). {@code <linkbench>} keeps its own reader ({@link RawKeys}) because it
 * also reads LinkBench's properties files, with LinkBench's own value syntax.
 */
public final class ConfigBlock {
  private final String name;
  private final HierarchicalConfiguration<ImmutableNode> block;

  private ConfigBlock(String name, HierarchicalConfiguration<ImmutableNode> block) {
    this.name = name;
    this.block = block;
  }

  /**
   * The block {@code <name>} of {@code xml} (an absent block, or no xml, reads as empty), its keys
   * checked against {@code known}.
   */
  public static ConfigBlock of(XMLConfiguration xml, String name, Set<String> known) {
    if (xml == null || xml.configurationsAt(name).isEmpty()) {
      return new ConfigBlock(name, null);
    }
    if (xml.configurationsAt(name).size() > 1) {
      throw new ConfigException("more than one <" + name + "> block");
    }
    HierarchicalConfiguration<ImmutableNode> block = xml.configurationAt(name);
    for (Iterator<String> it = block.getKeys(); it.hasNext(); ) {
      String key = it.next();
      if (key.isEmpty() && block.getString(key, "").isBlank()) {
        continue; // the whitespace of an empty block, <name></name>: not a key
      }
      if (!known.contains(key)) {
        throw new ConfigException(
            "unknown key <"
                + name
                + "><"
                + key
                + "> (known: "
                + String.join(", ", known.stream().sorted().toList())
                + ")");
      }
    }
    return new ConfigBlock(name, block);
  }

  /** Whether the config has no such block (every value is then its default). */
  public boolean isEmpty() {
    return block == null;
  }

  public boolean has(String key) {
    return block != null && block.containsKey(key);
  }

  public String string(String key, String dflt) {
    return block == null ? dflt : block.getString(key, dflt);
  }

  /**
   * Every value of a key that may repeat ({@code <key>a</key><key>b</key>}), blank ones refused.
   */
  public List<String> strings(String key) {
    if (block == null) {
      return List.of();
    }
    List<String> values = new ArrayList<>();
    for (String v : block.getList(String.class, key, List.of())) {
      if (v == null || v.isBlank()) {
        throw new ConfigException("<" + name + "><" + key + "> is empty");
      }
      values.add(v.strip());
    }
    return List.copyOf(values);
  }

  public int intValue(String key, int dflt) {
    return typed(key, dflt, "an integer", () -> block.getInt(key, dflt));
  }

  /** An integer in {@code [min, max]}. */
  public int intValue(String key, int dflt, int min, int max) {
    int v = intValue(key, dflt);
    if (v < min || v > max) {
      throw new ConfigException(
          "<" + name + "><" + key + "> must be in [" + min + ", " + max + "], got " + v);
    }
    return v;
  }

  public long longValue(String key, long dflt) {
    return typed(key, dflt, "an integer", () -> block.getLong(key, dflt));
  }

  public double doubleValue(String key, double dflt) {
    return typed(key, dflt, "a number", () -> block.getDouble(key, dflt));
  }

  /**
   * {@code dflt} without a block, else what {@code read} converts; a value it cannot convert is an
   * error naming the block, the key, what was {@code expected} and the value.
   */
  private <T> T typed(String key, T dflt, String expected, Supplier<T> read) {
    if (block == null) {
      return dflt;
    }
    try {
      return read.get();
    } catch (ConversionException e) {
      throw new ConfigException(
          "<" + name + "><" + key + "> is not " + expected + ": \"" + block.getString(key) + "\"",
          e);
    }
  }

  /** The value of a key that takes one of {@code allowed} (the first is the default). */
  public String choice(String key, String... allowed) {
    String v = string(key, allowed[0]).strip();
    for (String a : allowed) {
      if (a.equalsIgnoreCase(v)) {
        return a;
      }
    }
    throw new ConfigException(
        "<"
            + name
            + "><"
            + key
            + "> must be one of "
            + String.join(", ", allowed)
            + ", got \""
            + v
            + "\"");
  }
}
