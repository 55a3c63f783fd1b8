package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.Phase;
import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Loader;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.ReadAnomalies;
import com.oltpbenchmark.benchmarks.socialgraph.audit.AuditConfig;
import com.oltpbenchmark.benchmarks.socialgraph.audit.GraphMarker;
import com.oltpbenchmark.benchmarks.socialgraph.audit.LoadLock;
import com.oltpbenchmark.benchmarks.socialgraph.audit.Preflight;
import com.oltpbenchmark.benchmarks.socialgraph.audit.ReadReplicaPreflight;
import com.oltpbenchmark.benchmarks.socialgraph.audit.SocialGraphAuditor;
import com.oltpbenchmark.benchmarks.socialgraph.audit.StorageEngineCheck;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteTracker;
import com.oltpbenchmark.benchmarks.socialgraph.config.ConfigException;
import com.oltpbenchmark.benchmarks.socialgraph.config.DriverShare;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.config.ReadReplicas;
import com.oltpbenchmark.benchmarks.socialgraph.config.ServerWrites;
import com.oltpbenchmark.benchmarks.socialgraph.config.TaoBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.DistributionFile;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.Distributions;
import com.oltpbenchmark.benchmarks.socialgraph.fidelity.LinkBenchDraws;
import com.oltpbenchmark.benchmarks.socialgraph.fidelity.RunDraws;
import com.oltpbenchmark.benchmarks.socialgraph.fidelity.TaoBenchDraws;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraphs;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequestGenerator;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ServerWriteRoutines;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoBenchWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoMixCheck;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestGenerator;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequestType;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadFileException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.tree.ImmutableNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The socialgraph benchmark: LinkBench and TAOBench on one schema (nodetable, linktable,
 * counttable) and one loaded graph. Registered as {@code socialgraph} in config/plugin.xml; the
 * schema is {@code benchmarks/socialgraph/ddl-<db>.sql}, dialects {@code dialect-<db>.xml}.
 *
 * <p>The constructor reads every module input (the {@code <linkbench>} and {@code <taobench>}
 * blocks, the distribution file and the TAOBench workload they name) and builds the graph and both
 * request workloads, so a bad input is a {@link ConfigException} before anything reaches the
 * database. Each worker gets its own request generators through its constructor.
 *
 * <p>Request seed: BenchBase's {@code <randomSeed>}, else a fresh seed logged when workers are
 * made, so the run can be repeated; LinkBench's {@code request_random_seed} overrides it for the
 * LinkBench requests.
 */
public final class SocialGraphBenchmark extends BenchmarkModule {

  private static final Logger LOG = LoggerFactory.getLogger(SocialGraphBenchmark.class);

  private final SocialGraph graph;
  private final LinkBenchWorkload linkBench;
  private final TaoBenchConfig taoBenchConfig;
  private TaoBenchWorkload taoBench;
  private final long runSeed;
  private final boolean freshSeed;
  private final LinkBenchDraws linkBenchDraws = new LinkBenchDraws();
  private TaoBenchDraws taoBenchDraws;
  private final WriteTracker writeTracker;
  private final ReadAnomalies readAnomalies;
  private final AuditConfig auditConfig;
  private final DriverShare driverShare;
  private final ServerWrites serverWrites;
  private final ReadReplicas readReplicas;
  private ServerWriteRoutines serverWriteRoutines;

