package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.TransactionTypes;
import com.oltpbenchmark.jdbc.TerminalHosts;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.OneLine;
import com.oltpbenchmark.util.SafeXml;
import java.io.File;
import java.io.FileNotFoundException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.apache.commons.configuration2.HierarchicalConfiguration;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.builder.FileBasedConfigurationBuilder;
import org.apache.commons.configuration2.builder.fluent.Parameters;
import org.apache.commons.configuration2.convert.DisabledListDelimiterHandler;
import org.apache.commons.configuration2.ex.ConfigurationException;
import org.apache.commons.configuration2.tree.ImmutableNode;
import org.apache.commons.configuration2.tree.xpath.XPathExpressionEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xml.sax.SAXParseException;

/**
 * Reads the workload XML (docs/runtime.md) into {@link WorkloadConfiguration}s: every element with
 * upstream's default, {@code @bench} overrides, and an error naming the element and the file for
 * anything invalid.
 */
public final class WorkloadConfigReader {
  private static final Logger LOG = LoggerFactory.getLogger(WorkloadConfigReader.class);

  private final String file;
  private final XMLConfiguration xml;

  private WorkloadConfigReader(String file, XMLConfiguration xml) {
    this.file = file;
    this.xml = xml;
  }

  /** Loads an XML file with upstream's parser settings (XPath keys, no list splitting). */
  public static XMLConfiguration load(String path) throws ConfigurationError {
    if (path == null || !new File(path).isFile()) {
      throw new ConfigurationError("configuration file not found: " + path);
    }
    try {
      return new FileBasedConfigurationBuilder<>(XMLConfiguration.class)
          .configure(
              new Parameters()
                  .xml()
                  .setFileName(path)
                  .setListDelimiterHandler(new DisabledListDelimiterHandler())
                  .setExpressionEngine(new XPathExpressionEngine())
                  .setDocumentBuilder(SafeXml.documentBuilder()))
          .getConfiguration();
    } catch (ConfigurationException e) {
      throw parseError(path, e);
    }
  }

  /** The one-line error for an XML file that cannot be read (a DOCTYPE is refused by name). */
  public static ConfigurationError parseError(String path, Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String where =
        root instanceof SAXParseException && ((SAXParseException) root).getLineNumber() > 0
            ? " line " + ((SAXParseException) root).getLineNumber()
            : "";
    if (SafeXml.isDoctypeRefusal(e)) {
      return new ConfigurationError(
          "refusing "
              + path
              + where
              + ": it has a DOCTYPE; DTDs and entities are not allowed in configuration files");
    }
    return new ConfigurationError(
        "cannot parse " + path + where + ": " + OneLine.of(root.getMessage()), e);
  }

  public static WorkloadConfigReader of(String file, XMLConfiguration xml) {
    return new WorkloadConfigReader(file, xml);
  }

  /**
   * Upper bounds of the sizes a run can work with. Beyond them a run would exhaust threads,
   * connections or memory, or wait for decades, so they are refused before anything starts.
   */
  static final int MAX_TERMINALS = 10_000;

  static final int MAX_LOADER_THREADS = 1_024;
  static final int MAX_BATCH_SIZE = 1_000_000;
  static final int MAX_RETRIES = 1_000;
  static final int MAX_PHASE_SECONDS = 366 * 24 * 3600;
  static final int MAX_WAIT_MS = 3_600_000;
  static final double MAX_RATE = 1e9;

  /** Default of {@code <maxErrorPercent>}: a run with a larger share of ERROR requests fails. */
  static final int DEFAULT_MAX_ERROR_PERCENT = 5;

  ConfigurationError error(String element, String problem) {
    return new ConfigurationError(
        "invalid configuration in " + file + ": element <" + element + ">: " + problem);
  }

  /**
   * The trimmed value of {@code element[@bench='bench']} under {@code c} if present, else that of
   * {@code element[not(@bench)]}; null when absent or blank.
   */
  private static String benchValue(
      HierarchicalConfiguration<ImmutableNode> c, String element, String bench) {
    String v = c.getString(element + "[@bench='" + bench + "']", null);
    if (v == null) {
      v = c.getString(element + "[not(@bench)]", null);
    }
    return trimToNull(v);
  }

