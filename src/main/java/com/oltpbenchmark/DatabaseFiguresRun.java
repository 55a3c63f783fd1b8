package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.collectors.database.CounterReader;
import com.oltpbenchmark.api.collectors.database.DatabaseCounters;
import com.oltpbenchmark.api.collectors.database.DatabaseFigures;
import com.oltpbenchmark.api.collectors.database.DatabaseSampler;
import com.oltpbenchmark.api.collectors.resources.DriverResources;
import com.oltpbenchmark.api.collectors.resources.ProcessResources;
import com.oltpbenchmark.api.collectors.resources.ServerProcess;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.results.PhaseStats;
import com.oltpbenchmark.types.State;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The database sampler of one run as a side collector: started before the first phase, finished
 * after the workers have ended, turned into the report's {@link DatabaseFigures}. Its readings are
 * timed by the sampler's own thread (each phase change it sees and each results window), not by the
 * collectors' shared thread: a reading waits on the database, which must never delay another
 * collector. Of several driver processes only process 1 samples, since the counters are the
 * database's and would otherwise be counted once per process.
 */
final class DatabaseFiguresRun implements RunCollector {
  private static final Logger LOG = LoggerFactory.getLogger(DatabaseFiguresRun.class);

  private final DatabaseSampler sampler;
  private final String sampledBy;

  private final ServerProcess server;

  private DatabaseFiguresRun(DatabaseSampler sampler, String sampledBy, ServerProcess server) {
    this.sampler = sampler;
    this.sampledBy = sampledBy;
    this.server = server;
  }

  /** The run's sampler, or null (saying why) when this run does not sample. */
  static DatabaseFiguresRun forRun(RunSetup setup, ThreadBench bench, ServerProcess server) {
    RunOptions options = setup.options;
    if (!options.databaseFigures) {
      LOG.info("Database figures: off (--database-figures=false)");
      return null;
    }
    if (setup.driver != null && setup.driver.shared() && setup.driver.k() != 1) {
      LOG.info(
          "Database figures: read by driver process 1/{} only (the counters are the database's)",
          setup.driver.n());
      return null;
    }
    WorkloadConfiguration first = setup.confs.get(0);
    CounterReader reader = CounterReader.of(first.getDatabaseType());
    if (reader == null) {
      LOG.info(
          "Database figures: not read on {} (readers exist for PostgreSQL, MariaDB/MySQL and"
              + " SQLite)",
          first.getDatabaseType());
      return null;
    }
    BenchmarkModule module = setup.modules.get(0);
    DatabaseSampler.PhaseProbe probe =
        new DatabaseSampler.PhaseProbe() {
          @Override
          public int phase() {
            WorkloadState ws = first.getWorkloadState();
            Phase p = ws == null ? null : ws.getCurrentPhase();
            return p == null ? 0 : p.getId();
          }

          @Override
          public boolean measuring() {
            BenchmarkState bs = bench.getBenchmarkState();
            return bs != null && bs.getState() == State.MEASURE;
          }
        };
    DatabaseSampler sampler =
        new DatabaseSampler(
            module::makeConnection, reader, options.sampleWindowSeconds, probe, LOG::warn);
    sampler.setCompanion(() -> processReadings(server));
    String by =
        setup.driver != null && setup.driver.shared()
            ? "driver process " + setup.driver + " (the others do not sample)"
            : "this process";
    return new DatabaseFiguresRun(sampler, by, server);
  }

  @Override
  public String name() {
    return "database figures";
  }

  @Override
  public String summaryKey() {
    return DatabaseFigures.SUMMARY_KEY;
  }

  /** Takes the first reading (on the caller's thread) and starts the sampling thread. */
  @Override
  public void start() {
    sampler.start();
  }

  /**
   * The server's process tree (when it runs on this host and is not this process) and the driver's
   * own process, read with each of the database's readings so that they share its phases.
   */
  static Map<String, Long> processReadings(ServerProcess server) {
    Map<String, Long> m = new LinkedHashMap<>();
    if (server.measured() && !server.isEmbedded()) {
      try {
        ProcessResources r = server.sample();
        m.put(DatabaseCounters.SERVER_CPU_US, r.cpuMicros());
        if (r.hasIo()) {
          m.put(DatabaseCounters.SERVER_READ_BYTES, r.readBytes());
          m.put(DatabaseCounters.SERVER_WRITE_BYTES, r.writeBytes());
        }
      } catch (ProcessResources.NoSuchProcess e) {
        // the server has gone: its figures are absent from this reading on
      }
    }
    DriverResources d = DriverResources.sample();
    m.put(DatabaseCounters.DRIVER_CPU_US, d.cpuNanos() / 1000);
    m.put(DatabaseCounters.DRIVER_GC_MS, d.gcMillis());
    if (d.jitMillis() >= 0) {
      m.put(DatabaseCounters.DRIVER_JIT_MS, d.jitMillis());
    }
    return m;
  }

  /**
   * Takes the reading after the run (at most {@link AfterRunDatabase#answerMillis()} for the
   * database's answer; a database that gives none is a gap, and the later steps are told) and
   * builds the figures.
   */
  @Override
  public Contribution finish(RunEnd end) throws InterruptedException {
    AfterRunDatabase db = end.database();
    if (!sampler.finish(db.answerMillis())) {
      db.markUnanswered();
    }
    MeasurementCollector collector = end.measurements();
    // the workers have ended: fold their buffered samples so that every request is counted
    collector.finish();
    Map<Integer, Long> requests = new TreeMap<>();
    for (Map.Entry<Integer, PhaseStats> e : collector.phaseStats().entrySet()) {
      requests.merge(e.getKey(), e.getValue().latency.count, Long::sum);
    }
    ThreadBench.Outcome outcome = end.outcome();
    long origin =
        outcome.measureStartNanos != -1 ? outcome.measureStartNanos : outcome.runStartNanos;
    DatabaseFigures f =
        DatabaseFigures.of(
            sampler.reader(), sampler.samples(), sampler.notices(), requests, origin, sampledBy);
    f.summary().put("Server Process", server.describe());
    return report -> report.withDatabaseFigures(f);
  }

  @Override
  public void close() {
    sampler.close();
  }
}
