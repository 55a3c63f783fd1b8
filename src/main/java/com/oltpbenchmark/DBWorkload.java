package com.oltpbenchmark;

import com.oltpbenchmark.RunOptions.UsageError;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.util.OneLine;
import com.oltpbenchmark.util.SafeXml;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * code (see the EXIT_ constants).
 */
public final class DBWorkload {
  private static final Logger LOG = LoggerFactory.getLogger(DBWorkload.class);

  /** Every requested step succeeded. */
  public static final int EXIT_OK = 0;

  /** A step failed, the database could not be reached, or the run ended in state ERROR. */
  public static final int EXIT_FAILURE = 1;

  /** A bad command line (unknown, repeated or malformed option; unknown benchmark). */
  public static final int EXIT_USAGE = 2;

  /** The run completed but more than {@code <maxErrorPercent>} of its requests ended in ERROR. */
  public static final int EXIT_TOO_MANY_ERRORS = 3;

  /** An invalid input (config file, module block, DDL, results directory), as upstream's -1. */
  public static final int EXIT_CONFIG = 255;

  /** The run (or the audit alone) completed but the audit found violations. */
  public static final int EXIT_AUDIT = 4;

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
      printError(e.getMessage());
      printUsage(options);
      return EXIT_USAGE;
    }
    if (argsLine.hasOption("h")) {
      printUsage(options);
      return EXIT_OK;
    }
    if (!argsLine.getArgList().isEmpty()) {
      printError("unexpected arguments " + argsLine.getArgList());
      printUsage(options);
      return EXIT_USAGE;
    }
    if (!argsLine.hasOption("b") || !argsLine.hasOption("c")) {
      printError(
          "missing required option"
              + (argsLine.hasOption("b") ? "" : " -b/--bench")
              + (argsLine.hasOption("c") ? "" : " -c/--config"));
      printUsage(options);
      return EXIT_USAGE;
    }
    try {
      RunOptions run = RunOptions.of(argsLine);
      RunSetup setup = RunSetup.prepare(run);
      if (run.dialectsExport) {
        return exportDialects(setup);
      }
      if (!run.touchesDatabase()) {
        LOG.warn("Nothing to do: pass --create, --clear, --load, --execute and/or --audit");
        return EXIT_OK;
      }
      return new RunSteps(setup).run();
    } catch (UsageError e) {
      printError(e.getMessage());
      return EXIT_USAGE;
    } catch (ConfigurationError e) {
      LOG.debug("invalid configuration", e);
      printError(e.getMessage());
      return EXIT_CONFIG;
    } catch (RunSteps.DatabaseUnreachable e) {
      LOG.debug("connection failure", e);
      printError(e.getMessage());
      return EXIT_FAILURE;
    } catch (Exception e) {
      LOG.debug("failure", e);
      printError("failed: " + describe(e));
      return EXIT_FAILURE;
    }
  }

  /**
   * The one console line of an error that ends the command (stderr, credentials masked). The stack
   * trace is logged at DEBUG only.
   */
  static void printError(String message) {
    System.err.println("benchbase: " + OneLine.of(message));
  }

  private static int exportDialects(RunSetup setup) {
    BenchmarkModule first = setup.modules.get(0);
    WorkloadConfiguration wc = setup.confs.get(0);
    List<Procedure> procs = new ArrayList<>(first.getProcedures().values());
    procs.removeIf(p -> p instanceof TransactionType.Invalid);
    System.out.print(first.getStatementDialects().export(wc.getDatabaseType(), procs));
    return EXIT_OK;
  }

  /** The exception's message followed by its causes' messages, on one masked line. */
  static String describe(Throwable e) {
    return OneLine.describe(e);
  }

  static Options buildOptions() {
    Options options = new Options();
    options.addOption(
        "b",
        "bench",
        true,
        "[required] Benchmark class. Currently supported: " + pluginNamesForHelp());
    options.addOption("c", "config", true, "[required] Workload configuration file");
    options.addOption(action("create", "Initialize the database for this benchmark"));
    options.addOption(action("clear", "Clear all records in the database for this benchmark"));
    options.addOption(action("load", "Load data using the benchmark's data loader"));
    options.addOption(action("execute", "Execute the benchmark workload"));
    options.addOption(
        Option.builder()
            .longOpt("anonymize")
            .hasArg()
            .optionalArg(true)
            .desc("Not supported by this runtime (an error if given)")
            .build());
    options.addOption("h", "help", false, "Print this help");
    options.addOption("s", "sample", true, "Sampling window (seconds) of results.csv; default 5");
    options.addOption(
        "im", "interval-monitor", true, "Throughput Monitoring Interval in milliseconds");
    options.addOption("mt", "monitor-type", true, "Type of Monitoring (throughput/advanced)");
    options.addOption(
        "d", "directory", true, "Base directory for the result files, default is results");
    options.addOption("jh", "json-histograms", true, "Export histograms to JSON file");
    options.addOption(action("dialects-export", "Export benchmark SQL to a dialects file"));
    options.addOption(
        action(
            "audit",
            "Audit the database after --execute (default true); alone, audit an existing database"));
    options.addOption(
        action(
            "graph-check",
            "Refuse to execute on an incomplete graph or one that differs from the config (default"
                + " true)"));
    options.addOption(
        Option.builder()
            .longOpt("raw-output")
            .hasArg()
            .optionalArg(true)
            .argName("true|false")
            .desc(
                "Write <base>.raw.csv with one row per transaction (default true, as upstream);"
                    + " false keeps memory flat on long runs")
            .build());
    return options;
  }

  /** A boolean option: bare means true, {@code =true}/{@code =false} as upstream. */
  private static Option action(String name, String description) {
    return Option.builder()
        .longOpt(name)
        .hasArg()
        .optionalArg(true)
        .argName("true|false")
        .desc(description + " (bare: true)")
        .build();
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
        xml.setDocumentBuilder(SafeXml.documentBuilder());
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

  /** Creates the module through its public (WorkloadConfiguration) constructor. */
  static BenchmarkModule instantiate(String cls, WorkloadConfiguration wc)
      throws ConfigurationError {
    return instantiate(cls, wc, null);
  }

  /**
   * Creates the module; the module checks its own configuration block in its constructor, so any
   * exception there is a configuration error, reported with the file it came from.
   */
  static BenchmarkModule instantiate(String cls, WorkloadConfiguration wc, String configFile)
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
          (configFile == null ? "" : "invalid configuration in " + configFile + ": ")
              + "benchmark "
              + wc.getBenchmarkName()
              + ": "
              + describe(cause),
          cause);
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
