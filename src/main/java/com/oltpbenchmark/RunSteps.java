package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.api.collectors.resources.ServerProcess;
import com.oltpbenchmark.results.DatabaseFacts;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.results.ResultWriter;
import com.oltpbenchmark.results.RunReport;
import com.oltpbenchmark.types.State;
import com.oltpbenchmark.util.CredentialScrubber;
import com.oltpbenchmark.util.OneLine;
import com.oltpbenchmark.util.TimeUtil;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps of a checked run, in upstream's order: create, clear, load, execute. Each step runs for
 * every benchmark before the next starts. Returns the process exit code.
 */
final class RunSteps {
  private static final Logger LOG = LoggerFactory.getLogger(RunSteps.class);

  /** How long a connection attempt may wait for the server, unless the JVM set its own. */
  static final int LOGIN_TIMEOUT_SECONDS = 60;

  private final RunSetup setup;
  private final RunOptions options;

  RunSteps(RunSetup setup) {
    this.setup = setup;
    this.options = setup.options;
  }

  int run() throws Exception {
    checkConnections();
    if (options.execute) {
      // the session settings alone, before anything is created or loaded
      String refused = SessionCheck.problem(setup.modules, options.configFile, false);
      if (refused != null) {
        ExitCodes.printError(refused);
        return ExitCodes.FAILURE;
      }
    }
    List<AutoCloseable> locks = new ArrayList<>();
    try {
      if (options.create || options.clear || options.load) {
        for (BenchmarkModule b : setup.modules) {
          AutoCloseable lock = ModuleHooks.lockForSetup(b);
          if (lock != null) {
            locks.add(lock);
          }
        }
      }
      setUp();
    } finally {
      for (AutoCloseable lock : locks) {
        lock.close();
      }
    }
    if (options.execute) {
      String problem = RunPreflight.problem(setup.modules, options.graphCheck);
      if (problem != null) {
        LOG.debug("preflight: {}", problem);
        ExitCodes.printError(problem);
        return ExitCodes.FAILURE;
      }
      // the tables exist now: an engine's refusal of the isolation level shows on a read
      String refused = SessionCheck.problem(setup.modules, options.configFile, true);
      if (refused != null) {
        ExitCodes.printError(refused);
        return ExitCodes.FAILURE;
      }
      return execute();
    }
    return options.auditAlone ? auditAlone() : ExitCodes.OK;
  }

  /**
   * Create, clear and load, each for every benchmark before the next step starts; the catalog is
   * read whichever of them run.
   */
  private void setUp() throws Exception {
    if (options.create) {
      for (BenchmarkModule b : setup.modules) {
        LOG.info("Creating new {} database...", b.getBenchmarkName());
        b.createDatabase();
        LOG.info("Finished creating new {} database...", b.getBenchmarkName());
      }
    }
    for (BenchmarkModule b : setup.modules) {
      b.refreshCatalog();
    }
    if (options.clear) {
      for (BenchmarkModule b : setup.modules) {
        LOG.info("Clearing {} database...", b.getBenchmarkName());
        b.clearDatabase();
        b.refreshCatalog();
        LOG.info("Finished clearing {} database...", b.getBenchmarkName());
      }
    }
    if (options.load) {
      for (BenchmarkModule b : setup.modules) {
        LOG.info("Loading data into {} database...", b.getBenchmarkName());
        long t0 = System.nanoTime();
        b.loadDatabase();
        LOG.info(
            "Finished loading data into {} database in {} s",
            b.getBenchmarkName(),
            String.format(Locale.ROOT, "%.1f", (System.nanoTime() - t0) / 1e9));
      }
    }
  }

  /** Audits the database alone (no run): writes {@code <base>.audit.json}, prints the verdict. */
  private int auditAlone() throws Exception {
    if (!RunAudit.anyAudits(setup.modules)) {
      throw new RunOptions.UsageError(
          "--audit: benchmark " + options.benchArgument + " has no audit");
    }
    RunAudit.Outcome audited = RunAudit.run(setup.modules);
    WorkloadConfiguration first = setup.confs.get(0);
    Path file =
        ResultWriter.writeAudit(
            Paths.get(options.resultsDir),
            baseName(),
            audited.json(),
            first.getPassword(),
            first.getUrl());
    LOG.info("Audit written to {}", file.toAbsolutePath());
    return auditExit(audited);
  }

