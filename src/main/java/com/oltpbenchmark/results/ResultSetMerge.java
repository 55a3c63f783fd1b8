package com.oltpbenchmark.results;

import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.collectors.database.DatabaseFigures;
import com.oltpbenchmark.results.HistogramSet.Measurements;
import com.oltpbenchmark.results.HistogramSet.PeriodEntry;
import com.oltpbenchmark.results.HistogramSet.PhaseEntry;
import com.oltpbenchmark.results.HistogramSet.TypeEntry;
import com.oltpbenchmark.results.HistogramSet.WorkloadEntry;
import com.oltpbenchmark.results.RunReport.Workload;
import com.oltpbenchmark.types.TransactionStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Merges the result sets of the driver processes of one run into one result set: counts summed,
 * every percentile from the merged histograms (so exact, as if one process had measured every
 * request), windows aligned by wall-clock time. The parts must belong together: same benchmark,
 * DBMS type, configuration and window length, each given once, and every driver process once when
 * their summaries say which process they were.
 */
public final class ResultSetMerge {
  private static final long SECOND_MICROS = 1_000_000L;

  /**
   * The merged report, the base name of its files (the first part's), and what the merge warns of
   * (the parts' clocks disagree, their measurements started apart), one line each.
   */
  public record Merged(RunReport report, String baseName, int parts, List<String> warnings) {
    public Merged {
      warnings = List.copyOf(warnings);
    }
  }

  private ResultSetMerge() {}

  /**
   * Reads, checks and merges the result sets.
   *
   * @param inputs result set directories (one result set each) or summary.json files
   * @param outputDir where the merged set goes; refused when it holds one of the parts, whose files
   *     the merged ones would overwrite
   */
  public static Merged merge(List<Path> inputs, Path outputDir) throws MergeRefused {
    if (inputs.isEmpty()) {
      throw new MergeRefused("no result set to merge");
    }
    List<ResultSetPart> parts = new ArrayList<>();
    Map<Path, String> seen = new HashMap<>();
    Path out = realOrAbsolute(outputDir);
    for (Path input : inputs) {
      String label = input.toString();
      Path summary = ResultSetPart.summaryFile(input);
      Path real = realOrAbsolute(summary);
      String earlier = seen.putIfAbsent(real, label);
      if (earlier != null) {
        throw new MergeRefused(
            label + ": the same result set as " + earlier + " (each part must be given once)");
      }
      if (real.getParent().equals(out)) {
        throw new MergeRefused(
            label + ": is in the output directory " + outputDir + "; merge into another -d");
      }
      parts.add(ResultSetPart.read(label, summary));
    }
    check(parts);
    parts.sort(Comparator.comparingInt(p -> p.driverProcess == null ? 0 : p.driverProcess[0]));
    ClockAlignment.Aligned aligned = ClockAlignment.of(parts);
    List<String> warnings = new ArrayList<>(aligned.warnings());
    RunReport report = report(parts, aligned, warnings);
    return new Merged(report, parts.get(0).base, parts.size(), warnings);
  }

  // ---- checks ----------------------------------------------------------------------------

  private static void check(List<ResultSetPart> parts) throws MergeRefused {
    ResultSetPart first = parts.get(0);
    Map<String, String> digests = new HashMap<>();
    for (ResultSetPart p : parts) {
      String earlier = digests.putIfAbsent(p.histogramDigest, p.label);
      if (earlier != null) {
        throw new MergeRefused(
            p.label + ": the same result set as " + earlier + " (identical histogram files)");
      }
    }
    for (ResultSetPart p : parts.subList(1, parts.size())) {
      same(p, first, "benchmark", p.histograms.benchmark(), first.histograms.benchmark());
      same(p, first, "DBMS type", p.histograms.dbmsType(), first.histograms.dbmsType());
      if (!Objects.equals(p.histograms.configDigest(), first.histograms.configDigest())) {
        // name the elements when both config.xml files are there; the digest is the fallback
        String named =
            ConfigDifferences.describe(configXml(p), p.label, configXml(first), first.label);
        if (named != null) {
          throw new MergeRefused(p.label + ": different configuration: " + named);
        }
      }
      same(
          p,
          first,
          "configuration (config.xml digest)",
          shortDigest(p.histograms.configDigest()),
          shortDigest(first.histograms.configDigest()));
      same(
          p,
          first,
          "window length (-s, seconds)",
          p.histograms.windowSeconds(),
          first.histograms.windowSeconds());
    }
    checkDriverProcesses(parts);
  }

