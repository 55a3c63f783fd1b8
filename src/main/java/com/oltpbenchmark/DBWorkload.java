package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.report.RunReportFiles;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.results.ResultWriter;
import com.oltpbenchmark.results.RunReport;
import com.oltpbenchmark.types.State;
import com.oltpbenchmark.types.TransactionStatus;
import com.oltpbenchmark.util.Histogram;
import com.oltpbenchmark.util.TimeUtil;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URL;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.configuration2.XMLConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The command line: {@code -b <bench> -c <config.xml> --create/--load/--execute=true}, as upstream
 * BenchBase. {@link #main} is the only place that exits the JVM; everything else returns an exit
 * code (0 ok, 1 a failed step or a run that ended in ERROR, 2 a bad command line, 255 an invalid
 * configuration, as upstream's -1).
 */
public final class DBWorkload {
  private static final Logger LOG = LoggerFactory.getLogger(DBWorkload.class);

  public static final int EXIT_OK = 0;
  public static final int EXIT_FAILURE = 1;
  public static final int EXIT_USAGE = 2;
  public static final int EXIT_CONFIG = 255;

  /** The run (or the audit alone) succeeded but the audit found violations. */
  public static final int EXIT_AUDIT = 3;

  static final String PLUGIN_FILE = "config/plugin.xml";

  private DBWorkload() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command line and returns the process exit code. Never exits the JVM. */
  public static int run(String[] args) {
    Options options = buildOptions();
    CommandLine argsLine;
    try {
      argsLine = new DefaultParser().parse(options, args);
    } catch (ParseException e) {
      System.err.println("benchbase: " + e.getMessage());
      printUsage(options);
      return EXIT_USAGE;
    }
    if (argsLine.hasOption("h")) {
      printUsage(options);
      return EXIT_OK;
    }
    if (!argsLine.getArgList().isEmpty()) {
      System.err.println("benchbase: unexpected arguments " + argsLine.getArgList());
      printUsage(options);
      return EXIT_USAGE;
    }
    if (!argsLine.hasOption("b") || !argsLine.hasOption("c")) {
      System.err.println(
          "benchbase: missing required option"
              + (argsLine.hasOption("b") ? "" : " -b/--bench")
              + (argsLine.hasOption("c") ? "" : " -c/--config"));
      printUsage(options);
      return EXIT_USAGE;
    }
    try {
      return new Invocation(argsLine).execute();
    } catch (UsageError e) {
      System.err.println("benchbase: " + e.getMessage());
      return EXIT_USAGE;
    } catch (ConfigurationError e) {
      LOG.error(e.getMessage());
      System.err.println("benchbase: " + e.getMessage());
      return EXIT_CONFIG;
    } catch (Exception e) {
      LOG.error("benchbase failed: {}", describe(e), e);
      System.err.println("benchbase failed: " + describe(e));
      return EXIT_FAILURE;
    }
  }

  /** The exception's message followed by its causes' messages. */
  static String describe(Throwable e) {
    StringBuilder sb = new StringBuilder(String.valueOf(e));
    Throwable c = e.getCause();
    while (c != null && c != c.getCause()) {
      if (!String.valueOf(e.getMessage()).contains(String.valueOf(c.getMessage()))) {
        sb.append("; caused by ").append(c);
      }
      c = c.getCause();
    }
    return sb.toString();
  }

  static Options buildOptions() {
    Options options = new Options();
    options.addOption(
        "b",
        "bench",
        true,
        "[required] Benchmark class. Currently supported: " + pluginNamesForHelp());
    options.addOption("c", "config", true, "[required] Workload configuration file");
    options.addOption(null, "create", true, "Initialize the database for this benchmark");
    options.addOption(null, "clear", true, "Clear all records in the database for this benchmark");
    options.addOption(null, "load", true, "Load data using the benchmark's data loader");
    options.addOption(null, "execute", true, "Execute the benchmark workload");
    options.addOption(
        null, "anonymize", true, "Anonymize specified datasets (not supported by this runtime)");
    options.addOption("h", "help", false, "Print this help");
    options.addOption("s", "sample", true, "Sampling window (seconds) of results.csv; default 5");
    options.addOption(
        "im", "interval-monitor", true, "Throughput Monitoring Interval in milliseconds");
    options.addOption("mt", "monitor-type", true, "Type of Monitoring (throughput/advanced)");
    options.addOption(
        "d", "directory", true, "Base directory for the result files, default is results");
    options.addOption("jh", "json-histograms", true, "Export histograms to JSON file");
    options.addOption(null, "dialects-export", true, "Export benchmark SQL to a dialects file");
    options.addOption(
        null,
        "audit",
        true,
        "Audit the database after --execute (default true); alone, audit an existing database");
    options.addOption(
        null,
        "graph-check",
        true,
        "Refuse to execute on an incomplete graph or one that differs from the config (default"
            + " true)");
    options.addOption(
        Option.builder()
            .longOpt("raw-output")
            .hasArg()
            .argName("true|false")
            .desc(
                "Write <base>.raw.csv with one row per transaction (default true, as upstream);"
                    + " false keeps memory flat on long runs")
            .build());
    return options;
  }

  private static void printUsage(Options options) {
    HelpFormatter formatter = new HelpFormatter();
    formatter.setWidth(100);
    PrintWriter pw = new PrintWriter(System.out, true);
    formatter.printHelp(pw, 100, "benchbase", null, options, 1, 3, null, true);
    pw.flush();
  }

  private static String pluginNamesForHelp() {
    try {
      return String.join(", ", loadPlugins().keySet());
    } catch (RuntimeException e) {
      return "(cannot read " + PLUGIN_FILE + ": " + e.getMessage() + ")";
    }
  }

  /**
   * Plugin name to BenchmarkModule class: config/plugin.xml in the working directory first (as
   * upstream), then every packaged /config/plugin.xml on the classpath for names not found there.
   */
  static Map<String, String> loadPlugins() {
    Map<String, String> plugins = new LinkedHashMap<>();
    File local = new File(PLUGIN_FILE);
    if (local.isFile()) {
      readPlugins(local.getPath(), plugins);
    }
    try {
      Enumeration<URL> urls = DBWorkload.class.getClassLoader().getResources(PLUGIN_FILE);
      for (URL u : Collections.list(urls)) {
        readPlugins(u, plugins);
      }
    } catch (IOException e) {
      LOG.warn("cannot list packaged plugin files: {}", e.getMessage());
    }
    return plugins;
  }

  private static void readPlugins(Object source, Map<String, String> plugins) {
    try {
      XMLConfiguration xml;
      if (source instanceof String) {
        xml = WorkloadConfigReader.load((String) source);
      } else {
        xml = new XMLConfiguration();
        try (InputStream in = ((URL) source).openStream()) {
          new org.apache.commons.configuration2.io.FileHandler(xml).load(in);
        }
      }
      xml.setExpressionEngine(
          new org.apache.commons.configuration2.tree.xpath.XPathExpressionEngine());
      for (String name : xml.getList(String.class, "plugin/@name", List.of())) {
        String cls = xml.getString("plugin[@name='" + name + "']", null);
        if (cls != null && !plugins.containsKey(name.trim())) {
          plugins.put(name.trim(), cls.trim());
        }
      }
    } catch (Exception e) {
      throw new RuntimeException("cannot read plugin list " + source + ": " + e.getMessage(), e);
    }
  }

  /** A bad command-line value. */
  static final class UsageError extends Exception {
    private static final long serialVersionUID = 1L;

    UsageError(String message) {
      super(message);
    }
  }

  /** One parsed command line being carried out. */
  private static final class Invocation {
    private final CommandLine argsLine;
    private final String benchArg;
    private final String configFile;
    private final List<WorkloadConfiguration> confs = new ArrayList<>();
    private final List<BenchmarkModule> benchList = new ArrayList<>();

    Invocation(CommandLine argsLine) {
      this.argsLine = argsLine;
      this.benchArg = argsLine.getOptionValue("b").trim();
      this.configFile = argsLine.getOptionValue("c").trim();
    }

    private boolean flag(String name) throws UsageError {
      String v = argsLine.getOptionValue(name);
      if (v == null) {
        return false;
      }
      if (v.trim().equalsIgnoreCase("true")) {
        return true;
      }
      if (v.trim().equalsIgnoreCase("false")) {
        return false;
      }
      throw new UsageError("--" + name + " expects true or false, got '" + v + "'");
    }

    private boolean flag(String name, boolean dflt) throws UsageError {
      return argsLine.hasOption(name) ? flag(name) : dflt;
    }

    private int intOption(String opt, String longName, int dflt, int min) throws UsageError {
      String v = argsLine.getOptionValue(opt);
      if (v == null) {
        return dflt;
      }
      try {
        int n = Integer.parseInt(v.trim());
        if (n < min) {
          throw new UsageError(
              "-" + opt + "/--" + longName + " must be at least " + min + ", got " + n);
        }
        return n;
      } catch (NumberFormatException e) {
        throw new UsageError("-" + opt + "/--" + longName + " expects an integer, got '" + v + "'");
      }
    }

    int execute() throws Exception {
      boolean create = flag("create");
      boolean clear = flag("clear");
      boolean load = flag("load");
      boolean exec = flag("execute");
      boolean dialectsExport = flag("dialects-export");
      boolean anonymize = flag("anonymize");
      boolean rawOutput = flag("raw-output", true);
      int sampleWindow = intOption("s", "sample", 5, 1);
      int monitorMs = intOption("im", "interval-monitor", 0, 0);
      String monitorType = argsLine.getOptionValue("mt", "throughput").trim();
      if (!monitorType.equalsIgnoreCase("throughput")
          && !monitorType.equalsIgnoreCase("advanced")) {
        throw new UsageError(
            "-mt/--monitor-type must be 'throughput' or 'advanced', got '" + monitorType + "'");
      }
      boolean advanced = monitorType.equalsIgnoreCase("advanced") && monitorMs > 0;
      String outDir = argsLine.getOptionValue("d", "results");
      String jsonHistograms = argsLine.getOptionValue("jh");

      Map<String, String> plugins = loadPlugins();
      XMLConfiguration xml = WorkloadConfigReader.load(configFile);
      WorkloadConfigReader reader = WorkloadConfigReader.of(configFile, xml);
      String[] benches = benchArg.split(",");
      int idOffset = 0;
      for (String raw : benches) {
        String bench = raw.trim();
        String cls = plugins.get(bench);
        if (cls == null) {
          throw new UsageError(
              "Plugin "
                  + bench
                  + " is undefined in "
                  + PLUGIN_FILE
                  + " (known: "
                  + String.join(", ", plugins.keySet())
                  + ")");
        }
        WorkloadConfiguration wc = reader.readGlobals(bench);
        if (advanced) {
          wc.setAdvancedMonitoringEnabled(true);
        }
        BenchmarkModule module = instantiate(cls, wc);
        int n = reader.readTransactionTypes(wc, module, idOffset, benches.length == 1);
        idOffset += n;
        if (n > 0) {
          String afterLoad = reader.afterLoad();
          if (afterLoad != null) {
            try {
              module.setAfterLoadScriptPath(afterLoad);
            } catch (java.io.FileNotFoundException e) {
              throw new ConfigurationError(
                  "invalid configuration in "
                      + configFile
                      + ": element <afterload>: "
                      + e.getMessage());
            }
          }
        }
        reader.readPhases(wc);
        if (exec) {
          if (wc.getTerminals() < 1) {
            throw new ConfigurationError(
                "invalid configuration in "
                    + configFile
                    + ": element <terminals>: must be at least 1 to execute, got "
                    + wc.getTerminals());
          }
          if (wc.getNumberOfPhases() == 0) {
            throw new ConfigurationError(
                "invalid configuration in "
                    + configFile
                    + ": element <works>: no <work> phase to execute");
          }
          if (n == 0) {
            throw new ConfigurationError(
                "invalid configuration in "
                    + configFile
                    + ": element <transactiontypes>: no transaction types for "
                    + bench);
          }
        }
        try {
          wc.init();
        } catch (RuntimeException e) {
          throw new ConfigurationError(
              "invalid configuration in " + configFile + ": element <driver>: " + describe(e), e);
        }
        confs.add(wc);
        benchList.add(module);
        LOG.info("Configuration for {}: {}", bench, wc);
      }

      if (dialectsExport) {
        BenchmarkModule first = benchList.get(0);
        WorkloadConfiguration wc = confs.get(0);
        List<Procedure> procs = new ArrayList<>(first.getProcedures().values());
        procs.removeIf(p -> p instanceof TransactionType.Invalid);
        System.out.print(first.getStatementDialects().export(wc.getDatabaseType(), procs));
        return EXIT_OK;
      }
      if (anonymize && xml.containsKey("anonymization/table")) {
        throw new UsageError("--anonymize is not supported by this runtime");
      }
      boolean audit = flag("audit", true);
      boolean auditAlone = audit && !exec && argsLine.hasOption("audit");
      if (!create && !clear && !load && !exec && !auditAlone) {
        LOG.warn(
            "Nothing to do: pass --create=true, --clear=true, --load=true and/or"
                + " --execute=true");
        return EXIT_OK;
      }

      if (create) {
        for (BenchmarkModule b : benchList) {
          LOG.info("Creating new {} database...", b.getBenchmarkName());
          b.createDatabase();
          LOG.info("Finished creating new {} database...", b.getBenchmarkName());
        }
      }
      for (BenchmarkModule b : benchList) {
        b.refreshCatalog();
      }
      if (clear) {
        for (BenchmarkModule b : benchList) {
          LOG.info("Clearing {} database...", b.getBenchmarkName());
          b.refreshCatalog();
          b.clearDatabase();
          b.refreshCatalog();
          LOG.info("Finished clearing {} database...", b.getBenchmarkName());
        }
      }
      if (load) {
        for (BenchmarkModule b : benchList) {
          LOG.info("Loading data into {} database...", b.getBenchmarkName());
          long t0 = System.nanoTime();
          b.loadDatabase();
          LOG.info(
              "Finished loading data into {} database in {} s",
              b.getBenchmarkName(),
              String.format(Locale.ROOT, "%.1f", (System.nanoTime() - t0) / 1e9));
        }
      }
      if (!exec) {
        return auditAlone ? auditAlone(outDir) : EXIT_OK;
      }
      String problem = RunPreflight.problem(benchList, flag("graph-check", true));
      if (problem != null) {
        LOG.error(problem);
        System.err.println("benchbase: " + problem);
        return EXIT_FAILURE;
      }
      return runWorkload(xml, sampleWindow, rawOutput, monitorMs, outDir, jsonHistograms, audit);
    }

    private int runWorkload(
        XMLConfiguration xml,
        int sampleWindow,
        boolean rawOutput,
        int monitorMs,
        String outDir,
        String jsonHistograms,
        boolean audit)
        throws Exception {
      String baseName = benchArg.replace(",", "-") + "_" + TimeUtil.getCurrentTimeString();
      List<Worker<? extends BenchmarkModule>> workers = new ArrayList<>();
      for (BenchmarkModule b : benchList) {
        LOG.info("Creating {} virtual terminals...", b.getWorkloadConfiguration().getTerminals());
        workers.addAll(b.makeWorkers());
      }
      MeasurementCollector collector = new MeasurementCollector(sampleWindow, rawOutput);
      ThreadBench bench = new ThreadBench(workers, confs, collector, monitorMs);
      CountDownLatch written = new CountDownLatch(1);
      Thread hook =
          new Thread(
              () -> {
                if (written.getCount() > 0) {
                  LOG.warn("Interrupted: stopping the run and writing the results measured so far");
                  bench.requestStop();
                  try {
                    written.await(120, TimeUnit.SECONDS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }
              },
              "shutdown-results");
      boolean hookInstalled = false;
      try {
        Runtime.getRuntime().addShutdownHook(hook);
        hookInstalled = true;
      } catch (IllegalStateException e) {
        LOG.debug("JVM already shutting down; no SIGINT handling");
      }
      ThreadBench.Outcome outcome;
      RunAudit.Outcome audited = null;
      String auditFailure = null;
      try {
        LOG.info(
            "Launching the {} Benchmark with {} Phase{}...",
            benchArg,
            confs.get(0).getNumberOfPhases(),
            confs.get(0).getNumberOfPhases() == 1 ? "" : "s");
        outcome = bench.run();
        RunReport report = buildReport(outcome, workers, collector, xml);
        if (audit && RunAudit.anyAudits(benchList)) {
          try {
            audited = RunAudit.run(benchList);
            report.auditJson = audited.json();
            report.auditSummary = audited.summary(baseName + ".audit.json");
          } catch (Exception e) {
            auditFailure = "the audit failed: " + describe(e);
          }
        }
        logResults(report);
        Path dir = Paths.get(outDir);
        Path jh = jsonHistograms == null ? null : Paths.get(jsonHistograms);
        ResultWriter.writeAll(report, dir, baseName, jh);
        LOG.info("Output results into {} with base name {}", dir.toAbsolutePath(), baseName);
        RunReportFiles.afterResults(report, dir, baseName);
      } finally {
        written.countDown();
        try {
          collector.close();
        } catch (RuntimeException e) {
          LOG.debug("closing the collector: {}", e.getMessage());
        }
        if (hookInstalled) {
          try {
            Runtime.getRuntime().removeShutdownHook(hook);
          } catch (IllegalStateException e) {
            // shutting down: the hook is running
          }
        }
      }
      if (outcome.finalState == State.ERROR) {
        LOG.error(
            "The run ended in state ERROR: {}",
            outcome.error == null ? "unknown cause" : describe(outcome.error));
        System.err.println(
            "benchbase: the run ended in state ERROR: "
                + (outcome.error == null ? "unknown cause" : describe(outcome.error)));
        return EXIT_FAILURE;
      }
      return auditExit(audited, auditFailure);
    }

    /** Audits the database alone (no run): writes {@code <base>.audit.json}, prints the verdict. */
    private int auditAlone(String outDir) throws Exception {
      if (!RunAudit.anyAudits(benchList)) {
        throw new UsageError("--audit: benchmark " + benchArg + " has no audit");
      }
      RunAudit.Outcome audited = RunAudit.run(benchList);
      String baseName = benchArg.replace(",", "-") + "_" + TimeUtil.getCurrentTimeString();
      WorkloadConfiguration first = confs.get(0);
      Path file =
          ResultWriter.writeAudit(
              Paths.get(outDir), baseName, audited.json(), first.getPassword(), first.getUrl());
      LOG.info("Audit written to {}", file.toAbsolutePath());
      return auditExit(audited, null);
    }

    /** Prints the verdict as the last console line; exit code 3 on violations. */
    private static int auditExit(RunAudit.Outcome audited, String failure) {
      if (failure != null) {
        LOG.error(failure);
        System.err.println("benchbase: " + failure);
        return EXIT_FAILURE;
      }
      if (audited == null) {
        return EXIT_OK;
      }
      if (audited.violations() > 0) {
        LOG.error(audited.verdict());
        return EXIT_AUDIT;
      }
      LOG.info(audited.verdict());
      return EXIT_OK;
    }

    private RunReport buildReport(
        ThreadBench.Outcome outcome,
        List<Worker<? extends BenchmarkModule>> workers,
        MeasurementCollector collector,
        XMLConfiguration xml) {
      WorkloadConfiguration first = confs.get(0);
      RunReport r = new RunReport();
      r.benchmarkArgument = benchArg;
      r.dbmsType = first.getDatabaseType().name();
      r.finalState = outcome.finalState.name();
      r.startTimestampMillis = outcome.startTimestampMillis;
      r.elapsedNanos = outcome.elapsedNanos();
      r.xmlConfig = xml;
      r.jdbcUrl = first.getUrl();
      r.jdbcUsername = first.getUsername();
      r.jdbcPassword = first.getPassword();
      r.jdbcDriver = first.getDriverClass();
      List<TransactionType> types = new ArrayList<>();
      for (WorkloadConfiguration wc : confs) {
        for (TransactionType t : wc.getTransTypes()) {
          if (t.getId() != TransactionType.INVALID_ID && !t.isSupplemental()) {
            types.add(t);
          }
        }
      }
      Collections.sort(types);
      r.transactionTypes = types;
      for (TransactionType t : types) {
        r.statusCounts.put(t, new EnumMap<>(TransactionStatus.class));
      }
      for (Worker<? extends BenchmarkModule> w : workers) {
        for (TransactionStatus status : TransactionStatus.values()) {
          addCounts(r, w.getTransactionHistogram(status), status);
        }
        merge(r.abortMessages, w.getAbortMessages());
        merge(r.errorStates, w.getErrorStates());
      }
      for (WorkloadConfiguration wc : confs) {
        for (Phase p : wc.getPhases()) {
          r.unservedRequests.putIfAbsent(p.getId(), 0L);
        }
      }
      outcome.unservedRequests.forEach((k, v) -> r.unservedRequests.merge(k, v, Long::sum));
      r.measurements = collector;
      r.workloads = List.copyOf(confs);
      r.modules = List.copyOf(benchList);
      return r;
    }

    private static void addCounts(
        RunReport r, Histogram<TransactionType> h, TransactionStatus status) {
      for (TransactionType t : h.values()) {
        r.statusCounts
            .computeIfAbsent(t, k -> new EnumMap<>(TransactionStatus.class))
            .merge(status, (long) h.get(t, 0), Long::sum);
      }
    }

    private static void merge(
        Map<TransactionType, Map<String, Long>> into,
        Map<TransactionType, Map<String, Long>> from) {
      from.forEach(
          (t, m) -> {
            Map<String, Long> target = into.computeIfAbsent(t, k -> new LinkedHashMap<>());
            m.forEach((k, v) -> target.merge(k, v, Long::sum));
          });
    }

    private void logResults(RunReport r) {
      long unserved = 0;
      for (long v : r.unservedRequests.values()) {
        unserved += v;
      }
      if (unserved > 0) {
        LOG.warn(
            "{} rate-limited requests were due but not served, per phase: {}",
            unserved,
            r.unservedRequests);
      }
      LOG.info("{}", ResultWriter.consoleSummary(r).trim());
    }
  }

  /** Creates the module through its public (WorkloadConfiguration) constructor. */
  static BenchmarkModule instantiate(String cls, WorkloadConfiguration wc)
      throws ConfigurationError {
    try {
      Class<?> c = Class.forName(cls);
      return (BenchmarkModule) c.getConstructor(WorkloadConfiguration.class).newInstance(wc);
    } catch (ClassNotFoundException e) {
      throw new ConfigurationError(
          "benchmark class " + cls + " (from " + PLUGIN_FILE + ") is not on the classpath");
    } catch (java.lang.reflect.InvocationTargetException e) {
      Throwable cause = e.getCause();
      throw new ConfigurationError(
          "cannot create benchmark " + cls + ": " + describe(cause), cause);
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new ConfigurationError(
          "cannot create benchmark "
              + cls
              + " (needs a public"
              + " constructor taking a WorkloadConfiguration): "
              + e,
          e);
    }
  }
}
