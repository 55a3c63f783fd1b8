package com.oltpbenchmark.benchmarks.socialgraph.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.WorkloadConfigReader;
import com.oltpbenchmark.benchmarks.socialgraph.audit.AuditConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.configuration2.XMLConfiguration;
import org.junit.jupiter.api.Test;

/**
 * The key tables of docs/linkbench.md and docs/taobench.md name exactly the keys the code reads,
 * and every plain default they give is the code's (the full sample config's value, which {@link
 * FullSampleConfigTest} ties to the code); docs/audit.md's {@code <audit>} example shows the
 * defaults.
 */
class DocsKeyTablesTest {

  private static final Pattern KEY = Pattern.compile("`([A-Za-z_0-9]+)`");

  @Test
  void linkBenchTableListsEveryKeyWithItsDefault() throws Exception {
    RawKeys none = new RawKeys(Map.of(), "(defaults)");
    LinkBenchConfigReader.read(none, 1);
    check(Path.of("docs", "linkbench.md"), "linkbench", none.consulted());
  }

  @Test
  void taoBenchTableListsEveryKeyWithItsDefault() throws Exception {
    check(Path.of("docs", "taobench.md"), "taobench", TaoBenchConfig.KEYS);
  }

  @Test
  void auditExampleShowsTheDefaults() throws Exception {
    String text = Files.readString(Path.of("docs", "audit.md"));
    AuditConfig defaults = AuditConfig.from(null);
    assertTrue(
        text.contains("<trackedKeys>" + defaults.trackedKeys() + "</trackedKeys>"),
        "docs/audit.md shows <trackedKeys>" + defaults.trackedKeys());
    assertTrue(
        text.contains("<sampleOneIn>" + defaults.sampleOneIn() + "</sampleOneIn>"),
        "docs/audit.md shows <sampleOneIn>" + defaults.sampleOneIn());
  }

  private static void check(Path doc, String block, Set<String> codeKeys) throws Exception {
    Map<String, String> table = keyTable(doc);
    Set<String> generic = genericSuffixes(doc);
    TreeSet<String> missing = new TreeSet<>();
    for (String key : codeKeys) {
      if (!table.containsKey(key) && !coveredGenerically(key, table.keySet(), generic)) {
        missing.add(key);
      }
    }
    assertEquals(new TreeSet<>(), missing, doc + ": keys the code reads that the table omits");
    XMLConfiguration sample = WorkloadConfigReader.load(FullSampleConfigTest.FILE.toString());
    List<String> differ = new ArrayList<>();
    int compared = 0;
    for (Map.Entry<String, String> e : table.entrySet()) {
      String documented = e.getValue();
      if (documented == null) {
        continue; // a formula, a range or prose: not a plain value
      }
      String actual = sample.getString(block + "/" + e.getKey(), null);
      if (actual == null && !documented.equals("–") && !codeKeys.contains(e.getKey())) {
        continue; // read only in another mode (e.g. nlinks_config): not in the default config
      }
      if (documented.equals("–")) {
        if (actual != null && !actual.isBlank()) {
          differ.add(e.getKey() + ": documented without default, code default " + actual);
        }
      } else if (actual == null || !same(documented, actual.trim())) {
        differ.add(e.getKey() + ": documented " + documented + ", code default " + actual);
      }
      compared++;
    }
    assertEquals(List.of(), differ, doc + ": defaults");
    assertTrue(compared > codeKeys.size() / 2, doc + ": only " + compared + " defaults compared");
  }

  private static boolean same(String documented, String actual) {
    if (documented.equals(actual)) {
      return true;
    }
    try {
      return Double.parseDouble(documented) == Double.parseDouble(actual);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /**
   * Key to documented default (null when the default is not a plain value) of the first table whose
   * header starts with "key | default". A row may name several keys: "`a_x`, `_y`" is a_x and a_y,
   * "`b` (+ same suffixes)" is b and b with the previous row's suffixes; the keys pair with the
   * row's comma-separated defaults when the counts agree.
   */
  private static Map<String, String> keyTable(Path doc) throws Exception {
    Map<String, String> out = new LinkedHashMap<>();
    List<String> suffixes = new ArrayList<>();
    boolean in = false;
    for (String line : Files.readAllLines(doc)) {
      String[] cells = line.split("\\|", -1);
      if (!in) {
        in =
            cells.length > 3
                && cells[1].trim().equalsIgnoreCase("key")
                && cells[2].trim().equalsIgnoreCase("default");
        continue;
      }
      if (!line.startsWith("|")) {
        break;
      }
      if (line.startsWith("|---")) {
        continue;
      }
      List<String> names = new ArrayList<>();
      Matcher m = KEY.matcher(cells[1]);
      while (m.find()) {
        names.add(m.group(1));
      }
      List<String> keys = new ArrayList<>();
      List<String> rowSuffixes = new ArrayList<>();
      for (String name : names) {
        if (name.startsWith("_") && !keys.isEmpty()) {
          String first = keys.get(0);
          keys.add(first.substring(0, first.lastIndexOf('_')) + name);
          rowSuffixes.add(name);
        } else {
          keys.add(name);
        }
      }
      if (!rowSuffixes.isEmpty()) {
        String first = keys.get(0);
        suffixes = new ArrayList<>(List.of(first.substring(first.lastIndexOf('_'))));
        suffixes.addAll(rowSuffixes);
      } else if (cells[1].contains("(+ same suffixes)") && keys.size() == 1) {
        for (String suffix : suffixes) {
          keys.add(keys.get(0) + suffix);
        }
      }
      String[] defaults = cells[2].trim().split(",\\s*");
      for (int i = 0; i < keys.size(); i++) {
        String d = keys.size() == defaults.length ? defaults[i] : keys.size() == 1 ? cells[2] : "";
        out.put(keys.get(i), plain(d.trim()));
      }
    }
    return out;
  }

  /** The suffixes a "`<prefix>function` values" row documents for every access stream. */
  private static Set<String> genericSuffixes(Path doc) throws Exception {
    Set<String> out = new TreeSet<>();
    Matcher m = Pattern.compile("`<prefix>([a-z_]+)`").matcher(Files.readString(doc));
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /**
   * {@code key} is {@code <prefix><suffix>} of a stream whose {@code <prefix>function} is listed.
   */
  private static boolean coveredGenerically(String key, Set<String> listed, Set<String> generic) {
    for (String suffix : generic) {
      if (key.endsWith(suffix)) {
        String prefix = key.substring(0, key.length() - suffix.length());
        if (listed.contains(prefix + "function")) {
          return true;
        }
      }
    }
    return false;
  }

  /** A default that is one number, one backticked word or "–"; null for anything else. */
  private static String plain(String d) {
    if (d.equals("–")) {
      return d;
    }
    Matcher word = Pattern.compile("`([^`\\s]+)`").matcher(d);
    if (word.matches()) {
      return word.group(1);
    }
    if (d.matches("-?[0-9][0-9.,]*")) {
      return d.replace(",", "");
    }
    return null;
  }
}