  private static void same(
      ResultSetPart p, ResultSetPart first, String what, Object value, Object firstValue)
      throws MergeRefused {
    if (!Objects.equals(value, firstValue)) {
      throw new MergeRefused(
          p.label
              + ": different "
              + what
              + ": "
              + value
              + ", but "
              + firstValue
              + " in "
              + first.label);
    }
  }

  private static String shortDigest(String digest) {
    return digest == null ? "none" : digest.substring(0, Math.min(12, digest.length()));
  }

  private static void checkDriverProcesses(List<ResultSetPart> parts) throws MergeRefused {
    ResultSetPart numbered = null;
    for (ResultSetPart p : parts) {
      if (p.driverProcess != null) {
        numbered = p;
        break;
      }
    }
    if (numbered == null) {
      return;
    }
    int n = numbered.driverProcess[1];
    Map<Integer, ResultSetPart> byK = new TreeMap<>();
    for (ResultSetPart p : parts) {
      if (p.driverProcess == null) {
        throw new MergeRefused(
            p.label
                + ": has no driver process number, but "
                + numbered.label
                + " is driver process "
                + numbered.driverLabel());
      }
      if (p.driverProcess[1] != n) {
        throw new MergeRefused(
            p.label
                + ": driver process "
                + p.driverLabel()
                + ", but "
                + numbered.label
                + " is "
                + numbered.driverLabel()
                + " (a different number of driver processes)");
      }
      ResultSetPart earlier = byK.putIfAbsent(p.driverProcess[0], p);
      if (earlier != null) {
        throw new MergeRefused(
            p.label
                + ": driver process "
                + p.driverLabel()
                + " again (also "
                + earlier.label
                + ")");
      }
    }
    List<String> missing = new ArrayList<>();
    for (int k = 1; k <= n; k++) {
      if (!byK.containsKey(k)) {
        missing.add(k + "/" + n);
      }
    }
    if (!missing.isEmpty()) {
      throw new MergeRefused(
          "driver process"
              + (missing.size() == 1 ? " " : "es ")
              + String.join(", ", missing)
              + " missing: give the result sets of all "
              + n
              + " driver processes");
    }
  }

  // ---- measurements -------------------------------------------------------------------------

  /**
   * The parts' aggregates added up, each part's windows moved to the window of the merged run that
   * starts nearest to them on the wall clock (driver processes started together differ by
   * milliseconds, far less than a window).
   */
  static Measurements mergeMeasurements(List<HistogramSet> sets, long originMicros) {
    int window = sets.get(0).windowSeconds();
    long lateSamples = 0;
    EncodedLatency all = null;
    EncodedLatency intended = null;
    EncodedLatency service = null;
    Map<Integer, EncodedLatency> byType = new TreeMap<>();
    Map<Integer, PhaseEntry> phases = new TreeMap<>();
    List<EncodedLatency> seconds = new ArrayList<>();
    List<PeriodEntry> periods = new ArrayList<>();
    for (HistogramSet set : sets) {
      Measurements m = set.measurements();
      long delta = set.measureStartEpochMicros() - originMicros;
      int secondShift = (int) Math.round((double) delta / SECOND_MICROS);
      int periodShift = (int) Math.round((double) delta / (window * SECOND_MICROS));
      lateSamples += m.lateSamples();
      all = EncodedLatency.sum(all, m.all());
      intended = EncodedLatency.sum(intended, m.intendedStart());
      service = EncodedLatency.sum(service, m.rateLimitedService());
      addAll(byType, m.byType());
      if (m.phases() != null) {
        m.phases()
            .forEach((id, e) -> phases.merge(id, shifted(e, delta * 1000), ResultSetMerge::sum));
      }
      List<EncodedLatency> s = m.seconds() == null ? List.of() : m.seconds();
      for (int i = 0; i < s.size(); i++) {
        int at = i + secondShift;
        grow(seconds, at);
        seconds.set(at, EncodedLatency.sum(seconds.get(at), s.get(i)));
      }
      List<PeriodEntry> p = m.periods() == null ? List.of() : m.periods();
      for (int i = 0; i < p.size(); i++) {
        int at = i + periodShift;
        grow(periods, at);
        periods.set(at, sum(periods.get(at), p.get(i)));
      }
    }
    return new Measurements(lateSamples, all, byType, intended, service, phases, seconds, periods);
  }

  private static <T> void grow(List<T> list, int index) {
    while (list.size() <= index) {
      list.add(null);
    }
  }

