package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.testbench.TinyWorker;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.TransactionStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.configuration2.XMLConfiguration;

/**
 * Drives the test benchmark through the engine without the CLI: XML text in, the run's outcome,
 * workers and recorded events out.
 */
final class EngineHarness {
  private EngineHarness() {}

  /** A complete workload XML for {@code db} around the given body elements. */
  static String xml(TestDatabase db, String body) {
    return "<?xml version=\"1.0\"?>\n<parameters>\n"
        + "  <type>"
        + db.type
        + "</type>\n"
        + "  <driver>"
        + db.driver
        + "</driver>\n"
        + "  <url>"
        + db.url.replace("&", "&amp;")
        + "</url>\n"
        + (db.username == null ? "" : "  <username>" + db.username + "</username>\n")
        + (db.password == null ? "" : "  <password>" + db.password + "</password>\n")
        + body
        + "\n</parameters>\n";
  }

  /** {@code <name>value</name>}. */
  static String element(String name, Object value) {
    return "<" + name + ">" + value + "</" + name + ">";
  }

  /** transactiontypes for the given procedure names, in order. */
  static String types(String... names) {
    StringBuilder sb = new StringBuilder("<transactiontypes>");
    for (String n : names) {
      sb.append("<transactiontype><name>").append(n).append("</name></transactiontype>");
    }
    return sb.append("</transactiontypes>").toString();
  }

  /** A single work phase: {@code time} seconds at {@code rate} with the given weights. */
  static String oneWork(Object time, Object rate, String weights) {
    return "<works><work>"
        + element("time", time)
        + element("rate", rate)
        + element("weights", weights)
        + "</work></works>";
  }

  /**
   * Writes the workload XML of {@code body} for a fresh SQLite database {@code name} into {@code
   * name.xml}, for tests that only reach the database through the run.
   */
  static Path sqliteConfig(Path dir, String name, String body) throws IOException {
    return write(dir, name + ".xml", xml(TestDatabase.sqlite(dir, name), body));
  }

  /**
   * The reader of a configuration that has only a type and {@code elements}, for tests of how one
   * setting is read.
   */
  static WorkloadConfigReader readerOf(Path dir, String elements) throws Exception {
    Path f =
        write(dir, "settings.xml", "<parameters><type>SQLITE</type>" + elements + "</parameters>");
    return WorkloadConfigReader.of(f.toString(), WorkloadConfigReader.load(f.toString()));
  }

  static Path write(Path dir, String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, text.getBytes(StandardCharsets.UTF_8));
    return p;
  }

  /** What one engine run produced. */
  static final class Run {
    ThreadBench.Outcome outcome;
    List<Worker<? extends BenchmarkModule>> workers;
    MeasurementCollector collector;
    WorkloadConfiguration conf;
    BenchmarkModule module;
    List<long[]> events;

    long count(TransactionStatus status) {
      long n = 0;
      for (Worker<? extends BenchmarkModule> w : workers) {
        n += w.getTransactionHistogram(status).getSampleCount();
      }
      return n;
    }

    /** Events of one transaction type id. */
    List<long[]> eventsOf(int typeId) {
      List<long[]> out = new ArrayList<>();
      for (long[] e : events) {
        if (e[0] == typeId) {
          out.add(e);
        }
      }
      return out;
    }
  }

  /**
   * Reads {@code xmlFile} as DBWorkload does for {@code -b testbench} (globals, transaction types,
   * phases) and returns the test benchmark built on it; its configuration is not yet init()ed.
   */
  static BenchmarkModule testbench(Path xmlFile) throws Exception {
    XMLConfiguration xml = WorkloadConfigReader.load(xmlFile.toString());
    WorkloadConfigReader reader = WorkloadConfigReader.of(xmlFile.toString(), xml);
    WorkloadConfiguration wc = reader.readGlobals("testbench");
    BenchmarkModule module =
        Plugins.instantiate("com.oltpbenchmark.benchmarks.testbench.TinyBenchmark", wc);
    reader.readTransactionTypes(wc, module, 0, true);
    reader.readPhases(wc);
    return module;
  }

  /** Creates and loads the database, then executes the workload of {@code xmlFile}. */
  static Run run(Path xmlFile) throws Exception {
    return run(xmlFile, ThreadBench.SETUP_TIMEOUT_MS);
  }

  /** As {@link #run(Path)} with a shorter limit for the terminals' setup. */
  static Run run(Path xmlFile, long setupTimeoutMs) throws Exception {
    return run(xmlFile, setupTimeoutMs, bench -> {});
  }

  /** As {@link #run(Path)}, with {@code configure} applied to the run's ThreadBench first. */
  static Run run(Path xmlFile, java.util.function.Consumer<ThreadBench> configure)
      throws Exception {
    return run(xmlFile, ThreadBench.SETUP_TIMEOUT_MS, configure);
  }

  private static Run run(
      Path xmlFile, long setupTimeoutMs, java.util.function.Consumer<ThreadBench> configure)
      throws Exception {
    BenchmarkModule module = testbench(xmlFile);
    WorkloadConfiguration wc = module.getWorkloadConfiguration();
    wc.init();
    module.createDatabase();
    module.refreshCatalog();
    module.loadDatabase();
    Run run = new Run();
    run.conf = wc;
    run.module = module;
    TinyWorker.EVENTS.clear();
    run.workers = module.makeWorkers();
    run.collector = new MeasurementCollector(1, false);
    ThreadBench bench = new ThreadBench(run.workers, List.of(wc), run.collector, 0);
    bench.setSetupTimeoutMs(setupTimeoutMs);
    configure.accept(bench);
    run.outcome = bench.run();
    run.events = new ArrayList<>(TinyWorker.EVENTS);
    run.events.sort((a, b) -> Long.compare(a[2], b[2]));
    run.collector.close();
    return run;
  }
}
