package com.oltpbenchmark.results;

import com.oltpbenchmark.Phase;
import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.collectors.database.DatabaseFigures;
import com.oltpbenchmark.api.collectors.resources.ResourceWindow;
import com.oltpbenchmark.types.TransactionStatus;
import com.oltpbenchmark.util.CredentialScrubber;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.configuration2.XMLConfiguration;

/**
 * Everything the result files need about a finished run, handed to the writers. Immutable (its
 * collections are unmodifiable copies) and free of credentials: it holds no URL, user or password,
 * only the configuration already rendered without them, a credential-free summary of each workload,
 * a masked database label, a {@link CredentialScrubber} (which keeps digests, not secrets) and a
 * {@link DatabaseConnector}. Built with {@link #builder()}.
 */
public final class RunReport {

  /** Opens a connection to the benchmarked database. */
  public interface DatabaseConnector {
    Connection connect() throws SQLException;
  }

  /** What the writers need of one configured phase. */
  public record PhaseSettings(
      int id,
      int terminals,
      int time,
      int warmupTime,
      double rate,
      Phase.Arrival arrival,
      boolean rateLimited,
      boolean disabled,
      boolean serial,
      boolean timed,
      List<Double> weights) {
    public PhaseSettings {
      weights = List.copyOf(weights);
    }

    public static PhaseSettings of(Phase p) {
      return new PhaseSettings(
          p.getId(),
          p.getActiveTerminals(),
          p.getTime(),
          p.getWarmupTime(),
          p.getRate(),
          p.getArrival(),
          p.isRateLimited(),
          p.isDisabled(),
          p.isSerial(),
          p.isTimed(),
          p.getWeights());
    }
  }

  /**
   * What the writers need of one benchmark's workload: its name, its configured transaction types
   * ({@code null} when none were configured; INVALID included as configured) and its phases.
   */
  public record Workload(
      String benchmarkName, List<TransactionType> transactionTypes, List<PhaseSettings> phases) {
    public Workload {
      transactionTypes = transactionTypes == null ? null : List.copyOf(transactionTypes);
      phases = List.copyOf(phases);
    }

    /** The credential-free part of a workload configuration. */
    public static Workload of(WorkloadConfiguration wc) {
      List<PhaseSettings> phases = new ArrayList<>();
      for (Phase p : wc.getPhases()) {
        phases.add(PhaseSettings.of(p));
      }
      return new Workload(
          wc.getBenchmarkName(),
          wc.getTransTypes() == null ? null : new ArrayList<>(wc.getTransTypes()),
          phases);
    }
  }

  private final String benchmarkArgument;
  private final String dbmsType;
  private final String finalState;
  private final long startTimestampMillis;
  private final long elapsedNanos;
  private final String configXml;
  private final Map<String, String> configValues;
  private final DatabaseConnector database;
  private final String databaseLabel;
  private final CredentialScrubber scrubber;
  private final List<TransactionType> transactionTypes;
  private final Map<TransactionType, Map<TransactionStatus, Long>> statusCounts;
  private final Map<TransactionType, Map<String, Long>> abortMessages;
  private final Map<TransactionType, Map<String, Long>> errorStates;
  private final Map<String, String> errorMessages;
  private final Long servedRequests;
  private final Map<Integer, Long> unservedRequests;
  private final InFlightAtEnd inFlightAtEnd;
  private final MeasurementCollector measurements;
  private final List<Workload> workloads;
  private final Map<String, Map<String, Object>> fidelity;
  private final Map<String, Object> anomalies;
  private final String auditJson;
  private final Map<String, Object> auditSummary;
  private final String recordedDbmsVersion;
  private final Map<String, String> recordedParameters;
  private final Merge merge;
  private final DatabaseFigures databaseFigures;
  private final ResourceWindow.Figures resources;
  private final String driverWarning;
  private final List<Section> sections;
  private final ClockOffset clockOffset;

  /**
   * How a merged result set came about: its parts (one summary object each) and the sums of their
   * throughputs, which the merged summary reports instead of requests over the merged elapsed time.
   */
  public record Merge(List<Map<String, Object>> parts, double throughput, double goodput) {
    public Merge {
      parts = List.copyOf(parts);
    }
  }