  private static String trimToNull(String s) {
    if (s == null) {
      return null;
    }
    String t = s.trim();
    return t.isEmpty() ? null : t;
  }

  /** The trimmed text of a top-level element, or null when it is absent or blank. */
  private String text(String element) {
    return trimToNull(xml.getString(element, null));
  }

  private int intValue(
      HierarchicalConfiguration<ImmutableNode> c, String key, String element, int dflt)
      throws ConfigurationError {
    return parseInt(trimToNull(c.getString(key, null)), element, dflt);
  }

  private int parseInt(String v, String element, int dflt) throws ConfigurationError {
    return parseNumber(v, element, dflt, Integer::valueOf, "an integer");
  }

  private double parseDouble(String v, String element, double dflt) throws ConfigurationError {
    return parseNumber(v, element, dflt, Double::valueOf, "a number");
  }

  /**
   * {@code v} (null: absent, so {@code dflt}) read by {@code parse}; {@code what} for the error.
   */
  private <T> T parseNumber(
      String v, String element, T dflt, Function<String, T> parse, String what)
      throws ConfigurationError {
    if (v == null) {
      return dflt;
    }
    try {
      return parse.apply(v.trim());
    } catch (NumberFormatException e) {
      throw error(element, "expected " + what + ", got '" + v + "'");
    }
  }

  private boolean parseBoolean(String v, String element, boolean dflt) throws ConfigurationError {
    if (v == null) {
      return dflt;
    }
    String t = v.trim();
    if (t.equalsIgnoreCase("true")) {
      return true;
    }
    if (t.equalsIgnoreCase("false")) {
      return false;
    }
    throw error(element, "expected true or false, got '" + v + "'");
  }

  /** The connection and sizing part of a benchmark's configuration (everything but phases). */
  public WorkloadConfiguration readGlobals(String bench) throws ConfigurationError {
    WorkloadConfiguration wc = new WorkloadConfiguration();
    wc.setBenchmarkName(bench);
    wc.setXmlConfig(xml);
    String type = text("type");
    if (type == null) {
      throw error("type", "missing; the database type is required, e.g. <type>POSTGRES</type>");
    }
    DatabaseType dbType = DatabaseType.get(type);
    if (dbType == null) {
      throw error(
          "type",
          "unknown database type '" + type + "'; one of " + Arrays.toString(DatabaseType.values()));
    }
    wc.setDatabaseType(dbType);
    wc.setDriverClass(text("driver"));
    wc.setUrl(text("url"));
    wc.setUsername(xml.getString("username", null));
    wc.setPassword(xml.getString("password", null));
    wc.setRandomSeed(parseInt(text("randomSeed"), "randomSeed", -1));
    wc.setBatchSize(parseInt(text("batchsize"), "batchsize", 128));
    checkRange("batchsize", wc.getBatchSize(), 1, MAX_BATCH_SIZE);
    wc.setMaxRetries(parseInt(text("retries"), "retries", 3));
    checkRange("retries", wc.getMaxRetries(), 0, MAX_RETRIES);
    wc.setNewConnectionPerTxn(
        parseBoolean(text("newConnectionPerTxn"), "newConnectionPerTxn", false));
    wc.setReconnectOnConnectionFailure(
        parseBoolean(text("reconnectOnConnectionFailure"), "reconnectOnConnectionFailure", false));
    wc.setSpreadTerminalsOverHosts(
        parseBoolean(text("spreadTerminalsOverHosts"), "spreadTerminalsOverHosts", false));
    if (wc.getSpreadTerminalsOverHosts()) {
      try {
        TerminalHosts.parse(wc.getUrl());
      } catch (IllegalArgumentException e) {
        throw error("url", e.getMessage());
      }
    }
    String loaderThreads = text("loaderThreads");
    if (loaderThreads != null) {
      wc.setLoaderThreads(parseInt(loaderThreads, "loaderThreads", 1));
      checkRange("loaderThreads", wc.getLoaderThreads(), 1, MAX_LOADER_THREADS);
    }
    wc.setScaleFactor(parseDouble(text("scalefactor"), "scalefactor", 1.0));
    if (!(wc.getScaleFactor() > 0)) {
      throw error("scalefactor", "must be positive, got " + wc.getScaleFactor());
    }
    wc.setSelectivity(parseDouble(text("selectivity"), "selectivity", -1.0));
    wc.setDataDir(xml.getString("datadir", "."));
    try {
      wc.setDDLPath(xml.getString("ddlpath", null));
    } catch (FileNotFoundException e) {
      throw error("ddlpath", "file not found: " + xml.getString("ddlpath"));
    }
    try {
      wc.setSessionSetupFile(xml.getString("sessionsetupfile", null));
    } catch (FileNotFoundException e) {
      throw error("sessionsetupfile", "file not found: " + xml.getString("sessionsetupfile"));
    }
    String isolation = benchValue(xml, "isolation", bench);
    if (isolation != null) {
      if (WorkloadConfiguration.isolationLevel(isolation) == null) {
        throw error(
            "isolation",
            "unknown isolation level '"
                + isolation
                + "'; one of "
                + String.join(", ", WorkloadConfiguration.isolationNames()));
      }
      wc.setIsolationMode(isolation);
    }
    String refused =
        IsolationSupport.refusal(
            dbType, wc.getIsolationMode(), wc.getIsolationString(), isolation != null);
    if (refused != null) {
      throw error("isolation", refused);
    }
    wc.setTerminals(parseInt(benchValue(xml, "terminals", bench), "terminals", 0));
    checkRange("terminals", wc.getTerminals(), 0, MAX_TERMINALS);
    return wc;
  }

