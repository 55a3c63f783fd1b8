package com.oltpbenchmark;

import com.oltpbenchmark.RunOptions.UsageError;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.util.CredentialScrubber;
import com.oltpbenchmark.util.OneLine;
import com.oltpbenchmark.util.ProcessClock;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.commons.configuration2.XMLConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a run needs, read and checked before the first connection: the workload file, every
 * benchmark module (modules parse their own blocks in their constructors), the files the steps will
 * read and the results directory. A run whose inputs are bad fails here, with the database
 * untouched.
 */
final class RunSetup {
  private static final Logger LOG = LoggerFactory.getLogger(RunSetup.class);

  final RunOptions options;
  final XMLConfiguration xml;
  final int maxErrorPercent;
  final int progressIntervalSeconds;
  final long inFlightGraceMillis;

  /** {@code <warmupUntilJitSettled>} in seconds; 0 when the warm-up is the fixed one. */
  final int warmupUntilJitSettledSeconds;

  final List<WorkloadConfiguration> confs;
  final List<BenchmarkModule> modules;

  /** Which of several driver processes this is; null when it drives the benchmark alone. */
  final DriverProcess driver;

  private RunSetup(
      RunOptions options,
      XMLConfiguration xml,
      DriverProcess driver,
      int maxErrorPercent,
      int progressIntervalSeconds,
      long inFlightGraceMillis,
      int warmupUntilJitSettledSeconds,
      List<WorkloadConfiguration> confs,
      List<BenchmarkModule> modules) {
    this.options = options;
    this.xml = xml;
    this.driver = driver;
    this.maxErrorPercent = maxErrorPercent;
    this.progressIntervalSeconds = progressIntervalSeconds;
    this.inFlightGraceMillis = inFlightGraceMillis;
    this.warmupUntilJitSettledSeconds = warmupUntilJitSettledSeconds;
    this.confs = Collections.unmodifiableList(confs);
    this.modules = Collections.unmodifiableList(modules);
  }

  /** Reads and checks every input of the run; touches no database. */
  static RunSetup prepare(RunOptions options) throws ConfigurationError, UsageError {
    Map<String, String> plugins = Plugins.load();
    for (String bench : options.benchmarks) {
      if (!plugins.containsKey(bench)) {
        throw new UsageError(
            "Plugin "
                + bench
                + " is undefined in "
                + Plugins.FILE
                + " (known: "
                + String.join(", ", plugins.keySet())
                + ")");
      }
    }
    String file = options.configFile;
    XMLConfiguration xml = WorkloadConfigReader.load(file);
    WorkloadConfigReader reader = WorkloadConfigReader.of(file, xml);
    DriverProcess driver = driverProcess(options, xml, reader);
    checkStartAt(options);
    List<WorkloadConfiguration> confs = new ArrayList<>();
    List<BenchmarkModule> modules = new ArrayList<>();
    int idOffset = 0;
    for (String bench : options.benchmarks) {
      WorkloadConfiguration wc = reader.readGlobals(bench);
      wc.setDriverProcess(driver == null ? 1 : driver.k());
      if (options.advancedMonitoring) {
        wc.setAdvancedMonitoringEnabled(true);
      }
      BenchmarkModule module = Plugins.instantiate(plugins.get(bench), wc, file);
      int n = reader.readTransactionTypes(wc, module, idOffset, options.benchmarks.size() == 1);
      idOffset += n;
      if (n > 0) {
        String afterLoad = reader.afterLoad();
        if (afterLoad != null) {
          try {
            module.setAfterLoadScriptPath(afterLoad);
          } catch (FileNotFoundException e) {
            throw reader.error("afterload", e.getMessage());
          }
        }
      }
      reader.readPhases(wc);
      if (options.execute) {
        checkExecutable(reader, wc, n);
      }
      if (options.touchesDatabase()) {
        checkConnectionSettings(reader, wc);
      }
      if (options.create) {
        checkDdl(reader, wc, module);
      }
      confs.add(wc);
      modules.add(module);
      LOG.info("Configuration for {}: {}", bench, wc);
    }
    if (options.execute) {
      checkResultsDirectory(options.resultsDir, ResultsRoom.estimate(confs, options.rawOutput));
    }
    return new RunSetup(
        options,
        xml,
        driver,
        reader.maxErrorPercent(),
        reader.progressIntervalSeconds(),
        reader.inFlightGraceMillis(),
        warmupUntilJitSettled(reader, confs, driver, options.execute),
        confs,
        modules);
  }

  /**
   * {@code <warmupUntilJitSettled>}, checked against the first phases' warm-up. The processes of
   * {@code --driver k/N} switch phases together, each on the agreed clock, so a warm-up that ends
   * when one process's JIT has settled would split their windows: there it is the fixed one, and
   * the run says so; a process that only loads has no warm-up to speak of.
   */
  static int warmupUntilJitSettled(
      WorkloadConfigReader reader,
      List<WorkloadConfiguration> confs,
      DriverProcess driver,
      boolean execute)
      throws ConfigurationError {
    int warmup = ThreadBench.firstPhaseWarmupSeconds(confs);
    int longest = reader.warmupUntilJitSettledSeconds(warmup);
    if (driver == null) {
      return longest;
    }
    if (longest > 0 && execute) {
      LOG.warn(
          "<warmupUntilJitSettled> is not used by a driver process of several (--driver {}): the"
              + " processes switch phases together, so the warm-up is the first phase's <warmup>"
              + " of {} s",
          driver,
          warmup);
    }
    return 0;
  }

