package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.results.MeasurementCollector;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;
import org.junit.jupiter.api.io.TempDir;
import org.junitpioneer.jupiter.RetryingTest;

/** -im N logs the throughput of the last N ms while the run goes on. */
class IntervalMonitorTest {
  @TempDir Path dir;

  @RetryingTest(3)
  void logsThroughputEveryInterval() throws Exception {
    String body =
        "<terminals>1</terminals>"
            + EngineHarness.oneWork(2, 100, "100")
            + EngineHarness.types("Noop");
    Path cfg = EngineHarness.sqliteConfig(dir, "bb_r1_monitor", body);
    BenchmarkModule module = EngineHarness.testbench(cfg);
    WorkloadConfiguration wc = module.getWorkloadConfiguration();
    module.createDatabase();
    module.refreshCatalog();
    StringWriter log = new StringWriter();
    Logger logger = Logger.getLogger(ThreadBench.class);
    WriterAppender appender = new WriterAppender(new PatternLayout("%m%n"), log);
    Level old = logger.getLevel();
    logger.setLevel(Level.INFO);
    logger.addAppender(appender);
    try {
      List<Worker<? extends BenchmarkModule>> workers = module.makeWorkers();
      MeasurementCollector collector = new MeasurementCollector(1, false);
      new ThreadBench(workers, List.of(wc), collector, 500).run();
      collector.close();
    } finally {
      logger.removeAppender(appender);
      logger.setLevel(old);
    }
    List<Double> rates = new ArrayList<>();
    Matcher m = Pattern.compile("Throughput: ([0-9.]+) txn/sec").matcher(log.toString());
    while (m.find()) {
      rates.add(Double.parseDouble(m.group(1)));
    }
    assertTrue(rates.size() >= 3, "about one line per 500 ms over 2 s: " + rates);
    // the intervals run at the configured 100/s on average; one interval alone can be far off on
    // a busy machine, where a stalled terminal catches up on its schedule in the next interval
    double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    assertTrue(Math.abs(mean - 100) <= 50, "interval throughput " + rates);
    assertTrue(rates.stream().allMatch(r -> r >= 0 && r <= 400), "interval throughput " + rates);
  }
}