  /**
   * Reads transactiontypes (ids offset by {@code idOffset}) into the configuration, with INVALID at
   * position 0 so that position i is weight i. Returns the number of types read.
   */
  public int readTransactionTypes(
      WorkloadConfiguration wc, BenchmarkModule module, int idOffset, boolean singleBenchmark)
      throws ConfigurationError {
    String bench = wc.getBenchmarkName();
    List<HierarchicalConfiguration<ImmutableNode>> entries =
        xml.configurationsAt("transactiontypes[@bench='" + bench + "']/transactiontype");
    if (entries.isEmpty() && singleBenchmark) {
      entries = xml.configurationsAt("transactiontypes[not(@bench)]/transactiontype");
    }
    List<TransactionType> types = new ArrayList<>();
    types.add(TransactionType.INVALID);
    Set<Integer> ids = new HashSet<>();
    Set<String> names = new HashSet<>();
    int position = 0;
    for (HierarchicalConfiguration<ImmutableNode> tt : entries) {
      position++;
      String element = "transactiontypes/transactiontype[" + position + "]";
      String name = trimToNull(tt.getString("name", null));
      if (name == null) {
        throw error(element + "/name", "missing transaction type name");
      }
      if (!names.add(name.toUpperCase(Locale.ROOT))) {
        throw error(element + "/name", "transaction type '" + name + "' is listed twice");
      }
      int id =
          intValue(tt, "id", element + "/id", position) + (tt.containsKey("id") ? 0 : idOffset);
      if (id == TransactionType.INVALID_ID) {
        throw error(element + "/id", "id 0 is reserved");
      }
      if (!ids.add(id)) {
        throw error(element + "/id", "id " + id + " is used twice");
      }
      long pre = intValue(tt, "preExecutionWait", element + "/preExecutionWait", 0);
      long post = intValue(tt, "postExecutionWait", element + "/postExecutionWait", 0);
      checkRange(element + "/preExecutionWait", pre, 0, MAX_WAIT_MS);
      checkRange(element + "/postExecutionWait", post, 0, MAX_WAIT_MS);
      try {
        types.add(module.initTransactionType(name, id, pre, post));
      } catch (RuntimeException e) {
        throw error(element + "/name", e.getMessage());
      }
    }
    wc.setTransTypes(new TransactionTypes(types));
    return position;
  }

