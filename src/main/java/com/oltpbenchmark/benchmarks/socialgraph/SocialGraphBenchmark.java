package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Loader;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.socialgraph.audit.AuditConfig;
import com.oltpbenchmark.benchmarks.socialgraph.audit.Preflight;
import com.oltpbenchmark.benchmarks.socialgraph.audit.SocialGraphAuditor;
import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteTracker;
import com.oltpbenchmark.benchmarks.socialgraph.fidelity.LinkBenchDraws;
import com.oltpbenchmark.benchmarks.socialgraph.fidelity.TaoBenchDraws;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraphs;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The socialgraph benchmark: LinkBench and TAOBench on one schema (nodetable, linktable,
 * counttable) and one loaded graph. Registered as {@code socialgraph} in config/plugin.xml; the
 * schema is {@code benchmarks/socialgraph/ddl-<db>.sql}, dialects {@code dialect-<db>.xml}.
 */
public final class SocialGraphBenchmark extends BenchmarkModule {

  private final LinkBenchDraws linkBenchDraws = new LinkBenchDraws();
  private TaoBenchDraws taoBenchDraws;
  private final WriteTracker writeTracker;

  public SocialGraphBenchmark(WorkloadConfiguration workConf) {
    super(workConf);
    this.writeTracker = AuditConfig.from(workConf.getXmlConfig(), null).newTracker();
  }

  /** The writes this run tracks for the lost-write audit (shared by all its workers). */
  public WriteTracker writeTracker() {
    return writeTracker;
  }

  /**
   * Runtime hook (not called inside upstream BenchBase): why a run on this database would be
   * pointless, in one line, or null when the schema exists and, if {@code checkGraph}, the loaded
   * graph is complete and the one this configuration describes.
   */
  public String preflight(Connection conn, boolean checkGraph) throws SQLException {
    return Preflight.problem(conn, SocialGraphs.config(workConf), checkGraph);
  }

  /**
   * Runtime hook: audits the database (invariants, and the writes this run tracked) and returns the
   * audit document as JSON text (see {@link SocialGraphAuditor#audit}).
   */
  public String auditJson(Connection conn) throws SQLException {
    return SocialGraphAuditor.audit(conn, writeTracker).toString(2);
  }

  /** Runtime hook: the one-line console verdict of an audit document from {@link #auditJson}. */
  public String auditVerdict(String auditJson) {
    return SocialGraphAuditor.verdictLine(new org.json.JSONObject(auditJson));
  }

  /** What the workers' LinkBench request streams drew (they record into it). */
  LinkBenchDraws linkBenchDraws() {
    return linkBenchDraws;
  }

  /**
   * What the generators drew against what was configured, for the runtime's report (found by
   * reflection; upstream BenchBase never calls it). JDK types only.
   */
  public Map<String, Object> workloadFidelity() {
    Map<String, Object> m = new LinkedHashMap<>();
    if (!linkBenchDraws.isEmpty()) {
      m.put("LinkBench", linkBenchDraws.snapshot(LinkBenchWorkload.forWorkload(workConf).config()));
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

  /** What the workers' TAOBench request streams drew, created with the first request. */
  synchronized TaoBenchDraws taoBenchDraws(double[] primaryShardProbabilities) {
    if (taoBenchDraws == null) {
      taoBenchDraws = new TaoBenchDraws(primaryShardProbabilities);
    }
    return taoBenchDraws;
  }

  @Override
  protected List<Worker<? extends BenchmarkModule>> makeWorkersImpl() {
    int terminals = workConf.getTerminals();
    List<Worker<? extends BenchmarkModule>> workers = new ArrayList<>(terminals);
    for (int i = 0; i < terminals; i++) {
      workers.add(new SocialGraphWorker(this, i));
    }
    return workers;
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
