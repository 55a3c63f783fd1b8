package com.oltpbenchmark;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;

/**
 * The command line, checked: every value parsed, nothing given twice. Actions may be given bare
 * ({@code --create}) or with a value ({@code --create=true}, {@code --create=false}).
 */
final class RunOptions {
  final List<String> benchmarks;
  final String benchArgument;
  final String configFile;
  final boolean create;
  final boolean clear;
  final boolean load;
  final boolean execute;
  final boolean audit;
  final boolean auditAlone;
  final boolean graphCheck;
  final boolean dialectsExport;
  final boolean rawOutput;
  final boolean databaseFigures;
  final int sampleWindowSeconds;
  final int monitorIntervalMs;
  final boolean advancedMonitoring;
  final boolean advancedRequested;
  final String resultsDir;
  final String jsonHistograms;
  final DriverProcess driver;
  final Instant startAt;

  private final CommandLine line;

  private RunOptions(CommandLine line) throws UsageError {
    this.line = line;
    rejectRepeatedOptions();
    if (line.hasOption("anonymize")) {
      throw new UsageError("--anonymize is not supported by this runtime");
    }
    this.benchArgument = line.getOptionValue("b").trim();
    this.benchmarks = benchmarkNames(benchArgument);
    this.configFile = line.getOptionValue("c").trim();
    this.create = flag("create", false);
    this.clear = flag("clear", false);
    this.load = flag("load", false);
    this.execute = flag("execute", false);
    this.dialectsExport = flag("dialects-export", false);
    this.audit = flag("audit", true);
    this.auditAlone = audit && !execute && line.hasOption("audit");
    this.graphCheck = flag("graph-check", true);
    this.rawOutput = flag("raw-output", true);
    this.databaseFigures = flag("database-figures", true);
    this.sampleWindowSeconds = intOption("s", "sample", 5, 1);
    this.monitorIntervalMs = intOption("im", "interval-monitor", 0, 0);
    String monitorType = line.getOptionValue("mt", "throughput").trim();
    if (!monitorType.equalsIgnoreCase("throughput") && !monitorType.equalsIgnoreCase("advanced")) {
      throw new UsageError(
          "-mt/--monitor-type must be 'throughput' or 'advanced', got '" + monitorType + "'");
    }
    this.advancedRequested = monitorType.equalsIgnoreCase("advanced");
    this.advancedMonitoring = monitorType.equalsIgnoreCase("advanced") && monitorIntervalMs > 0;
    this.resultsDir = line.getOptionValue("d", "results");
    this.jsonHistograms = line.getOptionValue("jh");
    this.driver = driverOption();
    this.startAt = startAtOption();
  }

  static RunOptions of(CommandLine line) throws UsageError {
    return new RunOptions(line);
  }

  /** Whether any step touches the database. */
  boolean touchesDatabase() {
    return create || clear || load || execute || auditAlone;
  }

  private void rejectRepeatedOptions() throws UsageError {
    Map<String, Integer> seen = new HashMap<>();
    for (Option o : line.getOptions()) {
      String key = o.getLongOpt() != null ? o.getLongOpt() : o.getOpt();
      if (seen.merge(key, 1, Integer::sum) == 2) {
        String shortName = o.getOpt() == null ? "" : "-" + o.getOpt() + "/";
        throw new UsageError("option " + shortName + "--" + key + " is given more than once");
      }
    }
  }

  private static List<String> benchmarkNames(String arg) throws UsageError {
    Set<String> names = new LinkedHashSet<>();
    for (String raw : arg.split(",")) {
      String name = raw.trim();
      if (name.isEmpty()) {
        throw new UsageError("-b/--bench has an empty benchmark name in '" + arg + "'");
      }
      if (!names.add(name)) {
        throw new UsageError("-b/--bench lists benchmark '" + name + "' twice");
      }
    }
    return new ArrayList<>(names);
  }

  private DriverProcess driverOption() throws UsageError {
    String v = line.getOptionValue("driver");
    if (v == null) {
      return null;
    }
    try {
      return DriverProcess.parse(v);
    } catch (IllegalArgumentException e) {
      throw new UsageError("--driver " + e.getMessage());
    }
  }

  /** An ISO-8601 instant (2026-11-25T06:00:00Z) or epoch milliseconds. */
  private Instant startAtOption() throws UsageError {
    String v = line.getOptionValue("start-at");
    if (v == null) {
      return null;
    }
    String t = v.trim();
    try {
      return t.chars().allMatch(Character::isDigit)
          ? Instant.ofEpochMilli(Long.parseLong(t))
          : Instant.parse(t);
    } catch (DateTimeParseException | NumberFormatException e) {
      throw new UsageError(
          "--start-at expects an ISO-8601 instant such as 2026-11-25T06:00:00Z, or epoch"
              + " milliseconds, got '"
              + v
              + "'");
    }
  }

  /** A boolean option: absent gives the default, bare gives true. */
  private boolean flag(String name, boolean dflt) throws UsageError {
    if (!line.hasOption(name)) {
      return dflt;
    }
    String v = line.getOptionValue(name);
    if (v == null || v.trim().equalsIgnoreCase("true")) {
      return true;
    }
    if (v.trim().equalsIgnoreCase("false")) {
      return false;
    }
    throw new UsageError("--" + name + " expects true or false (or no value), got '" + v + "'");
  }

  private int intOption(String opt, String longName, int dflt, int min) throws UsageError {
    String v = line.getOptionValue(opt);
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

  /** A bad command-line value. */
  static final class UsageError extends Exception {
    private static final long serialVersionUID = 1L;

    UsageError(String message) {
      super(message);
    }
  }
}