  private static void addAll(Map<Integer, EncodedLatency> into, Map<Integer, EncodedLatency> from) {
    if (from != null) {
      from.forEach((id, e) -> into.merge(id, e, EncodedLatency::sum));
    }
  }

  private static PhaseEntry shifted(PhaseEntry e, long nanos) {
    return new PhaseEntry(
        e.latency(),
        e.intendedStart(),
        e.countsByType(),
        e.firstStartNanos() + nanos,
        e.lastEndNanos() + nanos);
  }

  private static PhaseEntry sum(PhaseEntry a, PhaseEntry b) {
    Map<Integer, Long> counts = new TreeMap<>();
    if (a.countsByType() != null) {
      counts.putAll(a.countsByType());
    }
    if (b.countsByType() != null) {
      b.countsByType().forEach((id, n) -> counts.merge(id, n, Long::sum));
    }
    return new PhaseEntry(
        EncodedLatency.sum(a.latency(), b.latency()),
        EncodedLatency.sum(a.intendedStart(), b.intendedStart()),
        counts,
        Math.min(a.firstStartNanos(), b.firstStartNanos()),
        Math.max(a.lastEndNanos(), b.lastEndNanos()));
  }

  private static PeriodEntry sum(PeriodEntry a, PeriodEntry b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    Map<Integer, EncodedLatency> byType = new TreeMap<>();
    addAll(byType, a.byType());
    addAll(byType, b.byType());
    return new PeriodEntry(EncodedLatency.sum(a.all(), b.all()), byType);
  }

  // ---- the merged report --------------------------------------------------------------------