  private RunReport(Builder b) {
    benchmarkArgument = b.benchmarkArgument;
    dbmsType = b.dbmsType;
    finalState = b.finalState;
    startTimestampMillis = b.startTimestampMillis;
    elapsedNanos = b.elapsedNanos;
    scrubber = b.scrubber;
    if (b.xml != null) {
      configXml = scrubber.scrub(ConfigXml.render(b.xml));
      Map<String, String> values = new LinkedHashMap<>();
      for (String key : SummaryJson.RECORDED_CONFIG_KEYS) {
        String v = b.xml.getString(key, null);
        if (v != null) {
          values.put(key, scrubber.scrub(v));
        }
      }
      configValues = Collections.unmodifiableMap(values);
    } else if (b.renderedXml != null) {
      // already rendered and masked when its result set was written
      configXml = b.renderedXml;
      configValues = Collections.unmodifiableMap(new LinkedHashMap<>(b.renderedValues));
    } else {
      configXml = null;
      configValues = Map.of();
    }
    database = b.database;
    databaseLabel = b.databaseLabel;
    transactionTypes = List.copyOf(b.transactionTypes);
    Map<TransactionType, Map<TransactionStatus, Long>> counts = new LinkedHashMap<>();
    b.statusCounts.forEach(
        (t, m) -> {
          EnumMap<TransactionStatus, Long> copy = new EnumMap<>(TransactionStatus.class);
          copy.putAll(m);
          counts.put(t, Collections.unmodifiableMap(copy));
        });
    statusCounts = Collections.unmodifiableMap(counts);
    abortMessages = scrubbedKeys(b.abortMessages, scrubber);
    errorStates = scrubbedKeys(b.errorStates, scrubber);
    Map<String, String> messages = new LinkedHashMap<>();
    b.errorMessages.forEach((k, v) -> messages.putIfAbsent(scrubber.scrub(k), scrubber.scrub(v)));
    errorMessages = Collections.unmodifiableMap(messages);
    servedRequests = b.servedRequests;
    unservedRequests = Collections.unmodifiableMap(new LinkedHashMap<>(b.unservedRequests));
    inFlightAtEnd = b.inFlightAtEnd;
    measurements = b.measurements;
    workloads = List.copyOf(b.workloads);
    Map<String, Map<String, Object>> f = new LinkedHashMap<>();
    b.fidelity.forEach((k, v) -> f.put(k, deepCopy(v)));
    fidelity = Collections.unmodifiableMap(f);
    anomalies = b.anomalies == null ? null : deepCopy(b.anomalies);
    auditJson = b.auditJson == null ? null : scrubber.scrub(b.auditJson);
    auditSummary = b.auditSummary == null ? null : deepCopy(b.auditSummary);
    recordedDbmsVersion = b.recordedDbmsVersion;
    recordedParameters =
        b.recordedParameters == null
            ? null
            : Collections.unmodifiableMap(new java.util.TreeMap<>(b.recordedParameters));
    merge = b.merge;
    databaseFigures = b.databaseFigures;
    resources = b.resources;
    driverWarning = b.driverWarning;
    sections = List.of();
    clockOffset = b.clockOffset;
  }

  /**
   * A copy of {@code r} with the parts added after the run (the collectors' figures, the audit):
   * only these differ between a report and the one it was made from.
   */
  private RunReport(RunReport r, Additions a) {
    this(r, a, r.anomalies);
  }

  private RunReport(RunReport r, Additions a, Map<String, Object> anomalies) {
    benchmarkArgument = r.benchmarkArgument;
    dbmsType = r.dbmsType;
    finalState = r.finalState;
    startTimestampMillis = r.startTimestampMillis;
    elapsedNanos = r.elapsedNanos;
    configXml = r.configXml;
    configValues = r.configValues;
    database = r.database;
    databaseLabel = r.databaseLabel;
    scrubber = r.scrubber;
    transactionTypes = r.transactionTypes;
    statusCounts = r.statusCounts;
    abortMessages = r.abortMessages;
    errorStates = r.errorStates;
    errorMessages = r.errorMessages;
    servedRequests = r.servedRequests;
    unservedRequests = r.unservedRequests;
    inFlightAtEnd = r.inFlightAtEnd;
    measurements = r.measurements;
    workloads = r.workloads;
    fidelity = r.fidelity;
    this.anomalies = anomalies;
    clockOffset = r.clockOffset;
    recordedDbmsVersion = r.recordedDbmsVersion;
    recordedParameters = r.recordedParameters;
    merge = r.merge;
    auditJson = a.auditJson;
    auditSummary = a.auditSummary;
    databaseFigures = a.databaseFigures;
    resources = a.resources;
    driverWarning = a.driverWarning;
    sections = List.copyOf(a.sections);
  }

