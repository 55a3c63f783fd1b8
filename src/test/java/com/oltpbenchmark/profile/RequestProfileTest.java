package com.oltpbenchmark.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oltpbenchmark.util.Histogram;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table of several profiles, and a real recording read into a profile. */
class RequestProfileTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static JsonNode profile(String label, long requests, RequestPart part, long bytes) {
    PartProfile p = new PartProfile(0, 10);
    String frame =
        switch (part) {
          case JDBC -> "org.postgresql.core.PGStream#receiveTupleV3";
          case MEASUREMENT -> "org.HdrHistogram.AbstractHistogram#recordValue";
          default -> throw new IllegalArgumentException(part.name());
        };
    p.cpuSample("SocialGraphWorker<000>", 1, PartRulesTest.stack(frame));
    p.allocation("SocialGraphWorker<000>", 1, "[B", bytes, PartRulesTest.stack(frame));
    return JSON.valueToTree(p.toMap(label, requests));
  }

  @Test
  void theTableHasARowPerPartThatAnyProfileUsesAndAColumnPerProfile() {
    String table =
        RequestProfile.table(
            List.of(
                profile("PG Read", 100, RequestPart.JDBC, 150_000),
                profile("PG Write", 10, RequestPart.MEASUREMENT, 1_000)));
    List<String> lines = table.lines().toList();
    assertEquals("| Part (CPU share · bytes/request) | PG Read | PG Write |", lines.get(0));
    assertEquals("|---|---|---|", lines.get(1));
    assertEquals(
        "| JDBC driver (and the JDK's socket code under it) | 100 % · 1,500 B | 0 % · 0 B |",
        lines.get(2));
    assertEquals(
        "| measurement (latency and status counts) | 0 % · 0 B | 100 % · 100 B |", lines.get(3));
    assertEquals("| **all parts** | 100 % · 1,500 B | 100 % · 100 B |", lines.get(4));
    assertEquals(
        "| requests in the window · terminals' CPU samples | 100 · 1 | 10 · 1 |", lines.get(5));
    assertEquals(6, lines.size(), table);
  }

  /** Allocations of a terminal-named thread in a real recording land in their part. */
  @Test
  void readsARecordingsAllocationSamples() throws Exception {
    Path file = dir.resolve("rec.jfr");
    long from;
    long to;
    try (Recording r = new Recording()) {
      r.enable(JfrSamples.ALLOCATION).with("throttle", "100000/s").withStackTrace();
      r.enable(JfrSamples.EXECUTION).withPeriod(Duration.ofMillis(10));
      r.start();
      from = System.currentTimeMillis();
      Thread t =
          new Thread(
              () -> {
                // a new key per put: the status counts' map grows, which allocates
                for (int round = 0; round < 20; round++) {
                  Histogram<Integer> h = new Histogram<>();
                  for (int i = 0; i < 20_000; i++) {
                    h.put(i);
                  }
                }
              },
              "SocialGraphWorker<001>");
      t.start();
      t.join();
      to = System.currentTimeMillis() + 1;
      r.stop();
      r.dump(file);
    }
    PartProfile p = new PartProfile(from, to);
    assertTrue(JfrSamples.read(file, p) > 0, "no sample read");
    Map<String, Object> m = p.toMap("real", 1);
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> parts = (Map<String, Map<String, Object>>) m.get("parts");
    double measured = (Double) parts.get(RequestPart.MEASUREMENT.name()).get("bytes per request");
    // 400,000 tree entries of 40 bytes at least, most of them sampled into the histogram's part
    assertTrue(measured > 8_000_000, "bytes in measurement: " + measured + " of " + m);
    assertTrue(measured > 0.5 * p.terminalBytes(), m.toString());
  }
}