  /**
   * The merged report, from the parts' histogram sets as {@code aligned} placed them on one clock;
   * adds to {@code warnings}.
   */
  private static RunReport report(
      List<ResultSetPart> parts, ClockAlignment.Aligned aligned, List<String> warnings)
      throws MergeRefused {
    ResultSetPart first = parts.get(0);
    HistogramSet h = first.histograms;
    List<HistogramSet> sets = aligned.sets();
    long origin = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long start = Long.MAX_VALUE;
    String finalState = "EXIT";
    for (int i = 0; i < parts.size(); i++) {
      ResultSetPart p = parts.get(i);
      HistogramSet s = sets.get(i);
      origin = Math.min(origin, s.measureStartEpochMicros());
      end = Math.max(end, s.measureStartEpochMicros() * 1000 + s.elapsedNanos());
      start = Math.min(start, s.startTimestampMillis());
      Object state = p.summary.get("Final State");
      if (state != null && !"EXIT".equals(state) && "EXIT".equals(finalState)) {
        finalState = String.valueOf(state);
      }
    }
    long spread = 0;
    for (HistogramSet s : sets) {
      spread = Math.max(spread, s.measureStartEpochMicros() - origin);
    }
    if (spread >= SECOND_MICROS) {
      warnings.add(
          String.format(
              java.util.Locale.ROOT,
              "the parts' measurements started up to %.1f s apart; their windows are aligned to"
                  + " the nearest window of the earliest",
              spread / 1e6));
    }

    Map<Integer, TransactionType> types = new TreeMap<>();
    List<TransactionType> configured = new ArrayList<>();
    Map<String, TransactionType> byName = new HashMap<>();
    for (ResultSetPart p : parts) {
      for (TypeEntry t : p.histograms.transactionTypes()) {
        // by name: a supplemental procedure's id is its class's hash code, which differs per JVM
        if (!byName.containsKey(t.name()) && !types.containsKey(t.id())) {
          TransactionType type = new RecordedTransactionType(t.id(), t.name(), t.procedure());
          types.put(t.id(), type);
          byName.put(t.name(), type);
          if (t.configured()) {
            configured.add(type);
          }
        }
      }
    }
    MeasurementCollector merged =
        MeasurementCollector.restored(h.windowSeconds(), origin, mergeMeasurements(sets, origin));

    RunReport.Builder b =
        RunReport.builder()
            .benchmarkArgument(h.benchmark())
            .dbmsType(h.dbmsType())
            .finalState(finalState)
            .startTimestampMillis(start)
            .elapsedNanos(Math.max(0, end - origin * 1000))
            .renderedConfiguration(configXml(first), configValues(first))
            .recordedDatabase(stringOrNull(first.summary.get("DBMS Version")), parameters(first))
            .transactionTypes(configured)
            .measurements(merged);
    configured.forEach(b::countType);
    double throughput = 0;
    double goodput = 0;
    List<Map<String, Object>> partSummaries = new ArrayList<>();
    InFlightAtEnd inFlight = InFlightAtEnd.NONE;
    for (ResultSetPart p : parts) {
      inFlight = plus(inFlight, p.summary.get(ResultKeys.IN_FLIGHT_AT_END));
      addStatusCounts(b, p, byName);
      forEachCount(p, ResultKeys.ABORT_MESSAGES, byName, (t, m) -> b.addAbortMessages(t, m));
      forEachCount(p, ResultKeys.ERROR_STATES, byName, (t, m) -> b.addErrorStates(t, m));
      b.addServedRequests(
          p.summary.get(ResultKeys.SERVED_REQUESTS) instanceof Number n ? n.longValue() : null);
      if (p.summary.get(ResultKeys.ERROR_MESSAGES) instanceof Map<?, ?> messages) {
        Map<String, String> firstMessages = new LinkedHashMap<>();
        messages.forEach((k, v) -> firstMessages.put(String.valueOf(k), String.valueOf(v)));
        b.addErrorMessages(firstMessages);
      }
      Map<String, Long> unserved = counts(p.summary.get(ResultKeys.UNSERVED_REQUESTS));
      for (Map.Entry<String, Long> e : unserved.entrySet()) {
        try {
          b.addUnservedRequests(Integer.parseInt(e.getKey()), e.getValue());
        } catch (NumberFormatException ex) {
          throw new MergeRefused(
              p.label + ": unserved requests of phase '" + e.getKey() + "', not a phase number");
        }
      }
      throughput += p.summaryNumber("Throughput (requests/second)");
      goodput += p.summaryNumber("Goodput (requests/second)");
      Map<String, Object> part = new LinkedHashMap<>();
      part.put("Result Set", p.dir.resolve(p.base).toString());
      part.put("Driver Process", p.driverLabel());
      part.put("Start timestamp (milliseconds)", p.histograms.startTimestampMillis());
      part.put("Final State", p.summary.get("Final State"));
      part.put("Measured Requests", p.summary.get("Measured Requests"));
      part.put("Throughput (requests/second)", p.summary.get("Throughput (requests/second)"));
      part.put("Goodput (requests/second)", p.summary.get("Goodput (requests/second)"));
      part.put(
          "Clock Offset (milliseconds)",
          p.clock == null || !p.clock.isMeasured() ? null : p.clock.offsetMicros() / 1000.0);
      partSummaries.add(part);
    }
    for (WorkloadEntry w : h.workloads()) {
      List<TransactionType> wt = null;
      if (w.transactionTypes() != null) {
        wt = new ArrayList<>();
        for (TypeEntry t : w.transactionTypes()) {
          wt.add(
              t.id() == TransactionType.INVALID_ID
                  ? TransactionType.INVALID
                  : types.computeIfAbsent(
                      t.id(), id -> new RecordedTransactionType(id, t.name(), t.procedure())));
        }
      }
      b.addWorkload(new Workload(w.benchmark(), wt, w.phases()));
    }
    b.inFlightAtEnd(inFlight);
    b.clockOffset(aligned.merged());
    b.merge(new RunReport.Merge(partSummaries, throughput, goodput));
    b.databaseFigures(databaseFigures(parts, merged));
    Map<String, Object> anomalies = new LinkedHashMap<>();
    for (ResultSetPart p : parts) {
      anomalies.put(p.label, p.summary.get(ResultKeys.ANOMALIES));
    }
    b.anomalies(AnomalySummaries.merge(anomalies));
    return b.build();
  }

  /**
   * The database's figures, from the first part (in driver-process order) that read them: they are
   * the database's, not the process's, so the parts' readings are never added up; per-request
   * figures are divided by the merged requests.
   */
  @SuppressWarnings("unchecked")
  private static DatabaseFigures databaseFigures(
      List<ResultSetPart> parts, MeasurementCollector merged) throws MergeRefused {
    ResultSetPart from = null;
    int sampled = 0;
    for (ResultSetPart p : parts) {
      if (p.summary.get(DatabaseFigures.SUMMARY_KEY) instanceof Map<?, ?>) {
        sampled++;
        if (from == null) {
          from = p;
        }
      }
    }
    if (from == null) {
      return null;
    }
    Path csvFile = from.dir.resolve(from.base + DatabaseFigures.CSV_SUFFIX);
    String csv;
    try {
      csv = Files.isRegularFile(csvFile) ? Files.readString(csvFile) : "";
    } catch (IOException e) {
      throw new MergeRefused(from.label + ": cannot read " + csvFile + ": " + e.getMessage());
    }
    Map<Integer, Long> requests = new TreeMap<>();
    merged.phaseStats().forEach((id, st) -> requests.merge(id, st.latency.count, Long::sum));
    return DatabaseFigures.merged(
        (Map<String, Object>) from.summary.get(DatabaseFigures.SUMMARY_KEY),
        csv,
        requests,
        from.label + " (" + from.driverLabel() + ")",
        sampled);
  }

