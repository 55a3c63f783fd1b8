package com.oltpbenchmark;

import com.oltpbenchmark.RunOptions.UsageError;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.util.OneLine;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The command line: {@code -b <bench> -c <config.xml> --create/--load/--execute=true}, as upstream
 * BenchBase. {@link #main} is the only place that exits the JVM; everything else returns an exit
 * code (see the EXIT_ constants).
 */
public final class DBWorkload {
  private static final Logger LOG = LoggerFactory.getLogger(DBWorkload.class);

  /** The exit codes, as {@link ExitCodes} (kept here for callers of upstream's entry point). */
  public static final int EXIT_OK = ExitCodes.OK;

  public static final int EXIT_FAILURE = ExitCodes.FAILURE;
  public static final int EXIT_USAGE = ExitCodes.USAGE;
  public static final int EXIT_TOO_MANY_ERRORS = ExitCodes.TOO_MANY_ERRORS;
  public static final int EXIT_CONFIG = ExitCodes.CONFIG;
  public static final int EXIT_AUDIT = ExitCodes.AUDIT;
  public static final int EXIT_NOTHING_SERVED = ExitCodes.NOTHING_SERVED;
  public static final int EXIT_AUDIT_NOT_RUN = ExitCodes.AUDIT_NOT_RUN;

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
    if (argsLine.hasOption(MergeCommand.OPTION)) {
      return MergeCommand.run(argsLine);
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

  private static void printError(String message) {
    ExitCodes.printError(message);
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
        Option.builder()
            .longOpt("driver")
            .hasArg()
            .argName("k/N")
            .desc(
                "This process is driver k of N sharing one benchmark (sets <driverProcess>); each"
                    + " runs the config's own terminals and rate")
            .build());
    options.addOption(
        Option.builder()
            .longOpt("start-at")
            .hasArg()
            .argName("instant")
            .desc(
                "Start the first phase at this wall-clock instant (ISO-8601, e.g."
                    + " 2026-11-25T06:00:00Z, or epoch ms), so that several drivers line up")
            .build());
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
    options.addOption(
        action(
            "database-figures",
            "Read the database's counters (I/O, WAL/redo, locks, size) at every phase boundary and"
                + " results window over one extra connection (default true)"));
    options.addOption(
        Option.builder()
            .longOpt(MergeCommand.OPTION)
            .hasArg()
            .argName("dir,dir,...")
            .desc(
                "Merge the result sets of one run's driver processes (directories or"
                    + " summary.json files, comma-separated) into one result set in -d;"
                    + " needs no -b or -c")
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
    return Plugins.namesForHelp();
  }
}
