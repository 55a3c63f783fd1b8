package com.oltpbenchmark.results;

import static com.oltpbenchmark.results.Fixtures.ADD_LINK;
import static com.oltpbenchmark.results.Fixtures.GET_NODE;
import static com.oltpbenchmark.results.Fixtures.SEC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Named.named;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ResultSetMergeTest {
  @TempDir Path dir;

  private static final String[] PERCENTILE_KEYS = {
    "25th Percentile Latency (microseconds)",
    "Median Latency (microseconds)",
    "75th Percentile Latency (microseconds)",
    "90th Percentile Latency (microseconds)",
    "95th Percentile Latency (microseconds)",
    "99th Percentile Latency (microseconds)",
    ResultKeys.P999,
    ResultKeys.P9999
  };

  private static final double[] FRACTIONS = {0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 0.9999};

  private Path merged(List<Path> parts) throws Exception {
    Path out = dir.resolve("merged");
    ResultSetMerge.Merged m = ResultSetMerge.merge(parts, out);
    try {
      ResultWriter.writeAll(m.report(), out, m.baseName(), null);
    } finally {
      m.report().measurements().close();
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  private static long number(Map<String, Object> m, String key) {
    return ((Number) m.get(key)).longValue();
  }

  /** The runtime's nearest-rank rule read off one HdrHistogram fed every sample. */
  private static long pooledPercentile(Histogram h, double fraction, long min, long max) {
    long n = h.getTotalCount();
    long wanted = Math.min((long) (fraction * n), n - 1) + 1;
    long seen = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      seen += v.getCountAddedInThisIterationStep();
      if (seen >= wanted) {
        return Math.max(min, Math.min(max, h.highestEquivalentValue(v.getValueIteratedTo())));
      }
    }
    throw new AssertionError("rank beyond the histogram");
  }

  @Test
  void countsAddUpAndPercentilesAreThoseOfThePooledSamples() throws Exception {
    List<SyntheticRun.Sample> a = SyntheticRun.random(1, 6_000, 10);
    List<SyntheticRun.Sample> b = SyntheticRun.random(2, 4_000, 10);
    Path pa = new SyntheticRun().with(a).write(dir.resolve("p1"), "sg_a");
    SyntheticRun second = new SyntheticRun().with(b);
    second.successGetNode = 50;
    second.retriesAddLink = 4;
    Path pb = second.write(dir.resolve("p2"), "sg_b");

    Path out = merged(List.of(pa, pb));
    Map<String, Object> s = SyntheticRun.summary(out);
    assertEquals(10_000L, number(s, "Measured Requests"));
    double tput =
        ((Number) SyntheticRun.summary(pa).get("Throughput (requests/second)")).doubleValue()
            + ((Number) SyntheticRun.summary(pb).get("Throughput (requests/second)")).doubleValue();
    assertEquals(tput, ((Number) s.get("Throughput (requests/second)")).doubleValue(), 1e-9);

    Histogram pooled = new Histogram(3);
    long min = Long.MAX_VALUE;
    long max = 0;
    List<SyntheticRun.Sample> all = new ArrayList<>(a);
    all.addAll(b);
    for (SyntheticRun.Sample x : all) {
      pooled.recordValue(x.latencyMicros());
      min = Math.min(min, x.latencyMicros());
      max = Math.max(max, x.latencyMicros());
    }
    Map<String, Object> dist = map(s.get("Latency Distribution"));
    for (int i = 0; i < FRACTIONS.length; i++) {
      assertEquals(
          pooledPercentile(pooled, FRACTIONS[i], min, max),
          number(dist, PERCENTILE_KEYS[i]),
          PERCENTILE_KEYS[i]);
    }
    assertEquals(min, number(dist, "Minimum Latency (microseconds)"));
    assertEquals(max, number(dist, "Maximum Latency (microseconds)"));

    Map<String, Object> counts = map(s.get(ResultKeys.STATUS_COUNTS));
    assertEquals(150L, number(map(counts.get("GetNode")), "SUCCESS"));
    assertEquals(7L, number(map(counts.get("AddLink")), "RETRY"));
    assertEquals(7L, number(map(map(s.get(ResultKeys.ERROR_STATES)).get("AddLink")), "40001"));
    assertEquals(10L, number(map(s.get(ResultKeys.UNSERVED_REQUESTS)), "2"));
    assertEquals(2, ((List<?>) s.get(ResultKeys.MERGED_RESULT_SETS)).size());
    assertFalse(Files.exists(out.resolve("sg_a.raw.csv")), "raw.csv is not merged");
    assertTrue(Files.exists(out.resolve("sg_a" + HistogramFile.SUFFIX)));
  }

  /**
   * Parts that started together merge into exactly what one process measuring every request would
   * have written: same distributions, same window files line for line.
   */
  @Test
  void mergedFilesEqualThoseOfOneProcessThatSawEverySample() throws Exception {
    List<SyntheticRun.Sample> a = SyntheticRun.random(5, 3_000, 12);
    List<SyntheticRun.Sample> b = SyntheticRun.random(6, 3_000, 12);
    Path pa = new SyntheticRun().with(a).write(dir.resolve("p1"), "sg");
    Path pb = new SyntheticRun().with(b).write(dir.resolve("p2"), "sg");
    SyntheticRun one = new SyntheticRun().with(a).with(b);
    one.successGetNode = 200;
    one.retriesAddLink = 6;
    one.successAddLink = 40;
    Path single = one.write(dir.resolve("single"), "sg");

    Path out = merged(List.of(pa, pb));
    Map<String, Object> m = SyntheticRun.summary(out);
    Map<String, Object> o = SyntheticRun.summary(single);
    for (String key :
        List.of(
            "Measured Requests",
            "Latency Distribution",
            ResultKeys.INTENDED_START_DISTRIBUTION,
            ResultKeys.SERVICE_TIME_RATE_LIMITED_DISTRIBUTION,
            ResultKeys.DISTRIBUTION_BY_TYPE,
            ResultKeys.STATUS_COUNTS)) {
      assertEquals(o.get(key), m.get(key), key);
    }
    List<?> mp = (List<?>) m.get(ResultKeys.PHASES);
    List<?> op = (List<?>) o.get(ResultKeys.PHASES);
    for (int i = 0; i < op.size(); i++) {
      for (String key :
          List.of("Requests", "Latency Distribution", "Transaction Mix", "Start (seconds)")) {
        assertEquals(map(op.get(i)).get(key), map(mp.get(i)).get(key), "phase " + i + " " + key);
      }
    }
    for (String suffix :
        List.of(".samples.csv", ".results.csv", ".results.GetNode.csv", ".results.AddLink.csv")) {
      assertEquals(
          Files.readString(single.resolve("sg" + suffix)),
          Files.readString(out.resolve("sg" + suffix)),
          suffix);
    }
  }

  @Test
  void windowsAreAlignedByWallClockTime() throws Exception {
    List<SyntheticRun.Sample> a = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      a.add(new SyntheticRun.Sample(GET_NODE.getId(), i * SEC / 20, 1_000, false, 1));
    }
    List<SyntheticRun.Sample> b = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      b.add(new SyntheticRun.Sample(ADD_LINK.getId(), i * SEC / 20, 3_000, false, 1));
    }
    Path pa = new SyntheticRun().with(a).write(dir.resolve("p1"), "sg");
    SyntheticRun late = new SyntheticRun().with(b);
    late.measureStartEpochMillis = SyntheticRun.EPOCH_MS + 5_200; // started 5.2 s later
    Path pb = late.write(dir.resolve("p2"), "sg");

    Path out = merged(List.of(pb, pa));
    List<String> samples = Fixtures.lines(Files.readString(out.resolve("sg.samples.csv")));
    assertTrue(samples.get(1).startsWith("0,10,"), samples.get(1));
    assertTrue(samples.get(6).startsWith("5,7,"), "second 5 holds the later part: " + samples);
    List<String> results = Fixtures.lines(Files.readString(out.resolve("sg.results.csv")));
    assertTrue(results.get(1).startsWith("0,2.000,1.000,"), results.get(1));
    assertTrue(results.get(2).startsWith("5,1.400,3.000,"), results.get(2));
    List<String> addLink = Fixtures.lines(Files.readString(out.resolve("sg.results.AddLink.csv")));
    assertTrue(addLink.get(1).startsWith("0,0.000,"), addLink.get(1));
    assertTrue(addLink.get(2).startsWith("5,1.400,"), addLink.get(2));
    Map<String, Object> s = SyntheticRun.summary(out);
    assertEquals(SyntheticRun.EPOCH_MS - 1000, number(s, "Start timestamp (milliseconds)"));
    assertEquals(15_200_000_000L, number(s, "Elapsed Time (nanoseconds)"));
  }

  // ---- clocks: parts on machines whose clocks disagree -------------------------------------

  /** One GetNode request every 50 ms for {@code n} requests, from the measurement start. */
  private static List<SyntheticRun.Sample> every50ms(int n, int type, long micros) {
    List<SyntheticRun.Sample> s = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      s.add(new SyntheticRun.Sample(type, i * SEC / 20, micros, false, 1));
    }
    return s;
  }

  private static ClockOffset offset(double millis, double uncertaintyMillis) {
    return ClockOffset.measured(
        Math.round(millis * 1000), Math.round(uncertaintyMillis * 1000), "a test's reading");
  }

  @Test
  void partsWhoseClocksDisagreeArePlacedOnTheServerClock() throws Exception {
    // both started at the same instant of the server's clock; p2's clock is 5.2 s fast, so its
    // recorded start is 5.2 s later, and its offset to the server's clock says so
    SyntheticRun first = new SyntheticRun().with(every50ms(10, GET_NODE.getId(), 1_000));
    first.clock = offset(0.4, 0.2);
    SyntheticRun fast = new SyntheticRun().with(every50ms(7, ADD_LINK.getId(), 3_000));
    fast.measureStartEpochMillis = SyntheticRun.EPOCH_MS + 5_200;
    fast.clock = offset(-5_200 + 0.4, 0.3);
    Path p1 = first.write(dir.resolve("p1"), "sg");
    Path p2 = fast.write(dir.resolve("p2"), "sg");
    SyntheticRun.putSummaryKey(p1, "Driver Process", "1/2");
    SyntheticRun.putSummaryKey(p2, "Driver Process", "2/2");

    Path out = dir.resolve("merged");
    ResultSetMerge.Merged m = ResultSetMerge.merge(List.of(p2, p1), out);
    try {
      ResultWriter.writeAll(m.report(), out, m.baseName(), null);
    } finally {
      m.report().measurements().close();
    }
    List<String> samples = Fixtures.lines(Files.readString(out.resolve("sg.samples.csv")));
    assertTrue(samples.get(1).startsWith("0,17,"), "one window holds both: " + samples);
    List<String> results = Fixtures.lines(Files.readString(out.resolve("sg.results.csv")));
    assertTrue(results.get(1).startsWith("0,3.400,"), results.get(1));
    Map<String, Object> s = SyntheticRun.summary(out);
    assertEquals(10_000_000_000L, number(s, "Elapsed Time (nanoseconds)"), "not 15.2 s");
    assertEquals(SyntheticRun.EPOCH_MS - 1000, number(s, "Start timestamp (milliseconds)"));
    // the merged set's times are the server's clock, as uncertain as its least certain part
    Map<String, Object> clock = map(s.get("Clock Offset"));
    assertEquals(0.0, clock.get("Offset (milliseconds)"));
    assertEquals(0.3, clock.get("Uncertainty (milliseconds)"));
    List<?> parts = (List<?>) s.get("Merged Result Sets");
    assertEquals(0.4, map(parts.get(0)).get("Clock Offset (milliseconds)"));
    assertEquals(-5199.6, map(parts.get(1)).get("Clock Offset (milliseconds)"));

    assertEquals(1, m.warnings().size(), m.warnings().toString());
    String w = m.warnings().get(0);
    assertTrue(w.startsWith("the parts' clocks disagree by 5.200 s: "), w);
    assertTrue(w.contains(p2 + " (driver process 2/2) has offset -5199.600 ms ± 0.300"), w);
    assertTrue(w.contains(p1 + " (driver process 1/2) +0.400 ms ± 0.200"), w);
  }

  @Test
  void clocksApartByLessThanTheBoundBeyondTheirUncertaintyAreNotWarnedOf() throws Exception {
    List<String> within = clockWarnings(offset(30, 10), offset(100, 15)); // 70 - 25 <= 50
    assertEquals(List.of(), within);
    List<String> beyond = clockWarnings(offset(0, 0.5), offset(52, 0.5)); // 52 - 1 > 50
    assertEquals(1, beyond.size(), beyond.toString());
    assertTrue(beyond.get(0).startsWith("the parts' clocks disagree by 0.052 s"), beyond.get(0));
  }

  @Test
  void aPartWithoutAnOffsetIsPlacedByItsOwnClockAndNamed() throws Exception {
    List<String> w = clockWarnings(offset(0, 0.5), null);
    assertEquals(1, w.size(), w.toString());
    assertTrue(
        w.get(0)
            .startsWith(
                dir.resolve("b")
                    + " has no clock offset (its summary.json has no \"Clock Offset\": an older"
                    + " result set): its windows are placed by its own clock"),
        w.get(0));
    // SQLite's parts have no offset at all: nothing to warn of, the set says why
    ClockOffset sqlite = ClockOffset.notMeasured("not measured: SQLite has no server");
    assertEquals(List.of(), clockWarnings(sqlite, sqlite));
    Map<String, Object> clock = map(SyntheticRun.summary(dir.resolve("out")).get("Clock Offset"));
    assertEquals("not measured: SQLite has no server", clock.get("Not Measured"));
  }

  @Test
  void aMalformedOffsetIsRefused() throws Exception {
    Path a = part("a", new SyntheticRun());
    Path b = part("b", new SyntheticRun());
    SyntheticRun.putSummaryKey(b, "Clock Offset", Map.of("Offset (milliseconds)", "soon"));
    String m = refusal(List.of(a, b));
    assertTrue(m.startsWith(b + ": \"Clock Offset\" in summary.json has "), m);
  }

  /** The warnings of a merge of two parts with these offsets, merged into {@code out}. */
  private List<String> clockWarnings(ClockOffset a, ClockOffset b) throws Exception {
    for (String name : List.of("a", "b", "out")) {
      Path p = dir.resolve(name);
      if (Files.exists(p)) {
        try (var files = Files.walk(p)) {
          files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
      }
    }
    SyntheticRun ra = new SyntheticRun();
    ra.clock = a;
    SyntheticRun rb = new SyntheticRun();
    rb.clock = b;
    Path out = dir.resolve("out");
    ResultSetMerge.Merged m = ResultSetMerge.merge(List.of(part("a", ra), part("b", rb)), out);
    try {
      ResultWriter.writeAll(m.report(), out, m.baseName(), null);
    } finally {
      m.report().measurements().close();
    }
    return m.warnings();
  }

  // ---- refusals: one line naming the difference ------------------------------------------

  private String refusal(List<Path> parts) {
    MergeRefused e =
        assertThrows(MergeRefused.class, () -> ResultSetMerge.merge(parts, dir.resolve("out")));
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    return e.getMessage();
  }

  private Path part(String name, SyntheticRun run) throws Exception {
    return run.with(SyntheticRun.random(name.hashCode(), 200, 4)).write(dir.resolve(name), name);
  }

  /** Runs that differ from a default run in one setting, and what the refusal says of it. */
  static Stream<Arguments> runsThatDifferInOneSetting() {
    return Stream.of(
        arguments(
            named("benchmark", (Consumer<SyntheticRun>) r -> r.benchmark = "tpcc"),
            "different benchmark: tpcc, but socialgraph"),
        arguments(
            named("DBMS type", (Consumer<SyntheticRun>) r -> r.dbmsType = "POSTGRES"),
            "different DBMS type: POSTGRES, but SQLITE"),
        arguments(
            named("window length", (Consumer<SyntheticRun>) r -> r.windowSeconds = 10),
            "different window length (-s, seconds): 10, but 5"));
  }

  @ParameterizedTest
  @MethodSource("runsThatDifferInOneSetting")
  void refusesARunThatDiffersInOneSetting(Consumer<SyntheticRun> differ, String says)
      throws Exception {
    SyntheticRun other = new SyntheticRun();
    differ.accept(other);
    String m = refusal(List.of(part("a", new SyntheticRun()), part("b", other)));
    assertTrue(m.contains(says), m);
  }

  @Test
  void refusesADifferentConfiguration() throws Exception {
    SyntheticRun other = new SyntheticRun();
    other.terminals = "8";
    Path a = part("a", new SyntheticRun());
    Path b = part("b", other);
    String m = refusal(List.of(a, b));
    assertTrue(m.endsWith(": different configuration: <terminals>: 8 in " + b + ", 4 in " + a), m);

    // without the config.xml to compare, the digest is all there is to name
    try (var files = Files.list(b)) {
      Files.delete(
          files.filter(f -> f.toString().endsWith(".config.xml")).findFirst().orElseThrow());
    }
    m = refusal(List.of(a, b));
    assertTrue(m.contains("different configuration (config.xml digest)"), m);
  }

  @Test
  void refusesADirectoryWithoutAResultSet() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    String m = refusal(List.of(part("a", new SyntheticRun()), empty));
    assertTrue(m.startsWith(empty + ": no result set"), m);
    String missing = refusal(List.of(part("b", new SyntheticRun()), dir.resolve("nowhere")));
    assertTrue(missing.contains("nowhere: no such directory"), missing);
  }

  @Test
  void refusesAResultSetWithoutHistograms() throws Exception {
    Path b = part("b", new SyntheticRun());
    Files.delete(b.resolve("b" + HistogramFile.SUFFIX));
    String m = refusal(List.of(part("a", new SyntheticRun()), b));
    assertTrue(m.contains("has no b" + HistogramFile.SUFFIX), m);
  }

  @Test
  void refusesTheSameResultSetTwice() throws Exception {
    Path a = part("a", new SyntheticRun());
    String m = refusal(List.of(a, a));
    assertTrue(m.contains("the same result set as " + a), m);
    Path copy = Files.createDirectories(dir.resolve("copy"));
    try (var files = Files.list(a)) {
      for (Path f : files.toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    String copied = refusal(List.of(a, copy));
    assertTrue(copied.contains("identical histogram files"), copied);
  }

  @Test
  void refusesToWriteIntoAPartsDirectory() throws Exception {
    Path a = part("a", new SyntheticRun());
    Path b = part("b", new SyntheticRun());
    MergeRefused e = assertThrows(MergeRefused.class, () -> ResultSetMerge.merge(List.of(a, b), b));
    assertTrue(e.getMessage().contains("is in the output directory"), e.getMessage());
  }

  @Test
  void refusesDriverProcessesThatDoNotMakeOneRun() throws Exception {
    Path a = part("a", new SyntheticRun());
    Path b = part("b", new SyntheticRun());
    Path c = part("c", new SyntheticRun());
    SyntheticRun.putSummaryKey(a, "Driver Process", "1/3");
    SyntheticRun.putSummaryKey(b, "Driver Process", "2/3");
    String missing = refusal(List.of(a, b));
    assertTrue(missing.contains("driver process 3/3 missing"), missing);

    SyntheticRun.putSummaryKey(c, "Driver Process", "2/3");
    String twice = refusal(List.of(a, b, c));
    assertTrue(twice.contains("driver process 2/3 again"), twice);

    SyntheticRun.putSummaryKey(c, "Driver Process", "2/2");
    String otherN = refusal(List.of(a, c));
    assertTrue(otherN.contains("a different number of driver processes"), otherN);

    SyntheticRun.putSummaryKey(c, "Driver Process", null);
    String none = refusal(List.of(a, b, c));
    assertTrue(none.contains("has no driver process number"), none);

    SyntheticRun.putSummaryKey(c, "Driver Process", "3/3");
    Path out = merged(List.of(c, b, a));
    assertTrue(Files.exists(out.resolve("a.summary.json")), "named after driver process 1");
    assertEquals(600L, number(SyntheticRun.summary(out), "Measured Requests"));
  }
}
