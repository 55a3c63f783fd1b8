package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.testbench.TinyWorker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junitpioneer.jupiter.RetryingTest;

/** -b a,b runs both workloads at once, each with its @bench settings. */
class MultiBenchmarkTest {
  @TempDir Path dir;

  @RetryingTest(3)
  void twoBenchmarksRunConcurrentlyWithTheirOwnSettings() throws Exception {
    String body =
        "<loaderThreads>1</loaderThreads>"
            + "<terminals bench=\"testbench\">1</terminals><terminals bench=\"testbench2\">2</terminals>"
            + "<works><work><time>2</time>"
            + "<rate bench=\"testbench\">20</rate><rate bench=\"testbench2\">30</rate>"
            + "<weights bench=\"testbench\">100</weights><weights bench=\"testbench2\">100</weights>"
            + "</work></works>"
            + "<transactiontypes bench=\"testbench\"><transactiontype><name>Noop</name>"
            + "</transactiontype></transactiontypes>"
            + "<transactiontypes bench=\"testbench2\"><transactiontype><name>NoopB</name>"
            + "</transactiontype></transactiontypes>";
    Path cfg = EngineHarness.sqliteConfig(dir, "bb_r1_multi", body);
    assertEquals(
        0,
        DBWorkload.run(
            new String[] {
              "-b", "testbench", "-c", cfg.toString(), "--create=true", "--load=true"
            }));
    TinyWorker.EVENTS.clear();
    Path out = dir.resolve("out");
    assertEquals(
        0,
        DBWorkload.run(
            new String[] {
              "-b",
              "testbench,testbench2",
              "-c",
              cfg.toString(),
              "--execute=true",
              "-d",
              out.toString()
            }));
    Map<Long, Integer> perType = new HashMap<>();
    for (long[] e : TinyWorker.EVENTS) {
      perType.merge(e[0], 1, Integer::sum);
    }
    // ids continue across benchmarks: Noop is 1, NoopB (second benchmark) is 2
    assertEquals(40, perType.getOrDefault(1L, 0), 1);
    assertEquals(60, perType.getOrDefault(2L, 0), 1);
    try (var files = Files.list(out)) {
      var names = files.map(p -> p.getFileName().toString()).toList();
      assertTrue(
          names.stream()
              .anyMatch(
                  n -> n.startsWith("testbench-testbench2_") && n.endsWith(".results.NoopB.csv")),
          names.toString());
    }
  }
}
