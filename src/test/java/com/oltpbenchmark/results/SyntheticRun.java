package com.oltpbenchmark.results;

import static com.oltpbenchmark.results.Fixtures.ADD_LINK;
import static com.oltpbenchmark.results.Fixtures.GET_NODE;
import static com.oltpbenchmark.results.Fixtures.MS;
import static com.oltpbenchmark.results.Fixtures.SEC;
import static com.oltpbenchmark.results.Fixtures.US;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.Phase;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.results.RunReport.PhaseSettings;
import com.oltpbenchmark.results.RunReport.Workload;
import com.oltpbenchmark.testutil.ResultFiles;
import com.oltpbenchmark.types.TransactionStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A driver process's run built without the engine: a collector fed known samples and a report
 * around it, written through the real {@link ResultWriter}. Settings are fields so a test can make
 * one part differ from the others.
 */
final class SyntheticRun {
  static final long ORIGIN = 9_000 * SEC;
  static final long EPOCH_MS = 1_795_300_000_000L;

  /** One measured request: offsets from the measurement start, latency in whole microseconds. */
  record Sample(int type, long startNanos, long latencyMicros, boolean rateLimited, int phase) {}

  String benchmark = "socialgraph";
  String dbmsType = "SQLITE";
  String terminals = "4";
  int windowSeconds = 5;
  long measureStartEpochMillis = EPOCH_MS;

  /** The run's offset to the database server's clock; null: a summary without the key. */
  ClockOffset clock;

  long successGetNode = 100;
  long retriesAddLink = 3;
  long successAddLink = 20;
  final List<Sample> samples = new ArrayList<>();

  /**
   * {@code n} samples over {@code seconds} seconds: GetNode and AddLink, latencies log-uniform from
   * 50 us to 200 ms (so above 2,048 us the histogram rounds), the first half of the time in phase 1
   * unlimited, the second in phase 2 rate-limited.
   */
  static List<Sample> random(long seed, int n, int seconds) {
    Random r = new Random(seed);
    List<Sample> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long start = (long) (r.nextDouble() * seconds * SEC);
      long micros = (long) Math.exp(Math.log(50) + r.nextDouble() * Math.log(200_000 / 50.0));
      boolean second = start >= seconds * SEC / 2;
      int type = r.nextInt(3) == 0 ? ADD_LINK.getId() : GET_NODE.getId();
      out.add(new Sample(type, start, micros, second, second ? 2 : 1));
    }
    return out;
  }

  SyntheticRun with(List<Sample> s) {
    samples.addAll(s);
    return this;
  }

  MeasurementCollector collector() {
    MeasurementCollector c = new MeasurementCollector(windowSeconds, false);
    c.beginMeasurement(ORIGIN, measureStartEpochMillis);
    int worker = 0;
    for (Sample s : samples) {
      long start = ORIGIN + s.startNanos();
      long end = start + s.latencyMicros() * US;
      long intended = s.rateLimited() ? start - 2 * MS : MeasurementCollector.NOT_RATE_LIMITED;
      c.record(s.type(), start, end, intended, worker++ % 4, s.phase());
    }
    return c;
  }

  RunReport report() throws Exception {
    String xml =
        ReportBuilder.configXml("SQLITE", "jdbc:sqlite:/tmp/part.db")
            .replace("<terminals>4</terminals>", "<terminals>" + terminals + "</terminals>");
    List<TransactionType> configured = Fixtures.TYPES;
    List<TransactionType> withInvalid = new ArrayList<>();
    withInvalid.add(TransactionType.INVALID);
    withInvalid.addAll(configured);
    List<PhaseSettings> phases =
        List.of(
            new PhaseSettings(
                1,
                4,
                5,
                0,
                0,
                Phase.Arrival.REGULAR,
                false,
                false,
                false,
                true,
                List.of(70.0, 30.0, 0.0)),
            new PhaseSettings(
                2,
                4,
                5,
                0,
                500,
                Phase.Arrival.REGULAR,
                true,
                false,
                false,
                true,
                List.of(70.0, 30.0, 0.0)));
    return RunReport.builder()
        .benchmarkArgument(benchmark)
        .dbmsType(dbmsType)
        .finalState("EXIT")
        .startTimestampMillis(measureStartEpochMillis - 1000)
        .elapsedNanos(10 * SEC)
        .configuration(ReportBuilder.parse(xml))
        .transactionTypes(configured)
        .addStatusCount(GET_NODE, TransactionStatus.SUCCESS, successGetNode)
        .addStatusCount(ADD_LINK, TransactionStatus.SUCCESS, successAddLink)
        .addStatusCount(ADD_LINK, TransactionStatus.RETRY, retriesAddLink)
        .addErrorStates(ADD_LINK, Map.of("40001", retriesAddLink))
        .addAbortMessages(GET_NODE, Map.of("missing", 1L))
        .addUnservedRequests(1, 0L)
        .addUnservedRequests(2, 5L)
        .addWorkload(new Workload(benchmark, withInvalid, phases))
        .measurements(collector())
        .clockOffset(clock)
        .build();
  }

  /** Writes the result set into {@code dir} with {@code base} and returns {@code dir}. */
  Path write(Path dir, String base) throws Exception {
    RunReport r = report();
    try {
      ResultWriter.writeAll(r, dir, base, null);
    } finally {
      r.measurements().close();
    }
    return dir;
  }

  // ---- reading result files back ---------------------------------------------------------

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The only summary.json in {@code dir}, parsed. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> summary(Path dir) throws Exception {
    return JSON.readValue(only(dir, ".summary.json").toFile(), LinkedHashMap.class);
  }

  /** Sets a top-level key of the only summary.json in {@code dir}. */
  static void putSummaryKey(Path dir, String key, Object value) throws Exception {
    Map<String, Object> s = summary(dir);
    s.put(key, value);
    JSON.writeValue(only(dir, ".summary.json").toFile(), s);
  }

  static Path only(Path dir, String suffix) throws Exception {
    return ResultFiles.only(dir, suffix);
  }
}