  /** Prints the verdict on the console; the audit exit code on violations. */
  private static int auditExit(RunAudit.Outcome audited) {
    if (audited == null) {
      return ExitCodes.OK;
    }
    if (audited.violations() > 0) {
      LOG.error(audited.verdict());
      return ExitCodes.AUDIT;
    }
    LOG.info(audited.verdict());
    return ExitCodes.OK;
  }

  private String baseName() {
    return options.benchArgument.replace(",", "-") + "_" + TimeUtil.getCurrentTimeString();
  }

  /**
   * One connection per benchmark before any step, so a wrong host, user, password or database is
   * one clear line instead of a failure deep inside the first step.
   */
  private void checkConnections() throws DatabaseUnreachable {
    if (DriverManager.getLoginTimeout() == 0) {
      // drivers that honour it stop waiting for an unanswering host instead of hanging
      DriverManager.setLoginTimeout(LOGIN_TIMEOUT_SECONDS);
    }
    for (BenchmarkModule b : setup.modules) {
      try (Connection c = b.makeConnection()) {
        LOG.debug("connected to {} ({})", c.getMetaData().getDatabaseProductName(), b);
      } catch (SQLException e) {
        throw new DatabaseUnreachable(b.getWorkloadConfiguration(), options.configFile, e);
      }
    }
  }

  /**
   * The execute step: terminals, side collectors, the wait for {@code --start-at}, the phases; then
   * the collectors' parts, the result files and table (from memory, before the database is asked
   * anything again), metrics.json and the audit (each bounded by the database's answers); the exit
   * code last.
   */
  private int execute() throws Exception {
    String baseName = baseName();
    List<Worker<? extends BenchmarkModule>> workers = makeWorkers();
    MeasurementCollector measurements =
        new MeasurementCollector(options.sampleWindowSeconds, options.rawOutput);
    ThreadBench bench =
        new ThreadBench(workers, setup.confs, measurements, options.monitorIntervalMs);
    bench.setInFlightGraceMillis(setup.inFlightGraceMillis);
    ServerProcess server = findServer();
    DatabaseFacts.Recorded facts = databaseFacts();
    BenchmarkModule first = setup.modules.get(0);
    RunCollectors collectors = bench.sideCollectors();
    Path jh = options.jsonHistograms == null ? null : Paths.get(options.jsonHistograms);
    RunResultFiles files = new RunResultFiles(Paths.get(options.resultsDir), baseName, jh);
    try (StopOnSignal stop = StopOnSignal.install(bench);
        AfterRunDatabase database = new AfterRunDatabase(first::makeConnection);
        collectors) {
      logLaunch();
      CollectorList.register(collectors, setup, bench, measurements, workers, server);
      // before the wait, so that their first readings never delay the agreed start
      collectors.start();
      // last before the wait, so that the reading is fresh when the wait is timed by it
      ServerClock.Reading clock = ServerClock.read(setup.modules.get(0));
      StartAtWait.await(options.startAt, clock);
      ThreadBench.Outcome outcome = bench.run();
      measurements.finish();
      RunReport report =
          collectors.finish(
              new RunCollector.RunEnd(outcome, measurements, database),
              RunReportBuilder.build(
                  options.benchArgument,
                  setup.confs,
                  setup.modules,
                  outcome,
                  workers,
                  measurements,
                  setup.xml,
                  facts,
                  clock));
      boolean auditHere = auditsHere();
      files.write(report, auditHere);
      stop.resultsWritten();
      files.addMetrics(
          database,
          first.getWorkloadConfiguration().getDatabaseType().name(),
          first::makeConnection);
      RunAudit.AfterRun audit =
          auditHere ? RunAudit.afterRun(setup.modules, database) : RunAudit.AfterRun.NONE;
      int auditExit = ExitCodes.OK;
      if (audit.outcome() != null) {
        RunAudit.Outcome a = audit.outcome();
        files.addAudit(report.withAudit(a.json(), a.summary(baseName + ".audit.json")));
        auditExit = auditExit(a);
      }
      return exitCode(outcome, report, files.lostLine(), audit, auditExit);
    } finally {
      try {
        measurements.close();
      } catch (RuntimeException e) {
        // the spool files' deletion fails nothing
        LOG.debug("closing the collector: {}", e.getMessage());
      }
    }
  }

  private List<Worker<? extends BenchmarkModule>> makeWorkers() throws Exception {
    List<Worker<? extends BenchmarkModule>> workers = new ArrayList<>();
    for (BenchmarkModule b : setup.modules) {
      LOG.info("Creating {} virtual terminals...", b.getWorkloadConfiguration().getTerminals());
      workers.addAll(b.makeWorkers());
    }
    return workers;
  }