  /** The parts of a report that can be added after it was built, as a mutable working copy. */
  private static final class Additions {
    String auditJson;
    Map<String, Object> auditSummary;
    DatabaseFigures databaseFigures;
    ResourceWindow.Figures resources;
    String driverWarning;
    List<Section> sections;

    Additions(RunReport r) {
      auditJson = r.auditJson;
      auditSummary = r.auditSummary;
      databaseFigures = r.databaseFigures;
      resources = r.resources;
      driverWarning = r.driverWarning;
      sections = new ArrayList<>(r.sections);
    }
  }

  /**
   * A collector's own part of the results: a summary.json object under {@code key} (after the
   * runtime's keys, in the order the sections were added) and the lines it adds to the console's
   * footer under the result table.
   */
  public record Section(String key, Map<String, Object> summary, List<String> consoleLines) {
    public Section {
      Objects.requireNonNull(key, "key");
      summary = deepCopy(summary);
      consoleLines = List.copyOf(consoleLines);
    }
  }

  /** This report with one more collector section (one with the same key is replaced). */
  public RunReport withSection(Section section) {
    Additions a = new Additions(this);
    a.sections.removeIf(s -> s.key().equals(section.key()));
    a.sections.add(section);
    return new RunReport(this, a);
  }

  /** The collectors' sections, in the order they were added. */
  public List<Section> sections() {
    return sections;
  }

  /**
   * This report with what the driver and the server's process spent in the measured window and the
   * warning that the driver was the likely limit (null when not).
   */
  public RunReport withResources(ResourceWindow.Figures figures, String warning) {
    Additions a = new Additions(this);
    a.resources = figures;
    a.driverWarning = warning;
    return new RunReport(this, a);
  }

  /**
   * This report with {@code series} put into the {@code Anomalies} summary under {@code Per Window}
   * (the anomalies seen per results window); unchanged when the report has no {@code Anomalies}.
   */
  public RunReport withAnomalySeries(Map<String, Object> series) {
    if (anomalies == null) {
      return this;
    }
    Map<String, Object> a = new LinkedHashMap<>(anomalies);
    a.put("Per Window", deepCopy(series));
    return new RunReport(this, a);
  }

  private RunReport(RunReport r, Map<String, Object> anomalies) {
    this(r, new Additions(r), anomalies);
  }

  /** This report with the database's own figures ({@code Database} key, database.csv). */
  public RunReport withDatabaseFigures(DatabaseFigures figures) {
    Additions a = new Additions(this);
    a.databaseFigures = figures;
    return new RunReport(this, a);
  }

