package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    return audit(conn, tracker, null);
  }

  /**
   * As {@link #audit(Connection, WriteTracker)}, and says which graph the database holds ({@code
   * graph}: the marker's maxid1 and seed) and, given the configured graph's {@link
   * GraphMarker#describe description}, whether it is that one ({@code graphDiffers}).
   *
   * @throws IllegalStateException when the socialgraph tables are missing (one line saying how to
   *     create them)
   */
  public static JSONObject audit(Connection conn, WriteTracker tracker, String configuredGraph)
      throws SQLException {
    return audit(conn, tracker, configuredGraph, List.of(), null, null);
  }

  /**
   * As {@link #audit(Connection, WriteTracker, String)}, the in-doubt transaction check also asking
   * each of {@code backends} (JDBC URLs, connected with {@code user} and {@code password}).
   *
   * @param fresh opens another session on the audited database: when the server refuses the audit's
   *     statements on the tables (any error but a missing table), the in-doubt check still runs
   *     over it ({@link RefusedAudit}); null to run it over {@code conn}
   * @throws SQLException also when a backend cannot be reached, naming its URL
   */
  public static JSONObject audit(
      Connection conn,
      WriteTracker tracker,
      String configuredGraph,
      List<String> backends,
      String user,
      String password,
      FreshConnection fresh)
      throws SQLException {
    return audit(conn, tracker, configuredGraph, backends, user, password, fresh, List.of());
  }

  /**
   * As above, with {@code readChecks}: the online read checks' results of this run (see {@code
   * ReadAnomalies#auditChecks}), which join the document as they are.
   */
  public static JSONObject audit(
      Connection conn,
      WriteTracker tracker,
      String configuredGraph,
      List<String> backends,
      String user,
      String password,
      FreshConnection fresh,
      List<CheckResult> readChecks)
      throws SQLException {
    long t0 = System.nanoTime();
    String missing = null;
    String stored = null;
    List<CheckResult> checks = null;
    try {
      missing = missingTables(conn);
      if (missing == null) {
        stored = Preflight.tableExists(conn, GraphMarker.TABLE) ? GraphMarker.read(conn) : null;
        checks = tableChecks(conn, tracker);
        if (!conn.getAutoCommit()) {
          conn.commit();
        }
      }
    } catch (SQLException refused) {
      return RefusedAudit.audit(refused, t0, conn, fresh, backends, user, password);
    }
    if (missing != null) {
      throw new IllegalStateException(missing);
    }
    checks.add(InDoubtTransactionsCheck.run(conn, backends, user, password));
    checks.addAll(readChecks);
    for (CheckResult c : checks) {
      // a check added without its own reason still never passes on nothing
      if (c.vacuous()) {
        c.skip("not checked: it examined nothing in this database");
      }
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
    doc.put("graph", stored == null ? "no load marker" : GraphMarker.identity(stored));
    if (stored != null && configuredGraph != null && !stored.equals(configuredGraph)) {
      doc.put("graphDiffers", Preflight.differences(stored, configuredGraph));
    }
    doc.put("checks", array);
    return doc;
  }

  /** As the seven-argument audit, the in-doubt check over {@code conn} if the tables refuse it. */
  public static JSONObject audit(
      Connection conn,
      WriteTracker tracker,
      String configuredGraph,
      List<String> backends,
      String user,
      String password)
      throws SQLException {
    return audit(conn, tracker, configuredGraph, backends, user, password, (FreshConnection) null);
  }

  /** The checks that read the socialgraph tables: the invariants, then the lost-write checks. */
  private static List<CheckResult> tableChecks(Connection conn, WriteTracker tracker)
      throws SQLException {
    List<CheckResult> checks = new ArrayList<>(InvariantChecks.run(conn));
    if (tracker != null && tracker.maxKeys() > 0 && !tracker.histories().isEmpty()) {
      List<CheckResult> lost = LostWriteCheck.run(conn, tracker);
      for (CheckResult c : lost) {
        if (c.examined() == 0 && c.violations() == 0) {
          c.skip("not checked: no tracked key had an acknowledged write to judge");
        }
      }
      checks.addAll(lost);
    } else {
      String why =
          tracker != null && tracker.maxKeys() == 0
              ? "not checked: write tracking is off (<audit><trackedKeys>0</trackedKeys>)"
              : NOT_THIS_RUN;
      checks.add(new CheckResult("acknowledgedWritesKept", "lost acknowledged writes").skip(why));
      checks.add(new CheckResult("versionsNeverGoBackwards", "versions going back").skip(why));
    }
    return checks;
  }

  /** Why lost writes cannot be judged by an audit of a database alone. */
  static final String NOT_THIS_RUN =
      "not checked: lost writes can only be judged against the run that made them, and no write"
          + " of a run was tracked (an audit alone, or a run without writes)";

  private static String missingTables(Connection conn) throws SQLException {
    List<String> missing = new ArrayList<>();
    for (String t : Preflight.TABLES) {
      if (!Preflight.tableExists(conn, t)) {
        missing.add(t);
      }
    }
    if (missing.isEmpty()) {
      return null;
    }
    if (missing.size() == Preflight.TABLES.size()) {
      return "the database holds no socialgraph tables ("
          + String.join(", ", Preflight.TABLES)
          + "); create and load them with --create=true --load=true";
    }
    return "the database lacks socialgraph table(s) "
        + String.join(", ", missing)
        + " (dropped?); create and load them again with --create=true --load=true";
  }

  /** The one-line verdict for the console. */
  public static String verdictLine(JSONObject doc) {
    JSONArray checks = doc.getJSONArray("checks");
    List<String> failed = new ArrayList<>();
    // per status (not checked, not applicable), the checks grouped by why, so that each reason
    // follows the checks it applies to
    Map<String, Map<String, List<String>>> notMade = new LinkedHashMap<>();
    int skipped = 0;
    for (int i = 0; i < checks.length(); i++) {
      JSONObject c = checks.getJSONObject(i);
      if (c.has("skipped")) {
        String status = c.optString("status", CheckResult.NOT_CHECKED);
        notMade
            .computeIfAbsent(status, s -> new LinkedHashMap<>())
            .computeIfAbsent(
                c.getString("skipped").replaceFirst("^" + status + ": ", ""),
                k -> new ArrayList<>())
            .add(c.getString("name"));
        skipped++;
      } else if (c.getLong("violations") > 0) {
        failed.add(c.getString("name") + " " + c.getLong("violations"));
      }
    }
    int checked = checks.length() - skipped;
    String line =
        doc.getLong("violations") == 0
            ? "socialgraph audit: PASS (" + checked + " checks, 0 violations"
            : "socialgraph audit: FAIL ("
                + doc.getLong("violations")
                + " violations: "
                + String.join(", ", failed);
    for (Map.Entry<String, Map<String, List<String>>> e : notMade.entrySet()) {
      List<String> groups = new ArrayList<>();
      e.getValue().forEach((why, names) -> groups.add(String.join(", ", names) + ", " + why));
      line += "; " + e.getKey() + ": " + String.join("; ", groups);
    }
    line += ")";
    if (doc.has("graph")) {
      line += " on graph " + doc.getString("graph");
      if (doc.has("graphDiffers")) {
        line += ", not this config's (" + doc.getString("graphDiffers") + ")";
      }
    }
    return line;
  }
}
