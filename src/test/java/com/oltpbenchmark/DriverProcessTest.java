package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.results.ResultSetMerge;
import com.oltpbenchmark.testutil.ResultFiles;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.util.ProcessClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several driver processes sharing one benchmark: {@code --driver k/N} (or {@code <driverProcess>})
 * and {@code --start-at}, their refusals, and two real processes on PostgreSQL started together.
 */
class DriverProcessTest {

  @TempDir Path dir;

  @Test
  void kOfNIsParsedAndCheckedForRange() {
    assertEquals(new DriverProcess(2, 3), DriverProcess.parse(" 2/3 "));
    assertEquals("1/1", DriverProcess.parse("1/1").toString());
    assertFalse(DriverProcess.parse("1/1").shared());
    assertTrue(DriverProcess.parse("1/2").shared());
    for (String bad : new String[] {"0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "", "-1/2"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> DriverProcess.parse(bad), bad);
      assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
    }
  }

  @Test
  void badValuesAndSetupStepsAreRefusedBeforeAnythingIsTouched() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "sg_driver_refusals");
    Path config = CliRun.sampleConfig(dir, "sqlite", db, "0.01");
    Path results = dir.resolve("results");
    refused(CliRun.socialgraph(config, results, "--execute", "--driver", "3/2"), "--driver '3/2'");
    refused(
        CliRun.socialgraph(config, results, "--execute", "--start-at", "2020-01-01T00:00:00Z"),
        "is in the past");
    refused(
        CliRun.socialgraph(config, results, "--execute", "--start-at", "tomorrow"),
        "--start-at expects an ISO-8601 instant");
    refused(
        CliRun.socialgraph(config, results, "--create", "--load", "--driver", "1/2"),
        "--create and --clear are refused for driver process 1/2");
    String xml =
        Files.readString(config)
            .replace("</terminals>", "</terminals>\n<driverProcess>2/2</driverProcess>");
    Path withElement = Files.writeString(dir.resolve("with-element.xml"), xml);
    refused(
        CliRun.socialgraph(withElement, results, "--execute", "--driver", "1/2"),
        "--driver 1/2 differs from <driverProcess>2/2");
    assertFalse(
        Files.exists(Path.of(db.url.substring("jdbc:sqlite:".length()))),
        "no database was created");
  }

  private static void refused(CliRun r, String expected) {
    assertEquals(DBWorkload.EXIT_USAGE, r.code, r.err);
    assertTrue(r.err.contains(expected), r.err);
  }

  /**
   * The two processes' clocks, as if on two machines: process 1's 10 s slow, process 2's 10 s fast
   * ({@link ProcessClock#SKEW_PROPERTY}), so that a start or a merge by their own clocks would put
   * them 20 s apart.
   */
  private static final long[] CLOCK_SKEW_MILLIS = {-10_000, 10_000};

  @Test
  void twoProcessesStartTogetherAndLeaveTheAuditToOneRunAfterThem() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_driver_two");
    String xml =
        Files.readString(Path.of("config", "postgres", "sample_taobench_config.xml"))
            .replaceFirst("<url>[^<]*</url>", "<url>" + db.url.replace("&", "&amp;") + "</url>")
            .replaceFirst("<scalefactor>[^<]*</scalefactor>", "<scalefactor>0.1</scalefactor>")
            .replaceAll("<warmup>\\d+</warmup>", "<warmup>0</warmup>")
            .replaceAll("<time>\\d+</time>", "<time>3</time>");
    Path config = Files.writeString(dir.resolve("tao.xml"), xml);
    CliRun setup = CliRun.socialgraphProcess(config, dir.resolve("setup"), "--create", "--load");
    assertEquals(0, setup.code, setup.out);

    // time enough for both JVMs to start and build their workers, even on a slow machine
    Instant start = Instant.now().plusSeconds(25);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<Future<CliRun>> runs = new ArrayList<>();
    try {
      for (int k = 1; k <= 2; k++) {
        String driver = k + "/2";
        Path results = dir.resolve("p" + k);
        List<String> clock =
            List.of("-D" + ProcessClock.SKEW_PROPERTY + "=" + CLOCK_SKEW_MILLIS[k - 1]);
        runs.add(
            pool.submit(
                () ->
                    CliRun.socialgraphProcess(
                        clock,
                        config,
                        results,
                        "--execute",
                        "--driver",
                        driver,
                        "--start-at",
                        start.toString())));
      }
      long[] began = new long[2];
      for (int k = 1; k <= 2; k++) {
        CliRun r = runs.get(k - 1).get();
        assertEquals(0, r.code, r.out);
        assertTrue(r.out.contains("the audit is not run here"), r.out);
        assertTrue(r.out.contains("(--start-at) by the database server's clock"), r.out);
        JSONObject summary = summary(dir.resolve("p" + k));
        assertEquals(k + "/2", summary.getString("Driver Process"));
        // when it really began: its own clock's record less the skew given to its clock
        long recorded = summary.getLong("Start timestamp (milliseconds)");
        began[k - 1] = recorded - CLOCK_SKEW_MILLIS[k - 1];
        assertTrue(
            began[k - 1] >= start.toEpochMilli() && began[k - 1] < start.toEpochMilli() + 5_000,
            "process " + k + " began at " + began[k - 1] + ", asked for " + start.toEpochMilli());
        assertTrue(summary.getLong("Measured Requests") > 0);
        assertFalse(summary.has("Audit"), "no audit in a shared run's summary");
        // the server runs on this machine's clock: the offset is minus the skew, within its bound
        JSONObject clock = summary.getJSONObject("Clock Offset");
        double offset = clock.getDouble("Offset (milliseconds)");
        double uncertainty = clock.getDouble("Uncertainty (milliseconds)");
        assertTrue(uncertainty < 1_000, clock.toString());
        // plus the millisecond of the recorded start and a scheduling pause between two reads
        assertEquals(-CLOCK_SKEW_MILLIS[k - 1], offset, uncertainty + 25, clock.toString());
        assertTrue(
            clock.getString("Method").startsWith("POSTGRES clock_timestamp(): "), clock.toString());
      }
      // together at one instant of the server's clock, not 20 s apart as their own clocks had it;
      // the margin holds two JVMs waking on a busy 2-core machine
      assertEquals(began[0], began[1], 2_000, "the processes began apart");
    } finally {
      pool.shutdownNow();
    }
    List<Path> both = List.of(dir.resolve("p1"), dir.resolve("p2"));
    ResultSetMerge.Merged clocks = ResultSetMerge.merge(both, dir.resolve("merged-warnings"));
    clocks.report().measurements().close();
    assertEquals(1, clocks.warnings().size(), clocks.warnings().toString());
    assertTrue(
        clocks.warnings().get(0).startsWith("the parts' clocks disagree by 20.0"),
        clocks.warnings().get(0));
    assertTrue(
        clocks.warnings().get(0).contains(dir.resolve("p2") + " (driver process 2/2) has offset"),
        clocks.warnings().get(0));
    Path merged = dir.resolve("merged");
    CliRun merge = CliRun.merge(merged, dir.resolve("p1"), dir.resolve("p2"));
    assertEquals(0, merge.code, merge.err);
    JSONObject whole = summary(merged);
    // windows on the server's clock: the 3 s phase spans about 3 s, not the 23 s of the clocks
    long partElapsed =
        Math.max(
            summary(dir.resolve("p1")).getLong("Elapsed Time (nanoseconds)"),
            summary(dir.resolve("p2")).getLong("Elapsed Time (nanoseconds)"));
    long mergedElapsed = whole.getLong("Elapsed Time (nanoseconds)");
    assertTrue(
        mergedElapsed < partElapsed + 2_000_000_000L,
        "merged " + mergedElapsed + " ns, parts " + partElapsed + " ns");
    assertTrue(
        Files.readAllLines(ResultFiles.only(merged, ".samples.csv")).size() <= 7,
        "a row per second of about 3 s, not 23");
    assertEquals(
        summary(dir.resolve("p1")).getLong("Measured Requests")
            + summary(dir.resolve("p2")).getLong("Measured Requests"),
        whole.getLong("Measured Requests"));
    assertEquals(2, whole.getJSONArray("Merged Result Sets").length());
    // the merged p99 is the pooled samples' p99 (raw.csv holds every measured sample) by the
    // runtime's nearest-rank rule, up to the histogram's bucket; HdrHistogram's own rule may pick
    // the next sample, which in a sparse tail on a loaded machine was 6 % higher
    List<Long> pooled = new ArrayList<>();
    for (int k = 1; k <= 2; k++) {
      pooled.addAll(rawLatencies(dir.resolve("p" + k)));
    }
    assertEquals(whole.getLong("Measured Requests"), pooled.size());
    pooled.sort(null);
    long exact = pooled.get(Math.min((int) (0.99 * pooled.size()), pooled.size() - 1));
    long p99 =
        whole
            .getJSONObject("Latency Distribution")
            .getLong("99th Percentile Latency (microseconds)");
    assertTrue(p99 >= exact && p99 <= exact + exact / 500 + 1, p99 + " µs, pooled " + exact);
    CliRun audit = CliRun.socialgraphProcess(config, dir.resolve("audit"), "--audit");
    assertEquals(0, audit.code, audit.out);

    // a driver process run with another config: the merge names the elements, not a digest
    Path other =
        Files.writeString(
            dir.resolve("tao-other.xml"),
            xml.replaceFirst("<terminals>\\d+</terminals>", "<terminals>3</terminals>")
                .replaceFirst("<scalefactor>[^<]*</scalefactor>", "<scalefactor>0.2</scalefactor>")
                .replaceAll("<time>\\d+</time>", "<time>1</time>"));
    CliRun p3 =
        CliRun.socialgraph(
            other, dir.resolve("p3"), "--execute", "--driver", "2/2", "--graph-check=false");
    assertEquals(0, p3.code, p3.err);
    CliRun refused = CliRun.merge(dir.resolve("refused"), dir.resolve("p1"), dir.resolve("p3"));
    String line = refused.endedWithOneLine(ExitCodes.CONFIG);
    String p1 = dir.resolve("p1").toString();
    String p3Label = dir.resolve("p3").toString();
    assertTrue(
        line.startsWith("benchbase: cannot merge: " + p3Label + ": different configuration: "),
        line);
    assertTrue(line.contains("<scalefactor>: 0.2 in " + p3Label + ", 0.1 in " + p1), line);
    assertTrue(line.contains("<terminals>: 3 in " + p3Label + ", 8 in " + p1), line);
    assertFalse(line.contains("digest"), line);
  }

  private static List<Long> rawLatencies(Path results) throws IOException {
    return Files.readAllLines(ResultFiles.only(results, ".raw.csv")).stream()
        .skip(1)
        .map(line -> Long.parseLong(line.split(",")[3]))
        .toList();
  }

  static JSONObject summary(Path results) throws IOException {
    return new JSONObject(Files.readString(ResultFiles.only(results, ".summary.json")));
  }
}