  /** What the database spent, or null when it was not sampled. */
  public DatabaseFigures databaseFigures() {
    return databaseFigures;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * This report with an audit's results: the document ({@code <base>.audit.json}) and the summary's
   * {@code Audit} value.
   */
  public RunReport withAudit(String json, Map<String, Object> summary) {
    Additions a = new Additions(this);
    a.auditJson = json == null ? null : scrubber.scrub(json);
    a.auditSummary = summary == null ? null : deepCopy(summary);
    return new RunReport(this, a);
  }

  /** The raw {@code -b} value, e.g. "socialgraph". */
  public String benchmarkArgument() {
    return benchmarkArgument;
  }

  /** DatabaseType name, e.g. "POSTGRES" (first benchmark's). */
  public String dbmsType() {
    return dbmsType;
  }

  /** "EXIT" or "ERROR" (a State name). */
  public String finalState() {
    return finalState;
  }

  public long startTimestampMillis() {
    return startTimestampMillis;
  }

  public long elapsedNanos() {
    return elapsedNanos;
  }

  /**
   * The workload configuration as {@code <base>.config.xml} holds it (connection elements removed,
   * credentials masked), or null when the report has no configuration.
   */
  public String configXml() {
    return configXml;
  }

  /** A top-level configuration value the summary reports ({@link SummaryJson#CONFIG_KEYS}). */
  public String configValue(String key) {
    return configValues.get(key);
  }

  /**
   * How the parameter and metric collectors reach the database; null when they should not. The
   * report holds no URL, user or password: only this, a masked label and the scrubber.
   */
  public DatabaseConnector database() {
    return database;
  }

  /** The JDBC URL with its credentials masked, for log messages. */
  public String databaseLabel() {
    return databaseLabel;
  }

  /** Masks the run's credentials in every text written to a result file. */
  public CredentialScrubber scrubber() {
    return scrubber;
  }

  /** Configured transaction types of all benchmarks, in id order, INVALID excluded. */
  public List<TransactionType> transactionTypes() {
    return transactionTypes;
  }

  /** Per type, per status: the number of attempts with that outcome (warm-up included). */
  public Map<TransactionType, Map<TransactionStatus, Long>> statusCounts() {
    return statusCounts;
  }

  /** Per type, per user-abort message (e.g. a failed precondition's name, masked): the count. */
  public Map<TransactionType, Map<String, Long>> abortMessages() {
    return abortMessages;
  }

  /** Per type, per SQLState of a retried or failed attempt: the count. */
  public Map<TransactionType, Map<String, Long>> errorStates() {
    return errorStates;
  }

  /**
   * Measured requests that succeeded, or null when unknown (a merged part written before the count
   * existed).
   */
  public Long servedRequests() {
    return servedRequests;
  }

  /** Per SQLState label, the server's first message (credentials masked). */
  public Map<String, String> errorMessages() {
    return errorMessages;
  }

  /**
   * Per phase (1-based id): rate-limited requests that were due but never served because the
   * workers could not keep up (the queue was full or the phase ended first).
   */
  public Map<Integer, Long> unservedRequests() {
    return unservedRequests;
  }

  /** The requests abandoned at the end because they were still waiting on the database. */
  public InFlightAtEnd inFlightAtEnd() {
    return inFlightAtEnd;
  }

  /** The run's measurements; null when there are none. */
  public MeasurementCollector measurements() {
    return measurements;
  }

  /** The run's workloads (phases, weights, terminals), in configuration order. */
  public List<Workload> workloads() {
    return workloads;
  }

  /** Per benchmark name: what its generators drew against what was configured (non-empty only). */
  public Map<String, Map<String, Object>> fidelity() {
    return fidelity;
  }

  /**
   * What the module's online read checks counted (the summary's {@code Anomalies}), or null when
   * the module has none or they were off.
   */
  public Map<String, Object> anomalies() {
    return anomalies;
  }

  /** The audit document ({@code <base>.audit.json}), or null when no audit ran. */
  public String auditJson() {
    return auditJson;
  }

  /** The summary's {@code Audit} value, or null when no audit ran. */
  public Map<String, Object> auditSummary() {
    return auditSummary;
  }

  /**
   * The DBMS parameters as recorded: by the result sets of a merged report (which has no database),
   * or by a run before its first phase; null when they are to be read from {@link #database()}.
   */
  public Map<String, String> recordedParameters() {
    return recordedParameters;
  }

  /** The DBMS version as a result set recorded it; meaningful with {@link #recordedParameters}. */
  public String recordedDbmsVersion() {
    return recordedDbmsVersion;
  }

  /** How this report was merged from several result sets; null for a run's own report. */
  /**
   * What the driver and the server's process spent in the measured window; null when the run did
   * not measure it (a merged result set, or a run that never reached its window).
   */
  public ResourceWindow.Figures resources() {
    return resources;
  }

  /** The end-of-run warning that the driver was the likely limit, or null. */
  public String driverWarning() {
    return driverWarning;
  }

  /**
   * The database server's clock against this process's at the measurement start (for a merged set:
   * on the server's clock, offset 0); null when the report has none (a synthetic report).
   */
  public ClockOffset clockOffset() {
    return clockOffset;
  }

  public Merge merge() {
    return merge;
  }

  @Override
  public String toString() {
    return "RunReport[" + benchmarkArgument + " on " + databaseLabel + ", " + finalState + "]";
  }

  /** Per type, per text: counts with every text masked (texts that become equal are summed). */
  private static Map<TransactionType, Map<String, Long>> scrubbedKeys(
      Map<TransactionType, Map<String, Long>> source, CredentialScrubber scrubber) {
    Map<TransactionType, Map<String, Long>> out = new LinkedHashMap<>();
    source.forEach(
        (t, m) -> {
          Map<String, Long> copy = new LinkedHashMap<>();
          m.forEach((k, v) -> copy.merge(scrubber.scrub(k), v, Long::sum));
          out.put(t, Collections.unmodifiableMap(copy));
        });
    return Collections.unmodifiableMap(out);
  }

  /** An unmodifiable copy of a JSON-like map (nested maps and lists copied likewise). */
  private static Map<String, Object> deepCopy(Map<String, Object> m) {
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, deepCopyValue(v)));
    return Collections.unmodifiableMap(out);
  }

  private static Object deepCopyValue(Object v) {
    if (v instanceof Map<?, ?> map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      map.forEach((k, x) -> out.put(k, deepCopyValue(x)));
      return Collections.unmodifiableMap(out);
    }
    if (v instanceof Collection<?> c) {
      List<Object> out = new ArrayList<>(c.size());
      c.forEach(x -> out.add(deepCopyValue(x)));
      return Collections.unmodifiableList(out);
    }
    return v;
  }

  /** Collects a report's parts; {@link #build()} copies them into an immutable report. */
  public static final class Builder {
    private String benchmarkArgument;
    private String dbmsType;
    private String finalState;
    private long startTimestampMillis;
    private long elapsedNanos;
    private XMLConfiguration xml;
    private DatabaseConnector database;
    private String databaseLabel;
    private CredentialScrubber scrubber = new CredentialScrubber(null, null);
    private List<TransactionType> transactionTypes = List.of();
    private final Map<TransactionType, Map<TransactionStatus, Long>> statusCounts =
        new LinkedHashMap<>();
    private final Map<TransactionType, Map<String, Long>> abortMessages = new LinkedHashMap<>();
    private final Map<TransactionType, Map<String, Long>> errorStates = new LinkedHashMap<>();
    private final Map<String, String> errorMessages = new LinkedHashMap<>();
    private Long servedRequests = 0L;
    private final Map<Integer, Long> unservedRequests = new LinkedHashMap<>();
    private InFlightAtEnd inFlightAtEnd = InFlightAtEnd.NONE;
    private MeasurementCollector measurements;
    private final List<Workload> workloads = new ArrayList<>();
    private final Map<String, Map<String, Object>> fidelity = new LinkedHashMap<>();
    private Map<String, Object> anomalies;
    private String auditJson;
    private Map<String, Object> auditSummary;
    private String renderedXml;
    private Map<String, String> renderedValues = Map.of();
    private String recordedDbmsVersion;
    private Map<String, String> recordedParameters;
    private Merge merge;
    private DatabaseFigures databaseFigures;
    private ResourceWindow.Figures resources;
    private String driverWarning;
    private ClockOffset clockOffset;

    private Builder() {}

    /** The summary's {@code Clock Offset}: measured, or why not. */
    public Builder clockOffset(ClockOffset v) {
      clockOffset = v;
      return this;
    }

    /** The measured window's resource figures and the driver-limit warning (or null). */
    public Builder resources(ResourceWindow.Figures figures, String warning) {
      resources = figures;
      driverWarning = warning;
      return this;
    }

    /**
     * The configuration as a result set's config.xml holds it (already without connection elements
     * and masked), and the summary's configuration values; ignored when {@link #configuration} is
     * given.
     */
    public Builder renderedConfiguration(String configXml, Map<String, String> values) {
      renderedXml = configXml;
      renderedValues = values == null ? Map.of() : values;
      return this;
    }

    /** The DBMS version and parameters a result set recorded, instead of asking the database. */
    public Builder recordedDatabase(String version, Map<String, String> parameters) {
      recordedDbmsVersion = version;
      recordedParameters = parameters == null ? Map.of() : parameters;
      return this;
    }

    public Builder merge(Merge v) {
      merge = v;
      return this;
    }

    public Builder benchmarkArgument(String v) {
      benchmarkArgument = v;
      return this;
    }

    public Builder dbmsType(String v) {
      dbmsType = v;
      return this;
    }

    public Builder finalState(String v) {
      finalState = v;
      return this;
    }

    public Builder startTimestampMillis(long v) {
      startTimestampMillis = v;
      return this;
    }

    public Builder elapsedNanos(long v) {
      elapsedNanos = v;
      return this;
    }

    /**
     * The parsed workload configuration. The report keeps only its rendering without connection
     * elements (masked by the scrubber) and the values the summary reports, never the object.
     */
    public Builder configuration(XMLConfiguration v) {
      xml = v;
      return this;
    }

    /** How the collectors reach the database, and its URL with credentials masked. */
    public Builder database(DatabaseConnector connector, String label) {
      database = connector;
      databaseLabel = label;
      return this;
    }

    public Builder scrubber(CredentialScrubber v) {
      scrubber = Objects.requireNonNull(v, "scrubber");
      return this;
    }

    public Builder transactionTypes(List<TransactionType> v) {
      transactionTypes = v == null ? List.of() : v;
      return this;
    }

    /** Adds {@code n} attempts of {@code type} that ended with {@code status}. */
    public Builder addStatusCount(TransactionType type, TransactionStatus status, long n) {
      statusCounts
          .computeIfAbsent(type, k -> new EnumMap<>(TransactionStatus.class))
          .merge(status, n, Long::sum);
      return this;
    }

    /** Lists {@code type} in the status counts (with no attempt yet) when it is not there. */
    public Builder countType(TransactionType type) {
      statusCounts.computeIfAbsent(type, k -> new EnumMap<>(TransactionStatus.class));
      return this;
    }

    /** Adds counts per user-abort message of {@code type}. */
    public Builder addAbortMessages(TransactionType type, Map<String, Long> counts) {
      merge(abortMessages, type, counts);
      return this;
    }

    /** Adds counts per SQLState of {@code type}. */
    public Builder addErrorStates(TransactionType type, Map<String, Long> counts) {
      merge(errorStates, type, counts);
      return this;
    }

    /** Adds measured requests that succeeded; null makes the count unknown. */
    public Builder addServedRequests(Long n) {
      servedRequests = n == null || servedRequests == null ? null : servedRequests + n;
      return this;
    }

    /** Adds the first message of each SQLState label not known yet. */
    public Builder addErrorMessages(Map<String, String> messages) {
      messages.forEach(errorMessages::putIfAbsent);
      return this;
    }

    public Builder inFlightAtEnd(InFlightAtEnd v) {
      inFlightAtEnd = v == null ? InFlightAtEnd.NONE : v;
      return this;
    }

    /** Adds unserved requests of a phase (0 lists the phase). */
    public Builder addUnservedRequests(int phaseId, long n) {
      unservedRequests.merge(phaseId, n, Long::sum);
      return this;
    }

    public Builder measurements(MeasurementCollector v) {
      measurements = v;
      return this;
    }

    /** Adds a workload's credential-free summary, in configuration order. */
    public Builder addWorkload(WorkloadConfiguration wc) {
      workloads.add(Workload.of(wc));
      return this;
    }

    /** Adds a workload's summary as a result set recorded it, in configuration order. */
    public Builder addWorkload(Workload w) {
      workloads.add(w);
      return this;
    }

    /** Adds a benchmark's workload fidelity (ignored when empty). */
    public Builder addFidelity(String benchmarkName, Map<String, Object> f) {
      if (f != null && !f.isEmpty()) {
        fidelity.put(benchmarkName, f);
      }
      return this;
    }

    /** What a module's online read checks counted (ignored when null or empty). */
    public Builder anomalies(Map<String, Object> a) {
      if (a != null && !a.isEmpty()) {
        anomalies = a;
      }
      return this;
    }

    /** The audit document and the summary's {@code Audit} value. */
    public Builder audit(String json, Map<String, Object> summary) {
      auditJson = json;
      auditSummary = summary;
      return this;
    }

    /** The database's figures as a result set recorded them. */
    public Builder databaseFigures(DatabaseFigures v) {
      databaseFigures = v;
      return this;
    }

    public RunReport build() {
      return new RunReport(this);
    }

    private static void merge(
        Map<TransactionType, Map<String, Long>> into,
        TransactionType type,
        Map<String, Long> counts) {
      Map<String, Long> target = into.computeIfAbsent(type, k -> new LinkedHashMap<>());
      counts.forEach((k, v) -> target.merge(k, v, Long::sum));
    }
  }
}