  /** Reads works/work into phases; needs the transaction types (for the weight count). */
  public void readPhases(WorkloadConfiguration wc) throws ConfigurationError {
    String bench = wc.getBenchmarkName();
    int numTypes = wc.getTransTypes() == null ? 0 : wc.getTransTypes().size() - 1;
    List<HierarchicalConfiguration<ImmutableNode>> works = xml.configurationsAt("works/work");
    int i = 0;
    for (HierarchicalConfiguration<ImmutableNode> work : works) {
      i++;
      String el = "works/work[" + i + "]";
      int time = intValue(work, "time", el + "/time", 0);
      int warmup = intValue(work, "warmup", el + "/warmup", 0);
      checkRange(el + "/time", time, 0, MAX_PHASE_SECONDS);
      checkRange(el + "/warmup", warmup, 0, MAX_PHASE_SECONDS);
      if (warmup > 0 && i > 1) {
        LOG.warn(
            "{}: <{}/warmup> only applies to the first phase (as upstream); ignored", file, el);
      }
      String rateText = benchValue(work, "rate", bench);
      if (rateText == null) {
        throw error(
            el + "/rate",
            "missing; a rate is required (a number of transactions per"
                + " second, 'unlimited' or 'disabled')");
      }
      boolean rateLimited = true;
      boolean disabled = false;
      double rate = -1;
      if (rateText.equalsIgnoreCase("unlimited")) {
        rateLimited = false;
      } else if (rateText.equalsIgnoreCase("disabled")) {
        rateLimited = false;
        disabled = true;
      } else {
        try {
          rate = Double.parseDouble(rateText);
        } catch (NumberFormatException e) {
          throw error(
              el + "/rate",
              "expected a positive number, 'unlimited' or 'disabled', got '" + rateText + "'");
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
          throw error(el + "/rate", "must be positive, got " + rateText);
        }
        if (rate > MAX_RATE) {
          throw error(
              el + "/rate",
              "at most " + (long) MAX_RATE + " per second can be scheduled, got " + rateText);
        }
      }
      boolean serial =
          parseBoolean(trimToNull(work.getString("serial", null)), el + "/serial", false);
      if (time == 0 && !serial && !disabled) {
        throw error(
            el + "/time", "missing or 0; a phase needs a positive time unless it is serial");
      }
      if (time == 0 && disabled) {
        throw error(el + "/time", "missing or 0; a disabled phase still needs a time");
      }
      String weightText = benchValue(work, "weights", bench);
      List<Double> weights = new ArrayList<>();
      if (weightText == null) {
        if (!disabled) {
          throw error(el + "/weights", "missing; one weight per transaction type is required");
        }
        for (int k = 0; k < numTypes; k++) {
          weights.add(0.0);
        }
      } else {
        for (String w : weightText.split(",")) {
          String t = w.trim();
          double d;
          try {
            d = Double.parseDouble(t);
          } catch (NumberFormatException e) {
            throw error(el + "/weights", "'" + t + "' is not a number");
          }
          if (d < 0 || Double.isNaN(d) || Double.isInfinite(d)) {
            throw error(el + "/weights", "weights must be non-negative numbers, got " + t);
          }
          weights.add(d);
        }
      }
      if (weights.size() != numTypes) {
        throw error(
            el + "/weights",
            "has "
                + weights.size()
                + " weights but there are "
                + numTypes
                + " transaction types; give one weight per transactiontype, in order");
      }
      double sum = weights.stream().mapToDouble(Double::doubleValue).sum();
      if (!disabled && !(sum > 0)) {
        throw error(el + "/weights", "all weights are 0");
      }
      if (!disabled && Math.round(sum) != 100) {
        LOG.warn(
            "{}: <{}/weights> sum to {}, not 100 (they are used as relative weights)",
            file,
            el,
            sum);
      }
      int active = wc.getTerminals();
      String activeText = benchValue(work, "active_terminals", bench);
      if (activeText != null) {
        active = parseInt(activeText, el + "/active_terminals", active);
        if (active < 0 || active > wc.getTerminals()) {
          throw error(
              el + "/active_terminals",
              "must be between 0 and terminals (" + wc.getTerminals() + "), got " + active);
        }
      }
      if (serial && active > 1) {
        active = 1;
      }
      String arrivalText = trimToNull(work.getString("@arrival", null));
      if (arrivalText == null) {
        arrivalText = trimToNull(work.getString("arrival", null));
      }
      Phase.Arrival arrival = Phase.Arrival.REGULAR;
      if (arrivalText != null) {
        if (arrivalText.equalsIgnoreCase("poisson")) {
          arrival = Phase.Arrival.POISSON;
        } else if (!arrivalText.equalsIgnoreCase("regular")) {
          throw error(
              el + "/@arrival", "expected 'regular' or 'poisson', got '" + arrivalText + "'");
        }
      }
      wc.addPhase(
          i, time, warmup, rate, weights, rateLimited, disabled, serial, time > 0, active, arrival);
    }
  }

