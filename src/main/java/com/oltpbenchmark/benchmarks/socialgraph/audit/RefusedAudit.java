package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * The audit when the database refused the audit's session on the socialgraph tables (any error but
 * a missing table): the checks on the tables cannot be made, but the in-doubt transaction check
 * still runs, from a fresh session, because in-doubt transactions are a likely cause of the refusal
 * (Spider's XAER_DUPID) and are what the user must resolve. With in-doubt transactions found the
 * audit is a FAIL that lists them; with none, the refusal is the audit's error.
 */
final class RefusedAudit {

  /** The name under which audit.json shows the checks that could not be made. */
  static final String TABLE_CHECKS = "tableChecks";

  private RefusedAudit() {}

  /**
   * The FAIL document when the in-doubt check finds transactions.
   *
   * @param fresh opens the session for the in-doubt check; null to use {@code audited}
   * @throws SQLException {@code refused} (its message, SQLState and error code), saying what the
   *     in-doubt check from a fresh session found or why it could not run
   */
  static JSONObject audit(
      SQLException refused,
      long startNanos,
      Connection audited,
      FreshConnection fresh,
      List<String> backends,
      String user,
      String password)
      throws SQLException {
    String why = refused.getMessage() + state(refused);
    String check =
        "; the in-doubt transaction check" + (fresh == null ? "" : ", from a fresh connection,");
    CheckResult inDoubt;
    try {
      inDoubt = inDoubt(audited, fresh, backends, user, password);
    } catch (SQLException e) {
      throw again(refused, check + " failed too: " + e.getMessage() + state(e));
    }
    if (inDoubt.violations() == 0) {
      throw again(
          refused,
          inDoubt.skipped() != null ? check + " was " + inDoubt.skipped() : check + " found none");
    }
    CheckResult tables =
        new CheckResult(
                TABLE_CHECKS,
                "the checks on the socialgraph tables (count invariant, TAOBench uniqueness and"
                    + " symmetry, versions, lost writes)")
            .skip("not checked: the database refused the audit's connection: " + why);
    JSONArray checks = new JSONArray().put(tables.toJson()).put(inDoubt.toJson());
    JSONObject doc = new JSONObject();
    doc.put("verdict", "FAIL");
    doc.put("violations", inDoubt.violations());
    doc.put("seconds", Math.round((System.nanoTime() - startNanos) / 1e6) / 1e3);
    doc.put("checks", checks);
    return doc;
  }

  /** The in-doubt check over a fresh session, or over the audited one (rolled back) without. */
  private static CheckResult inDoubt(
      Connection audited,
      FreshConnection fresh,
      List<String> backends,
      String user,
      String password)
      throws SQLException {
    if (fresh == null) {
      if (!audited.getAutoCommit()) {
        audited.rollback();
      }
      return InDoubtTransactionsCheck.run(audited, backends, user, password);
    }
    try (Connection conn = fresh.open()) {
      return InDoubtTransactionsCheck.run(conn, backends, user, password);
    }
  }

  private static String state(SQLException e) {
    return e.getSQLState() == null ? "" : " [SQLState " + e.getSQLState() + "]";
  }

  /** The refusal again, its SQLState kept next to its own message and the note after it. */
  private static SQLException again(SQLException refused, String note) {
    return new SQLException(
        refused.getMessage() + state(refused) + note,
        refused.getSQLState(),
        refused.getErrorCode(),
        refused);
  }
}