  public SocialGraphBenchmark(WorkloadConfiguration workConf) {
    super(workConf);
    XMLConfiguration xml = workConf.getXmlConfig();
    freshSeed = workConf.getRandomSeed() == -1;
    runSeed = freshSeed ? System.nanoTime() ^ 0x5DEECE66DL : workConf.getRandomSeed();
    LinkBenchConfig linkBenchConfig = LinkBenchConfig.fromXml(xml, workConf.getScaleFactor());
    taoBenchConfig = TaoBenchConfig.from(xml);
    try {
      DistributionFile data = Distributions.dataFileOf(linkBenchConfig);
      graph = SocialGraphs.create(linkBenchConfig, data);
      linkBench =
          new LinkBenchWorkload(
              linkBenchConfig, graph, data, linkBenchConfig.requestRandomSeed().orElse(runSeed));
    } catch (DistributionFile.FormatException | UncheckedIOException e) {
      throw new ConfigException(
          "LinkBench config " + linkBenchConfig.source() + ": data_file: " + e.getMessage(), e);
    }
    // A LinkBench-only run does not pay for, or fail on, TAOBench defaults it never uses.
    if (xml != null
        && (!xml.configurationsAt(TaoBenchConfig.BLOCK).isEmpty() || namesTaoBenchType(xml))) {
      buildTaoBench();
    }
    driverShare = DriverShare.from(xml);
    // a process sees only its own writes, and another's later write to a key would look lost
    auditConfig = AuditConfig.from(xml);
    writeTracker = driverShare.shared() ? new WriteTracker(0, 1) : auditConfig.newTracker();
    readAnomalies =
        auditConfig.checkReads() ? new ReadAnomalies(driverShare.k() - 1, System.nanoTime()) : null;
    serverWrites = ServerWrites.from(xml);
    readReplicas = ReadReplicas.from(xml, workConf.getUrl());
    if (serverWrites == ServerWrites.TRUE
        && ServerWriteRoutines.forDatabase(workConf.getDatabaseType()).isEmpty()) {
      throw new ConfigException(
          "element <serverWrites>: true, but socialgraph has no server write routines for "
              + workConf.getDatabaseType()
              + " (PostgreSQL, MariaDB and MySQL have them); use auto or false");
    }
  }

  /** Builds the TAOBench workload and the fidelity counters its requests record into. */
  private void buildTaoBench() {
    try {
      taoBench =
          TaoBenchWorkload.create(taoBenchConfig, graph, runSeed, System.currentTimeMillis());
    } catch (WorkloadFileException | UncheckedIOException e) {
      throw new ConfigException("<taobench><workload>: " + e.getMessage(), e);
    }
    TaoWorkload workload = taoBench.workload();
    taoBenchDraws =
        new TaoBenchDraws(
            workload.primaryShards().probabilities(),
            workload.readTxnSizes(),
            workload.writeTxnSizes());
  }