  /**
   * {@code --driver} or the config's {@code <driverProcess>} (they must agree when both are given),
   * written into the configuration the modules read. A process of several neither creates nor
   * clears the tables (that is done once, by a run without it, before the processes start); it may
   * load its slice of the graph.
   */
  private static DriverProcess driverProcess(
      RunOptions options, XMLConfiguration xml, WorkloadConfigReader reader)
      throws ConfigurationError, UsageError {
    String configured = xml.getString(DriverProcess.ELEMENT, null);
    DriverProcess fromConfig = null;
    if (configured != null) {
      try {
        fromConfig = DriverProcess.parse(configured);
      } catch (IllegalArgumentException e) {
        throw reader.error(DriverProcess.ELEMENT, e.getMessage());
      }
    }
    if (options.driver != null && fromConfig != null && !options.driver.equals(fromConfig)) {
      throw new UsageError(
          "--driver "
              + options.driver
              + " differs from <"
              + DriverProcess.ELEMENT
              + ">"
              + fromConfig
              + " in "
              + options.configFile
              + "; give one of them");
    }
    DriverProcess driver = options.driver != null ? options.driver : fromConfig;
    if (driver == null) {
      if (options.startAt != null && options.execute) {
        LOG.info("--start-at without --driver: a single process, started at the given time");
      }
      return null;
    }
    xml.setProperty(DriverProcess.ELEMENT, driver.toString());
    if (driver.shared() && (options.create || options.clear)) {
      throw new UsageError(
          "--create and --clear are refused for driver process "
              + driver
              + ": create the tables once, from one run without --driver or <"
              + DriverProcess.ELEMENT
              + ">; then each process loads its slice (--load) and runs (--execute)");
    }
    return driver;
  }

  private static void checkStartAt(RunOptions options) throws UsageError {
    // by this process's own clock: a typo's date, before anything is touched; the wait itself
    // goes by the database server's clock (StartAtWait)
    Instant now = ProcessClock.now();
    if (options.startAt != null && !options.startAt.isAfter(now)) {
      throw new UsageError(
          "--start-at "
              + options.startAt
              + " is in the past (now "
              + now
              + " by this process's clock)");
    }
  }

  private static void checkExecutable(WorkloadConfigReader reader, WorkloadConfiguration wc, int n)
      throws ConfigurationError {
    if (wc.getTerminals() < 1) {
      throw reader.error("terminals", "must be at least 1 to execute, got " + wc.getTerminals());
    }
    if (wc.getNumberOfPhases() == 0) {
      throw reader.error("works", "no <work> phase to execute");
    }
    if (n == 0) {
      throw reader.error("transactiontypes", "no transaction types for " + wc.getBenchmarkName());
    }
  }

  /**
   * URL present, driver loadable, some driver on the classpath accepting the URL, and the URL of
   * the kind of server {@code <type>} names.
   */
  private static void checkConnectionSettings(WorkloadConfigReader reader, WorkloadConfiguration wc)
      throws ConfigurationError {
    if (wc.getUrl() == null) {
      throw reader.error(
          "url", "missing; the JDBC URL is required, e.g. <url>jdbc:postgresql://host/db</url>");
    }
    try {
      wc.init();
    } catch (RuntimeException e) {
      throw reader.error("driver", OneLine.describe(e) + " (is the driver jar on the classpath?)");
    }
    try {
      DriverManager.getDriver(wc.getUrl());
    } catch (SQLException e) {
      throw reader.error(
          "url",
          "no JDBC driver on the classpath accepts "
              + CredentialScrubber.safeUrl(wc.getUrl())
              + "; check the jdbc:<subprotocol>: prefix and <driver>");
    }
    String mismatch = DatabaseUrlType.mismatch(wc.getDatabaseType(), wc.getUrl());
    if (mismatch != null) {
      throw reader.error("type", mismatch);
    }
    String setup = wc.getSessionSetupFile();
    if (setup != null && !Files.isReadable(Paths.get(setup))) {
      throw reader.error("sessionsetupfile", "cannot read " + setup);
    }
  }

  private static void checkDdl(
      WorkloadConfigReader reader, WorkloadConfiguration wc, BenchmarkModule module)
      throws ConfigurationError {
    String ddl = wc.getDDLPath();
    if (ddl != null) {
      if (!Files.isReadable(Paths.get(ddl))) {
        throw reader.error("ddlpath", "cannot read " + ddl);
      }
    } else if (module.getDatabaseDDLPath(wc.getDatabaseType()) == null) {
      throw reader.error(
          "type",
          "benchmark "
              + module.getBenchmarkName()
              + " has no DDL for "
              + wc.getDatabaseType()
              + "; give one with <ddlpath>");
    }
  }

  /**
   * Proves the results directory can be created and has room for the run's files ({@link
   * ResultsRoom}), so a run never ends unrecorded; the directories it had to create for the proof
   * are removed again.
   */
  private static void checkResultsDirectory(String dir, ResultsRoom.Estimate need)
      throws ConfigurationError {
    Path p = Paths.get(dir).toAbsolutePath();
    Path firstMissing = null;
    for (Path q = p; q != null && !Files.exists(q); q = q.getParent()) {
      firstMissing = q;
    }
    try {
      Files.createDirectories(p);
      ResultsRoom.check(p, need);
    } catch (IOException | SecurityException e) {
      throw new ConfigurationError(
          "results directory "
              + p
              + " (option -d/--directory) is not writable: "
              + OneLine.describe(e));
    } finally {
      removeCreated(p, firstMissing);
    }
  }

  private static void removeCreated(Path dir, Path firstMissing) {
    if (firstMissing == null) {
      return;
    }
    for (Path q = dir; q != null && q.startsWith(firstMissing); q = q.getParent()) {
      try {
        Files.deleteIfExists(q);
      } catch (IOException e) {
        LOG.debug("cannot remove {}: {}", q, e.toString());
        return;
      }
    }
  }
}
