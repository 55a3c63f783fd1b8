package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * Runs every audit check on a database and builds the audit document: the invariants always, the
 * lost-write checks when a {@link WriteTracker} of this run is available.
 */
public final class SocialGraphAuditor {

  private SocialGraphAuditor() {}

  /**
   * The audit document: {@code verdict} (PASS or FAIL), {@code violations} (total), {@code seconds}
   * and {@code checks}, one object per check (see {@link CheckResult#toJson}).
   *
   * @param tracker this run's tracked writes, or null when auditing a database alone
   */
  public static JSONObject audit(Connection conn, WriteTracker tracker) throws SQLException {
    long t0 = System.nanoTime();
    List<CheckResult> checks = new ArrayList<>(InvariantChecks.run(conn));
    if (tracker != null && tracker.maxKeys() > 0) {
      checks.addAll(LostWriteCheck.run(conn, tracker));
    }
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
    long violations = 0;
    JSONArray array = new JSONArray();
    for (CheckResult c : checks) {
      violations += c.violations();
      array.put(c.toJson());
    }
    JSONObject doc = new JSONObject();
    doc.put("verdict", violations == 0 ? "PASS" : "FAIL");
    doc.put("violations", violations);
    doc.put("seconds", Math.round((System.nanoTime() - t0) / 1e6) / 1e3);
    doc.put("checks", array);
    return doc;
  }

  /** The one-line verdict for the console. */
  public static String verdictLine(JSONObject doc) {
    JSONArray checks = doc.getJSONArray("checks");
    if (doc.getLong("violations") == 0) {
      return "socialgraph audit: PASS (" + checks.length() + " checks, 0 violations)";
    }
    List<String> failed = new ArrayList<>();
    for (int i = 0; i < checks.length(); i++) {
      JSONObject c = checks.getJSONObject(i);
      if (c.getLong("violations") > 0) {
        failed.add(c.getString("name") + " " + c.getLong("violations"));
      }
    }
    return "socialgraph audit: FAIL ("
        + doc.getLong("violations")
        + " violations: "
        + String.join(", ", failed)
        + ")";
  }
}