  private void checkRange(String element, long value, long min, long max)
      throws ConfigurationError {
    if (value < min) {
      throw error(
          element,
          (min == 0 ? "must not be negative" : "must be at least " + min) + ", got " + value);
    }
    if (value > max) {
      throw error(element, "must be at most " + max + " (the limit of this runtime), got " + value);
    }
  }

  /**
   * {@code <maxErrorPercent>}: the largest share of requests (0-100) that may end in ERROR before
   * the run is reported failed; 100 turns the check off.
   */
  public int maxErrorPercent() throws ConfigurationError {
    int v = parseInt(text("maxErrorPercent"), "maxErrorPercent", DEFAULT_MAX_ERROR_PERCENT);
    checkRange("maxErrorPercent", v, 0, 100);
    return v;
  }

  /**
   * {@code <progressInterval>}: seconds between the progress lines a run prints while its phases go
   * on (default {@value PhaseProgress#DEFAULT_INTERVAL_SECONDS}); 0 prints none.
   */
  public int progressIntervalSeconds() throws ConfigurationError {
    int v =
        parseInt(
            text("progressInterval"), "progressInterval", PhaseProgress.DEFAULT_INTERVAL_SECONDS);
    checkRange("progressInterval", v, 0, 86_400);
    return v;
  }

  /**
   * {@code <warmupUntilJitSettled>}: the most seconds the warm-up may last when it goes on past the
   * first phase's {@code <warmup>} ({@code warmupSeconds}, the longest of the workloads') until
   * HotSpot's JIT has settled; 0, the default, keeps the fixed warm-up.
   */
  public int warmupUntilJitSettledSeconds(int warmupSeconds) throws ConfigurationError {
    String element = "warmupUntilJitSettled";
    int v = parseInt(text(element), element, 0);
    checkRange(element, v, 0, MAX_PHASE_SECONDS);
    if (v > 0 && v < warmupSeconds) {
      throw error(
          element,
          "must be 0 (off) or at least the first phase's <warmup> ("
              + warmupSeconds
              + " s): it is the longest the warm-up may last, got "
              + v);
    }
    return v;
  }

  /**
   * {@code <inFlightGrace>}: seconds (a decimal) that requests still waiting on the database when
   * the last phase ends may take to finish before they are abandoned and counted as in flight at
   * the end (default {@value ThreadBench#DEFAULT_IN_FLIGHT_GRACE_MS} ms).
   */
  public long inFlightGraceMillis() throws ConfigurationError {
    double v =
        parseDouble(
            text("inFlightGrace"),
            "inFlightGrace",
            ThreadBench.DEFAULT_IN_FLIGHT_GRACE_MS / 1000.0);
    if (!(v >= 0 && v <= 3600)) {
      throw error(
          "inFlightGrace", "must be between 0 and 3600 seconds, got " + text("inFlightGrace"));
    }
    return Math.round(v * 1000);
  }

  /** The afterload script (file or classpath resource), or null. */
  public String afterLoad() {
    return text("afterload");
  }
}
