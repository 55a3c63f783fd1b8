package com.oltpbenchmark.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Merges driver processes' {@code Anomalies}. Each process judged its reads against its own writes
 * only, so the counts of N processes are N independent samples and add up; a read that saw another
 * process's write was not judged by either. The promise is the union of what the parts' settings
 * allowed; examples keep the first ones, each naming its part.
 */
final class AnomalySummaries {

  static final int MAX_EXAMPLES = 10;

  private AnomalySummaries() {}

  /**
   * @param parts each part's label and its summary's {@code Anomalies} (null when it had none)
   * @return the merged value, or null when no part had one
   */
  static Map<String, Object> merge(Map<String, Object> parts) {
    Map<String, Object> out = new LinkedHashMap<>();
    Map<String, Set<String>> promises = new LinkedHashMap<>();
    for (Map.Entry<String, Object> part : parts.entrySet()) {
      if (!(part.getValue() instanceof Map<?, ?> anomalies)) {
        continue;
      }
      for (Map.Entry<?, ?> e : anomalies.entrySet()) {
        String key = String.valueOf(e.getKey());
        if (e.getValue() instanceof Number n) {
          out.merge(key, n.longValue(), (a, b) -> (Long) a + (Long) b);
        } else if (e.getValue() instanceof Map<?, ?> c && c.containsKey("checked")) {
          mergeClass(out, promises, key, c, part.getKey());
        }
      }
    }
    if (out.isEmpty()) {
      return null;
    }
    promises.forEach(
        (key, set) -> {
          @SuppressWarnings("unchecked")
          Map<String, Object> c = (Map<String, Object>) out.get(key);
          set.remove("forbidden");
          c.put("promise", set.isEmpty() ? "forbidden" : String.join("; ", set));
          long checked = (Long) c.get("checked");
          double rate = checked == 0 ? 0 : (Long) c.get("seen") * 1e6 / checked;
          c.put("per million checked", Math.round(rate * 10) / 10.0);
          c.put("examples", c.remove("examples"));
        });
    return out;
  }

  @SuppressWarnings("unchecked")
  private static void mergeClass(
      Map<String, Object> out,
      Map<String, Set<String>> promises,
      String key,
      Map<?, ?> part,
      String label) {
    Map<String, Object> c =
        (Map<String, Object>)
            out.computeIfAbsent(
                key,
                k -> {
                  Map<String, Object> m = new LinkedHashMap<>();
                  m.put("checked", 0L);
                  m.put("seen", 0L);
                  m.put("examples", new ArrayList<Object>());
                  return m;
                });
    c.put("checked", (Long) c.get("checked") + number(part.get("checked")));
    c.put("seen", (Long) c.get("seen") + number(part.get("seen")));
    promises
        .computeIfAbsent(key, k -> new LinkedHashSet<>())
        .add(String.valueOf(part.get("promise")));
    List<Object> examples = (List<Object>) c.get("examples");
    if (part.get("examples") instanceof List<?> list) {
      for (Object e : list) {
        if (examples.size() < MAX_EXAMPLES && e instanceof Map<?, ?> m) {
          Map<String, Object> tagged = new LinkedHashMap<>();
          tagged.put("part", label);
          m.forEach((k, v) -> tagged.put(String.valueOf(k), v));
          examples.add(tagged);
        }
      }
    }
  }

  private static long number(Object o) {
    return o instanceof Number n ? n.longValue() : 0;
  }
}
