package com.oltpbenchmark.api.collectors.database;

import com.oltpbenchmark.api.collectors.database.DatabaseCounters.Efficiency;
import com.oltpbenchmark.api.collectors.database.DatabaseSampler.Sample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the database spent, from a sampler's readings: per phase, the counters' growth divided by
 * the phase's requests, and the sizes; the summary's {@value #SUMMARY_KEY} object and the rows of
 * {@code <base>}{@value #CSV_SUFFIX}. Built once, after the run; immutable.
 */
public final class DatabaseFigures {
  /** The summary.json key. */
  public static final String SUMMARY_KEY = "Database";

  /** A phase's key saying why its figures are missing. */
  static final String NOT_MEASURED = "Not Measured";

  /** The per-reading file's suffix after the base name. */
  public static final String CSV_SUFFIX = ".database.csv";

  private final Map<String, Object> summary;
  private final String csv;

  public DatabaseFigures(Map<String, Object> summary, String csv) {
    this.summary = summary;
    this.csv = csv;
  }

  /** The summary's {@value #SUMMARY_KEY} value. */
  public Map<String, Object> summary() {
    return summary;
  }

  /** The text of {@code <base>.database.csv}. */
  public String csv() {
    return csv;
  }

  /**
   * The figures of a run.
   *
   * @param samples the sampler's readings, in time order
   * @param requestsByPhase measured requests per 1-based phase id
   * @param measureStartNanos the origin of the run's time axis
   * @param sampledBy which process took the readings, e.g. "this process"
   */
  public static DatabaseFigures of(
      CounterReader reader,
      List<Sample> samples,
      List<String> notices,
      Map<Integer, Long> requestsByPhase,
      long measureStartNanos,
      String sampledBy) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Family", reader.family());
    m.put("Sources", reader.sourceNames());
    m.put("Sampled By", sampledBy);
    m.put("Requests Counted", "this process");
    m.put("Readings", samples.size());
    long gaps = samples.stream().filter(Sample::gap).count();
    m.put("Gaps", gaps);
    m.put("Notices", List.copyOf(notices));
    Sample first = firstReading(samples);
    Sample last = lastReading(samples);
    Long sizeStart = level(first, DatabaseCounters.SIZE_BYTES);
    Long sizeEnd = level(last, DatabaseCounters.SIZE_BYTES);
    m.put("Size at start (bytes)", sizeStart);
    m.put("Size at end (bytes)", sizeEnd);
    m.put("Growth (bytes)", sizeStart == null || sizeEnd == null ? null : sizeEnd - sizeStart);
    List<Map<String, Object>> phases = new ArrayList<>();
    long allRequests = 0;
    for (Map.Entry<Integer, Long> e : requestsByPhase.entrySet()) {
      if (e.getKey() <= 0) {
        continue;
      }
      allRequests += e.getValue();
      phases.add(phase(samples, e.getKey(), e.getValue(), measureStartNanos));
    }
    m.put("Phases", phases);
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("Requests", allRequests);
    boolean whole =
        !samples.isEmpty() && !samples.get(0).gap() && !samples.get(samples.size() - 1).gap();
    run.put("Complete", whole);
    Map<String, Long> totals =
        whole ? deltas(samples.get(0), samples.get(samples.size() - 1)) : null;
    run.put("Per Request", totals == null ? null : perRequest(totals, allRequests));
    run.put("Totals", totals);
    putReplicationLag(run, samples, 0, samples.size() - 1);
    m.put("Whole Run", run);
    return new DatabaseFigures(m, csv(samples, measureStartNanos));
  }

  /**
   * The figures of one driver process (the one that sampled) in a merged result set: the same
   * readings and totals, counted once, with every per-request figure divided by the requests of all
   * the merged processes instead of that process's own.
   *
   * @param requestsByPhase the merged run's requests per 1-based phase id
   * @param from which part the readings come from
   */
  @SuppressWarnings("unchecked")
  public static DatabaseFigures merged(
      Map<String, Object> recorded,
      String csv,
      Map<Integer, Long> requestsByPhase,
      String from,
      int sampledParts) {
    Map<String, Object> m = new LinkedHashMap<>(recorded);
    m.put("Merged From", from);
    if (sampledParts > 1) {
      m.put(
          "Merge Note",
          sampledParts
              + " parts read the database; the figures are one part's (the same database's"
              + " counters are not added up)");
    }
    long all = 0;
    List<Map<String, Object>> phases = new ArrayList<>();
    for (Object o : (List<Object>) m.getOrDefault("Phases", List.of())) {
      Map<String, Object> p = new LinkedHashMap<>((Map<String, Object>) o);
      long n = requestsByPhase.getOrDefault(((Number) p.get("Phase")).intValue(), 0L);
      all += n;
      p.put("Requests", n);
      Map<String, Long> totals = longs(p.get("Totals"));
      p.put("Per Request", totals == null ? null : perRequest(totals, n));
      phases.add(p);
    }
    m.put("Phases", phases);
    Object runValue = m.get("Whole Run");
    if (runValue instanceof Map<?, ?> r) {
      Map<String, Object> run = new LinkedHashMap<>((Map<String, Object>) r);
      run.put("Requests", all);
      Map<String, Long> totals = longs(run.get("Totals"));
      run.put("Per Request", totals == null ? null : perRequest(totals, all));
      m.put("Whole Run", run);
    }
    m.put("Requests Counted", "all merged processes");
    return new DatabaseFigures(m, csv);
  }

  private static Map<String, Long> longs(Object v) {
    if (!(v instanceof Map<?, ?> map)) {
      return null;
    }
    Map<String, Long> out = new LinkedHashMap<>();
    map.forEach((k, x) -> out.put(String.valueOf(k), ((Number) x).longValue()));
    return out;
  }

  /**
   * One phase: from the reading taken when it started (being measured) to the next phase's first
   * reading, or the reading after the run. A gap at either end leaves its figures null and {@code
   * Complete} false.
   */
  private static Map<String, Object> phase(
      List<Sample> samples, int id, long requests, long originNanos) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("Phase", id);
    p.put("Requests", requests);
    int start = -1;
    for (int i = 0; i < samples.size(); i++) {
      Sample s = samples.get(i);
      if ("phase".equals(s.event()) && s.phase() == id && s.measuring()) {
        start = i;
        break;
      }
    }
    int end = -1;
    if (start >= 0) {
      for (int i = start + 1; i < samples.size(); i++) {
        String e = samples.get(i).event();
        // the run's end (state DONE) is "unmeasured": the last phase ends at the reading after
        // the terminals have finished, which also holds their last transactions' statistics
        if ("phase".equals(e) || "end".equals(e)) {
          end = i;
          break;
        }
      }
    }
    String missing = missingEnd(samples, start, end);
    boolean complete = missing == null;
    p.put("Complete", complete);
    if (!complete) {
      // said here so that the console's line and the summary's Gaps tell the same story
      p.put(NOT_MEASURED, missing);
      p.put("Seconds", null);
      p.put("Per Request", null);
      p.put("Totals", null);
      p.put("Size at end (bytes)", null);
      return p;
    }
    Sample a = samples.get(start);
    Sample b = samples.get(end);
    p.put("From (seconds)", seconds(a.nanos() - originNanos));
    p.put("To (seconds)", seconds(b.nanos() - originNanos));
    p.put("Seconds", seconds(b.nanos() - a.nanos()));
    Map<String, Long> d = deltas(a, b);
    p.put("Per Request", perRequest(d, requests));
    p.put("Totals", d);
    p.put("Size at end (bytes)", level(b, DatabaseCounters.SIZE_BYTES));
    putReplicationLag(p, samples, start, end);
    return p;
  }

  /**
   * {@code "Replication Lag"}: the largest of each replication level (standbys, write, flush and
   * replay lag, replay backlog) over the readings {@code from..to}, both ends included (the reading
   * that closes a phase shows the lag its last writes left); nothing when no reading has them.
   */
  private static void putReplicationLag(
      Map<String, Object> into, List<Sample> samples, int from, int to) {
    Map<String, Long> max = new LinkedHashMap<>();
    for (int i = Math.max(0, from); i <= to && i < samples.size(); i++) {
      Sample s = samples.get(i);
      if (s.gap()) {
        continue;
      }
      for (String counter : DatabaseCounters.REPLICATION_LAG.keySet()) {
        Long v = s.values().get(counter);
        if (v != null) {
          max.merge(counter, v, Math::max);
        }
      }
    }
    if (max.isEmpty()) {
      return;
    }
    Map<String, Object> lag = new LinkedHashMap<>();
    DatabaseCounters.REPLICATION_LAG.forEach(
        (counter, label) -> {
          Long v = max.get(counter);
          if (v != null && counter.endsWith("_us")) {
            lag.put(label, v / 1000.0); // microseconds read, milliseconds shown
          } else if (v != null) {
            lag.put(label, v);
          }
        });
    into.put("Replication Lag", lag);
  }

  /**
   * Why a phase's figures are missing (its readings at start and end), or null when they are not.
   */
  private static String missingEnd(List<Sample> samples, int start, int end) {
    if (start < 0) {
      return "no reading at its start";
    }
    if (samples.get(start).gap()) {
      return "a gap in the readings at its start";
    }
    if (end < 0) {
      return "no reading at its end";
    }
    if (samples.get(end).gap()) {
      return "end".equals(samples.get(end).event())
          ? "a gap in the readings at its end (the reading after the run)"
          : "a gap in the readings at its end";
    }
    return null;
  }

  /** Running totals' growth from a to b; counters either reading lacks are absent. */
  static Map<String, Long> deltas(Sample a, Sample b) {
    Map<String, Long> d = new LinkedHashMap<>();
    b.values()
        .forEach(
            (k, v) -> {
              Long before = a.values().get(k);
              if (before != null && !CounterReader.isLevel(k)) {
                d.put(k, v - before);
              }
            });
    return d;
  }

  /** The efficiency figures the counters allow, per request (null when nothing was measured). */
  static Map<String, Object> perRequest(Map<String, Long> deltas, long requests) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Efficiency e : DatabaseCounters.EFFICIENCY) {
      Long d = deltas.get(e.counter());
      if (d != null) {
        out.put(e.label(), requests > 0 ? round(d / e.divisor() / requests) : null);
      }
    }
    return out;
  }

  private static Sample firstReading(List<Sample> samples) {
    for (Sample s : samples) {
      if (!s.gap()) {
        return s;
      }
    }
    return null;
  }

  private static Sample lastReading(List<Sample> samples) {
    for (int i = samples.size() - 1; i >= 0; i--) {
      if (!samples.get(i).gap()) {
        return samples.get(i);
      }
    }
    return null;
  }

  private static Long level(Sample s, String key) {
    return s == null ? null : s.values().get(key);
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e6) / 1e3;
  }

  private static double round(double v) {
    if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
      return v;
    }
    // four significant digits: the counters' own precision is far below that
    double scale = Math.pow(10, 3 - Math.floor(Math.log10(Math.abs(v))));
    return Math.round(v * scale) / scale;
  }

  /** Header: time, event, phase, gap, then every counter any reading has, in reading order. */
  static String csv(List<Sample> samples, long originNanos) {
    Set<String> keys = new LinkedHashSet<>();
    for (Sample s : samples) {
      if (!s.gap()) {
        keys.addAll(s.values().keySet());
      }
    }
    StringBuilder sb = new StringBuilder("Time (seconds),Event,Phase,Gap");
    for (String k : keys) {
      sb.append(',').append(k);
    }
    sb.append('\n');
    for (Sample s : samples) {
      sb.append(String.format(Locale.ROOT, "%.3f", (s.nanos() - originNanos) / 1e9))
          .append(',')
          .append(s.event())
          .append(',')
          .append(s.phase())
          .append(',')
          .append(s.gap() ? 1 : 0);
      for (String k : keys) {
        sb.append(',');
        Long v = s.gap() ? null : s.values().get(k);
        if (v != null) {
          sb.append(v);
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** A figure as people write it: 0.0002218, not 2.218E-4. */
  private static String plain(Object v) {
    if (!(v instanceof Number n)) {
      return "-";
    }
    double d = n.doubleValue();
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return "-";
    }
    return new java.math.BigDecimal(d)
        .round(new java.math.MathContext(4))
        .stripTrailingZeros()
        .toPlainString();
  }

  private static String replicationLine(Map<?, ?> lag) {
    List<String> parts = new ArrayList<>();
    lag.forEach((k, v) -> parts.add(k + " " + plain(v)));
    return String.join(", ", parts);
  }

  /**
   * The console's footer: one line per phase with its per-request figures, or one line saying why
   * there are none.
   */
  @SuppressWarnings("unchecked")
  public static List<String> consoleLines(Map<String, Object> summary) {
    List<String> out = new ArrayList<>();
    if (summary == null) {
      return out;
    }
    for (Object o : (List<Object>) summary.getOrDefault("Phases", List.of())) {
      Map<String, Object> p = (Map<String, Object>) o;
      Map<String, Object> per = (Map<String, Object>) p.get("Per Request");
      StringBuilder sb = new StringBuilder("Database (" + summary.get("Family") + "), phase ");
      sb.append(p.get("Phase")).append(", per request: ");
      if (per == null) {
        Object why = p.get(NOT_MEASURED);
        sb.append("not measured (").append(why == null ? "a gap in the readings" : why).append(")");
      } else if (per.isEmpty()) {
        sb.append("no counters");
      } else {
        List<String> parts = new ArrayList<>();
        per.forEach((k, v) -> parts.add(k + " " + plain(v)));
        sb.append(String.join(", ", parts));
      }
      out.add(sb.toString());
      if (p.get("Replication Lag") instanceof Map<?, ?> lag) {
        out.add(
            "Database ("
                + summary.get("Family")
                + "), phase "
                + p.get("Phase")
                + ", replication lag (the largest over the standbys and the phase's readings): "
                + replicationLine(lag));
      }
    }
    Object start = summary.get("Size at start (bytes)");
    Object end = summary.get("Size at end (bytes)");
    if (start != null && end != null) {
      out.add(
          String.format(
              Locale.ROOT,
              "Database size: %.1f MB at start, %.1f MB at end",
              ((Number) start).longValue() / 1048576.0,
              ((Number) end).longValue() / 1048576.0));
    }
    return out;
  }
}