  /** Whether a {@code <transactiontypes>} element of the config names a TAOBench procedure. */
  private static boolean namesTaoBenchType(XMLConfiguration xml) {
    ImmutableNode root = xml.getNodeModel().getNodeHandler().getRootNode();
    for (ImmutableNode types : root.getChildren("transactiontypes")) {
      for (ImmutableNode type : types.getChildren("transactiontype")) {
        for (ImmutableNode name : type.getChildren("name")) {
          if (name.getValue() != null
              && TaoRequestType.forProcedure(String.valueOf(name.getValue()).strip()) != null) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Which of several driver processes this is ({@code <driverProcess>}); 1/1 alone. */
  public DriverShare driverShare() {
    return driverShare;
  }

  /** The graph the loader writes and the request generators address. */
  public SocialGraph graph() {
    return graph;
  }

  /** The LinkBench request side of the run. */
  public LinkBenchWorkload linkBench() {
    return linkBench;
  }

  /** The TAOBench request side of the run, built on first use when the config names none. */
  public synchronized TaoBenchWorkload taoBench() {
    if (taoBench == null) {
      buildTaoBench();
    }
    return taoBench;
  }

  /**
   * The server routines write requests use (one round trip each), or null when writes go step by
   * step; set by {@link #makeWorkersImpl}, which creates the routines the database lacks.
   */
  public ServerWriteRoutines serverWriteRoutines() {
    return serverWriteRoutines;
  }

  /** The writes this run tracks for the lost-write audit (shared by all its workers). */
  public WriteTracker writeTracker() {
    return writeTracker;
  }

  /** The run's online read checks, shared by its workers; null when {@code <checkReads>} is off. */
  public ReadAnomalies readAnomalies() {
    return readAnomalies;
  }

  /**
   * Runtime hook: what the online read checks counted (summary.json's {@code Anomalies}); empty
   * when they are off.
   */
  public Map<String, Object> readAnomaliesSummary() {
    return readAnomalies == null ? Map.of() : readAnomalies.summary();
  }

  /**
   * Runtime hook: the online read checks' running totals (per class, checked and seen), read once
   * per results window for the report's series; empty when they are off.
   */
  public Map<String, Long> readAnomalyTotals() {
    return readAnomalies == null ? Map.of() : readAnomalies.totals();
  }

  /**
   * Runtime hook (not called inside upstream BenchBase): the load lock ({@link LoadLock}), held by
   * the runtime from {@code --create} through {@code --load}. Throws IllegalStateException with one
   * line when another create or load of this database holds it.
   */
  public AutoCloseable lockForSetup() throws SQLException {
    WorkloadConfiguration conf = getWorkloadConfiguration();
    return LoadLock.acquire(makeConnection(), conf.getUrl(), conf.getDatabaseType(), driverShare);
  }

  /**
   * Runtime hook (not called inside upstream BenchBase): why a run on this database would be
   * pointless, in one line, or null when the schema exists (in the engine {@code <type>} names,
   * {@link StorageEngineCheck}), if {@code checkGraph} the loaded graph is complete and the one
   * this configuration describes, and every {@code <readReplicas>} URL is a replica that holds them
   * too ({@link ReadReplicaPreflight}).
   */
  public String preflight(Connection conn, boolean checkGraph) throws SQLException {
    String schema = Preflight.problem(conn, linkBench.config(), false);
    if (schema != null) {
      return schema;
    }
    String engine = StorageEngineCheck.problem(conn, workConf.getDatabaseType());
    if (engine != null) {
      return engine;
    }
    String graph = checkGraph ? Preflight.problem(conn, linkBench.config(), true) : null;
    if (graph != null) {
      return graph;
    }
    return ReadReplicaPreflight.problem(
        conn,
        readReplicas,
        workConf.getUsername(),
        workConf.getPassword(),
        linkBench.config(),
        checkGraph);
  }

  /**
   * Runtime hook: audits the database (invariants, and the writes this run tracked) and returns the
   * audit document as JSON text (see {@link SocialGraphAuditor#audit}).
   */
  public String auditJson(Connection conn) throws SQLException {
    return SocialGraphAuditor.audit(
            conn,
            writeTracker,
            GraphMarker.describe(linkBench.config()),
            auditConfig.backends(),
            workConf.getUsername(),
            workConf.getPassword(),
            this::makeConnection,
            readAnomalies == null ? List.of() : readAnomalies.auditChecks())
        .toString(2);
  }

  /** Runtime hook: the one-line console verdict of an audit document from {@link #auditJson}. */
  public String auditVerdict(String auditJson) {
    return SocialGraphAuditor.verdictLine(new org.json.JSONObject(auditJson));
  }

  /**
   * The run's fidelity counters, which the workers' requests record into; TAOBench's exist once the
   * TAOBench workload is built (before the workers, when the run has TAOBench types).
   */
  synchronized RunDraws draws() {
    return new RunDraws(linkBenchDraws, taoBenchDraws);
  }

  /**
   * What the generators drew against what was configured, for the runtime's report (found by
   * reflection; upstream BenchBase never calls it). JDK types only.
   */
  public Map<String, Object> workloadFidelity() {
    Map<String, Object> m = new LinkedHashMap<>();
    if (!linkBenchDraws.isEmpty()) {
      m.put("LinkBench", linkBenchDraws.snapshot(linkBench.config()));
    }
    TaoBenchDraws tao;
    synchronized (this) {
      tao = taoBenchDraws;
    }
    Map<String, Object> taoDraws = tao == null ? Map.of() : tao.snapshot();
    if (!taoDraws.isEmpty()) {
      m.put("TAOBench", taoDraws);
    }
    return m;
  }

  @Override
  protected List<Worker<? extends BenchmarkModule>> makeWorkersImpl() throws IOException {
    serverWriteRoutines = installServerWriteRoutines();
    boolean linkBenchTypes = false;
    boolean taoBenchTypes = false;
    if (workConf.getTransTypes() != null) {
      for (TransactionType t : workConf.getTransTypes()) {
        linkBenchTypes |= SocialGraphWorker.isLinkBench(t.getProcedureClass());
        taoBenchTypes |= SocialGraphWorker.taoBenchType(t.getProcedureClass()) != null;
      }
    }
    TaoBenchWorkload tao = taoBenchTypes ? taoBench() : null;
    if (tao != null) {
      describeTaoBench(tao);
    }
    if (freshSeed && (taoBenchTypes || linkBenchTypes && linkBench.requestSeed() == runSeed)) {
      LOG.info(
          "socialgraph: no <randomSeed>; the request seed is {} (set <randomSeed> to repeat the"
              + " requests)",
          runSeed);
    }
    int terminals = workConf.getTerminals();
    int first = driverShare.firstTerminal(terminals);
    int all = driverShare.allTerminals(terminals);
    List<Worker<? extends BenchmarkModule>> workers = new ArrayList<>(terminals);
    for (int i = 0; i < terminals; i++) {
      // Generators are built here, before the run, so no measured request pays for them.
      LinkBenchRequestGenerator linkBenchRequests =
          linkBenchTypes ? linkBench.generator(first + i, all) : null;
      TaoRequestGenerator taoBenchRequests = tao == null ? null : tao.generator(first + i, all);
      String replica = readReplicas.isEmpty() ? null : readReplicas.urlFor(first + i);
      workers.add(new SocialGraphWorker(this, i, linkBenchRequests, taoBenchRequests, replica));
    }
    return workers;
  }

  /**
   * Creates the routines of {@code <serverWrites>} (auto or true) where the database has none yet.
   * Under auto a database that refuses them (e.g. no CREATE ROUTINE privilege) is written step by
   * step with a warning; under true that is an error.
   */
  private ServerWriteRoutines installServerWriteRoutines() throws IOException {
    if (serverWrites == ServerWrites.FALSE) {
      return null;
    }
    ServerWriteRoutines routines =
        ServerWriteRoutines.forDatabase(workConf.getDatabaseType()).orElse(null);
    if (routines == null) {
      return null;
    }
    try (Connection conn = makeConnection()) {
      conn.setAutoCommit(true);
      routines.install(conn);
      return routines;
    } catch (SQLException e) {
      String why =
          "socialgraph: cannot create the server write routines (SQLState "
              + e.getSQLState()
              + "): "
              + e.getMessage();
      if (serverWrites == ServerWrites.TRUE) {
        throw new IOException(why + "; set <serverWrites>false</serverWrites>", e);
      }
      LOG.warn("{}; writing step by step (set <serverWrites>false</serverWrites> to silence)", why);
      return null;
    }
  }

  private void describeTaoBench(TaoBenchWorkload taoBench) {
    TaoWorkload workload = taoBench.workload();
    LOG.info(
        "socialgraph TAOBench: workload {}, {} shards over ids [{}, {}), new object ids from {}",
        workload.source(),
        workload.shards(),
        graph.startId(),
        graph.endId(),
        taoBench.newIdBase());
    if (!workload.ignoredRecords().isEmpty()) {
      LOG.warn(
          "{}: records {} are parsed and validated but not simulated: no cache tiers (every "
              + "read goes to the database), no injected latency, no injected failures",
          workload.source(),
          workload.ignoredRecords());
    }
    warnIfPhaseMixDiffers(workload);
  }

  /** Logs each phase whose TAOBench weights differ from the workload's operations mix. */
  private void warnIfPhaseMixDiffers(TaoWorkload workload) {
    List<Phase> phases = workConf.getPhases();
    for (int p = 0; p < phases.size(); p++) {
      List<Double> weights = phases.get(p).getWeights();
      Map<TaoRequestType, Double> tao = new EnumMap<>(TaoRequestType.class);
      for (int i = 0; i < weights.size(); i++) {
        TransactionType tt = workConf.getTransTypes().getType(i + 1);
        TaoRequestType t =
            tt == null ? null : SocialGraphWorker.taoBenchType(tt.getProcedureClass());
        if (t != null) {
          tao.merge(t, weights.get(i), Double::sum);
        }
      }
      String diff = TaoMixCheck.difference(workload.operations(), tao);
      if (diff != null) {
        LOG.warn(
            "socialgraph TAOBench: <works> phase {}: the phase weights choose Read/Write/"
                + "ReadTxn/WriteTxn, not the workload's operations record; {}",
            p + 1,
            diff);
      }
    }
  }

  @Override
  protected Loader<SocialGraphBenchmark> makeLoaderImpl() {
    return new SocialGraphLoader(this);
  }

  @Override
  protected Package getProcedurePackageImpl() {
    return GetNode.class.getPackage();
  }
}