  private void logLaunch() {
    LOG.info(
        "Launching the {} Benchmark with {} Phase{}...",
        options.benchArgument,
        setup.confs.get(0).getNumberOfPhases(),
        setup.confs.get(0).getNumberOfPhases() == 1 ? "" : "s");
  }

  /**
   * The DBMS version and parameters for the result files, read now: they do not change during the
   * run, and the database may not answer after it.
   */
  private DatabaseFacts.Recorded databaseFacts() {
    WorkloadConfiguration first = setup.confs.get(0);
    return DatabaseFacts.beforeRun(
        first.getDatabaseType().name(),
        setup.modules.get(0)::makeConnection,
        CredentialScrubber.safeUrl(first.getUrl()));
  }

  /** Whether this process audits after its run (saying why not when it is one of several). */
  private boolean auditsHere() {
    if (!options.audit || !RunAudit.anyAudits(setup.modules)) {
      return false;
    }
    if (setup.driver != null && setup.driver.shared()) {
      LOG.info(
          "Driver process {}: the audit is not run here, where the other processes may still"
              + " be writing and only this one's writes are known; run --audit once, after"
              + " all {} processes have ended",
          setup.driver,
          setup.driver.n());
      return false;
    }
    return true;
  }

  /**
   * The exit code, with its one line on stderr: the run's state first, then lost result files, the
   * audit (whose verdict is already on the console), the share of errors, a run that served
   * nothing.
   */
  private int exitCode(
      ThreadBench.Outcome outcome,
      RunReport report,
      String lost,
      RunAudit.AfterRun audit,
      int auditExit) {
    if (lost != null) {
      LOG.error("{}", lost);
    }
    if (outcome.finalState == State.ERROR) {
      String cause = outcome.error == null ? "unknown cause" : OneLine.describe(outcome.error);
      LOG.error("The run ended in state ERROR: {}", cause);
      ExitCodes.printError("the run ended in state ERROR: " + cause);
      return ExitCodes.FAILURE;
    }
    if (lost != null) {
      ExitCodes.printError(lost);
      return ExitCodes.FAILURE;
    }
    if (audit.failure() != null) {
      ExitCodes.printError(audit.failure());
      return ExitCodes.FAILURE;
    }
    if (audit.notRun() != null) {
      LOG.error("{}", audit.notRun());
      ExitCodes.printError(audit.notRun());
      return ExitCodes.AUDIT_NOT_RUN;
    }
    ErrorShare errors = ErrorShare.of(report.statusCounts());
    if (errors.exceeds(setup.maxErrorPercent)) {
      ExitCodes.printError(errors.failureLine(setup.maxErrorPercent));
      return ExitCodes.TOO_MANY_ERRORS;
    }
    String nothing = NothingServed.problem(report, setup.maxErrorPercent);
    if (nothing != null) {
      // said even when the audit passed: a run that served nothing measured nothing
      ExitCodes.printError(nothing);
      return auditExit == ExitCodes.OK ? ExitCodes.NOTHING_SERVED : auditExit;
    }
    return auditExit;
  }

  /**
   * The server's process, when it runs on this host, from the first benchmark's connection; never
   * fails the run (a server elsewhere is "not measured").
   */
  private ServerProcess findServer() {
    BenchmarkModule first = setup.modules.get(0);
    try (Connection c = first.makeConnection()) {
      ServerProcess p = ServerProcess.find(c, first.getWorkloadConfiguration().getDatabaseType());
      LOG.debug("server process: {}", p);
      return p;
    } catch (SQLException e) {
      return ServerProcess.notMeasured("no connection to ask: " + OneLine.describe(e));
    }
  }

  /** The database of a benchmark cannot be reached with the configured URL and credentials. */
  static final class DatabaseUnreachable extends Exception {
    private static final long serialVersionUID = 1L;

    DatabaseUnreachable(WorkloadConfiguration wc, String configFile, SQLException e) {
      super(
          "cannot connect to "
              + CredentialScrubber.safeUrl(wc.getUrl())
              + (wc.getUsername() == null ? "" : " as " + wc.getUsername())
              + " (<url>, <username>, <password> in "
              + configFile
              + "): "
              + OneLine.of(String.valueOf(e.getMessage()))
              + (e.getSQLState() == null ? "" : " [SQLState " + e.getSQLState() + "]"),
          e);
    }
  }
}
