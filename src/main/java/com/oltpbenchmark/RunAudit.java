package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.util.OneLine;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.json.JSONObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Audits the database of each benchmark that offers an audit ({@link ModuleHooks#auditJson}) and
 * combines the documents: what {@code <base>.audit.json}, the summary's {@code Audit} key, the
 * console verdict and the exit code are made of.
 */
final class RunAudit {
  private static final Logger LOG = LoggerFactory.getLogger(RunAudit.class);

  /** Summary key of the audit. */
  static final String SUMMARY_KEY = "Audit";

  /**
   * @param json the audit document (one benchmark's, or {@code {"benchmarks": {...}}} for several)
   * @param verdict the one-line console verdict
   * @param violations total violations
   */
  record Outcome(String json, String verdict, long violations) {

    Map<String, Object> summary(String fileName) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("verdict", violations == 0 ? "PASS" : "FAIL");
      m.put("violations", violations);
      m.put("file", fileName);
      return m;
    }
  }

  /**
   * How the audit after a run went: its outcome, or why it failed (exit 1), or why it did not run
   * (the database did not answer: {@link ExitCodes#AUDIT_NOT_RUN}). At most one is non-null.
   */
  record AfterRun(Outcome outcome, String failure, String notRun) {
    static final AfterRun NONE = new AfterRun(null, null, null);
  }

  private RunAudit() {}

  /**
   * Audits after a run, as long as the database answers: an audit that waits on a lock goes on
   * waiting, one whose server stopped answering is given up (see {@link AfterRunDatabase#watched}).
   */
  static AfterRun afterRun(List<BenchmarkModule> modules, AfterRunDatabase database) {
    try {
      return new AfterRun(database.watched(() -> run(modules)), null, null);
    } catch (AfterRunDatabase.Unanswered e) {
      return new AfterRun(null, null, "audit not run: " + e.getMessage());
    } catch (Exception e) {
      LOG.debug("audit failure", e);
      return new AfterRun(null, "the audit failed: " + OneLine.describe(e), null);
    }
  }

  static boolean anyAudits(List<BenchmarkModule> modules) {
    for (BenchmarkModule b : modules) {
      if (ModuleHooks.audits(b)) {
        return true;
      }
    }
    return false;
  }

  /** Audits every module that can; null when none can. */
  static Outcome run(List<BenchmarkModule> modules) throws Exception {
    Map<String, JSONObject> docs = new LinkedHashMap<>();
    List<String> verdicts = new ArrayList<>();
    long violations = 0;
    for (BenchmarkModule b : modules) {
      if (!ModuleHooks.audits(b)) {
        continue;
      }
      String json;
      try (Connection conn = b.makeConnection()) {
        json = ModuleHooks.auditJson(b, conn);
      }
      JSONObject doc = new JSONObject(json);
      docs.put(b.getBenchmarkName(), doc);
      violations += doc.getLong("violations");
      verdicts.add(ModuleHooks.auditVerdict(b, json));
    }
    if (docs.isEmpty()) {
      return null;
    }
    String json;
    if (docs.size() == 1) {
      json = docs.values().iterator().next().toString(2);
    } else {
      JSONObject all = new JSONObject();
      all.put("verdict", violations == 0 ? "PASS" : "FAIL");
      all.put("violations", violations);
      all.put("benchmarks", new JSONObject(docs));
      json = all.toString(2);
    }
    return new Outcome(json + "\n", String.join("; ", verdicts), violations);
  }
}
