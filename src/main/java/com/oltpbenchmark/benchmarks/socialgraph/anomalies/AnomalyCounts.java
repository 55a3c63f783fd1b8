package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Per anomaly class: reads checked, anomalies seen and the first examples; for all workers. */
public final class AnomalyCounts {

  /** Examples kept per class. */
  public static final int MAX_EXAMPLES = 10;

  private final Map<Anomaly, LongAdder> checked = new EnumMap<>(Anomaly.class);
  private final Map<Anomaly, LongAdder> seen = new EnumMap<>(Anomaly.class);
  private final Map<Anomaly, List<Map<String, Object>>> examples = new EnumMap<>(Anomaly.class);
  private final LongAdder readsNotCheckable = new LongAdder();
  private final LongAdder readsChecked = new LongAdder();

  public AnomalyCounts() {
    for (Anomaly a : Anomaly.values()) {
      checked.put(a, new LongAdder());
      seen.put(a, new LongAdder());
      examples.put(a, new ArrayList<>());
    }
  }

  void countChecked(Anomaly a) {
    checked.get(a).increment();
  }

  void countSeen(Anomaly a, Map<String, Object> example) {
    seen.get(a).increment();
    List<Map<String, Object>> list = examples.get(a);
    synchronized (list) {
      if (list.size() < MAX_EXAMPLES) {
        list.add(example);
      }
    }
  }

  /** A read that was checked for at least one class. */
  void readChecked() {
    readsChecked.increment();
  }

  /** A read that returned rows none of which names a remembered write. */
  void notCheckable() {
    readsNotCheckable.increment();
  }

  public long checked(Anomaly a) {
    return checked.get(a).sum();
  }

  public long seen(Anomaly a) {
    return seen.get(a).sum();
  }

  public long readsChecked() {
    return readsChecked.sum();
  }

  public long readsNotCheckable() {
    return readsNotCheckable.sum();
  }

  public List<Map<String, Object>> examples(Anomaly a) {
    List<Map<String, Object>> list = examples.get(a);
    synchronized (list) {
      return List.copyOf(list);
    }
  }

  /** Anomalies per million checked reads (0 when none were checked). */
  public double ratePerMillion(Anomaly a) {
    long c = checked(a);
    return c == 0 ? 0 : seen(a) * 1e6 / c;
  }
}