  private static void addStatusCounts(
      RunReport.Builder b, ResultSetPart p, Map<String, TransactionType> byName)
      throws MergeRefused {
    Object v = p.summary.get(ResultKeys.STATUS_COUNTS);
    if (!(v instanceof Map<?, ?> perType)) {
      return;
    }
    for (Map.Entry<?, ?> e : perType.entrySet()) {
      TransactionType t = type(p, byName, String.valueOf(e.getKey()));
      for (Map.Entry<String, Long> s : counts(e.getValue()).entrySet()) {
        TransactionStatus status;
        try {
          status = TransactionStatus.valueOf(s.getKey());
        } catch (IllegalArgumentException ex) {
          throw new MergeRefused(
              p.label + ": unknown transaction status '" + s.getKey() + "' in summary.json");
        }
        b.addStatusCount(t, status, s.getValue());
      }
    }
  }

  private interface TypeCounts {
    void accept(TransactionType t, Map<String, Long> counts);
  }

  private static void forEachCount(
      ResultSetPart p, String key, Map<String, TransactionType> byName, TypeCounts sink)
      throws MergeRefused {
    Object v = p.summary.get(key);
    if (!(v instanceof Map<?, ?> perType)) {
      return;
    }
    for (Map.Entry<?, ?> e : perType.entrySet()) {
      Map<String, Long> c = counts(e.getValue());
      if (!c.isEmpty()) {
        sink.accept(type(p, byName, String.valueOf(e.getKey())), c);
      }
    }
  }

  private static TransactionType type(
      ResultSetPart p, Map<String, TransactionType> byName, String name) throws MergeRefused {
    TransactionType t = byName.get(name);
    if (t == null) {
      throw new MergeRefused(
          p.label
              + ": summary.json counts transaction type "
              + name
              + ", which its histograms lack");
    }
    return t;
  }

  /** The parts' abandoned requests together: the count summed, the longest wait and grace kept. */
  private static InFlightAtEnd plus(InFlightAtEnd sum, Object part) {
    if (!(part instanceof Map<?, ?> m)) {
      return sum; // a result set from before the key existed, or from upstream
    }
    long requests = m.get(ResultKeys.REQUESTS) instanceof Number n ? n.longValue() : 0;
    long wait =
        m.get("Longest Wait (seconds)") instanceof Number n
            ? Math.round(n.doubleValue() * 1000)
            : 0;
    long grace =
        m.get("Grace (seconds)") instanceof Number n ? Math.round(n.doubleValue() * 1000) : 0;
    return new InFlightAtEnd(
        sum.requests() + requests,
        Math.max(sum.longestWaitMillis(), wait),
        Math.max(sum.graceMillis(), grace));
  }

  /** A JSON object of counts; anything else is no counts. */
  private static Map<String, Long> counts(Object v) {
    Map<String, Long> m = new LinkedHashMap<>();
    if (v instanceof Map<?, ?> map) {
      map.forEach(
          (k, n) -> {
            if (n instanceof Number num) {
              m.put(String.valueOf(k), num.longValue());
            }
          });
    }
    return m;
  }

  private static String configXml(ResultSetPart p) throws MergeRefused {
    Path f = p.dir.resolve(p.base + ".config.xml");
    if (!Files.isRegularFile(f)) {
      return null;
    }
    try {
      return Files.readString(f, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new MergeRefused(p.label + ": cannot read " + f.getFileName() + ": " + e, e);
    }
  }

  private static Map<String, String> configValues(ResultSetPart p) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String key : SummaryJson.CONFIG_KEYS) {
      String v = stringOrNull(p.summary.get(key));
      if (v != null) {
        m.put(key, v);
      }
    }
    return m;
  }

  private static Map<String, String> parameters(ResultSetPart p) throws MergeRefused {
    Path f = p.dir.resolve(p.base + ".params.json");
    Map<String, String> m = new TreeMap<>();
    if (Files.isRegularFile(f)) {
      ResultSetPart.readObject(p.label, f).forEach((k, v) -> m.put(k, String.valueOf(v)));
    }
    return m;
  }

  private static String stringOrNull(Object v) {
    return v == null ? null : String.valueOf(v);
  }

  private static Path realOrAbsolute(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }
}
