package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.database.PreparedTransactionList;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Distributed transactions left prepared ("in doubt"): the first phase of a two-phase commit done,
 * the decision never delivered. Such a transaction holds its row locks and its writes are neither
 * visible nor gone until someone commits or rolls it back by hand, which a sharded database's
 * coordinator (e.g. a Spider head killed between the phases) may never do. Asked of the audited
 * database and of every {@code <audit><backend>}: {@code XA RECOVER} on MySQL/MariaDB, {@code
 * pg_prepared_xacts} of the current database on PostgreSQL (the same concept: PREPARE TRANSACTION).
 * SQLite has no prepared transactions. Each in-doubt transaction is a violation, with its xid and
 * where it is.
 */
public final class InDoubtTransactionsCheck {

  static final String NAME = "noInDoubtTransactions";

  private InDoubtTransactionsCheck() {}

  /**
   * Runs the check on {@code audited} and on each backend URL (connected with {@code user} and
   * {@code password}; a URL may carry its own).
   *
   * @throws SQLException a backend that cannot be reached or asked, the message naming its URL
   */
  public static CheckResult run(
      Connection audited, List<String> backends, String user, String password) throws SQLException {
    CheckResult result =
        new CheckResult(
            NAME,
            "no distributed transaction is left prepared (in doubt) on the audited database or"
                + " an <audit><backend>: XA RECOVER on MySQL/MariaDB, pg_prepared_xacts on"
                + " PostgreSQL; examined = databases asked");
    String notApplicable;
    try {
      notApplicable = ask(audited, "the audited database", result);
    } catch (SQLException e) {
      // a PostgreSQL- or MySQL-compatible database without the catalog or the statement (e.g.
      // CockroachDB): the invariants still stand, this check says it was not made
      notApplicable =
          "the audited database did not answer the query for prepared transactions ("
              + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
              + ")";
    }
    for (String url : backends) {
      try (Connection conn =
          user == null || user.isEmpty()
              ? DriverManager.getConnection(url)
              : DriverManager.getConnection(url, user, password)) {
        String why = ask(conn, url, result);
        if (why != null) {
          throw new SQLException(url + ": " + why);
        }
      } catch (SQLException e) {
        if (e.getMessage() != null && e.getMessage().startsWith(url)) {
          throw e;
        }
        throw new SQLException(
            "<audit><backend> " + url + ": " + e.getMessage(), e.getSQLState(), e);
      }
    }
    if (result.examined() == 0 && notApplicable != null) {
      result.skip("not checked: " + notApplicable);
    }
    return result;
  }

  /**
   * Asks one database for its in-doubt transactions, counting it as examined; returns why it could
   * not be asked (no prepared transactions in this database), or null.
   */
  private static String ask(Connection conn, String where, CheckResult result) throws SQLException {
    PreparedTransactionList list = DatabaseFamily.detect(conn).preparedTransactions();
    if (list == PreparedTransactionList.NONE_EXIST) {
      return "SQLite has no prepared (two-phase) transactions";
    }
    if (list == PreparedTransactionList.XA_RECOVER) {
      try (Statement st = conn.createStatement();
          ResultSet rs = st.executeQuery("XA RECOVER")) {
        while (rs.next()) {
          String xid = mysqlXid(rs.getLong(1), rs.getInt(2), rs.getInt(3), rs.getBytes(4));
          report(result, where, xid, "XA COMMIT " + xid + " or XA ROLLBACK " + xid);
        }
      } finally {
        endReadTransaction(conn);
      }
      result.addExamined(1);
      return null;
    }
    if (list == PreparedTransactionList.PG_PREPARED_XACTS) {
      try (Statement st = conn.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT gid, prepared FROM pg_prepared_xacts WHERE database = current_database()"
                      + " ORDER BY prepared")) {
        while (rs.next()) {
          String gid = "'" + rs.getString(1).replace("'", "''") + "'";
          report(
              result,
              where,
              gid + " prepared " + rs.getString(2),
              "COMMIT PREPARED " + gid + " or ROLLBACK PREPARED " + gid);
        }
      } finally {
        endReadTransaction(conn);
      }
      result.addExamined(1);
      return null;
    }
    String product = conn.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
    return product + " is not asked for prepared transactions by this check";
  }

  private static void report(CheckResult result, String where, String xid, String resolve) {
    result.addViolations(1);
    result.example(where, "no prepared transaction (resolve with " + resolve + ")", xid);
  }

  /**
   * The xid as XA COMMIT takes it: {@code 'gtrid','bqual',formatID} when both parts are printable
   * ASCII, else in hex ({@code X'...',X'...',formatID}).
   */
  static String mysqlXid(long formatId, int gtridLength, int bqualLength, byte[] data) {
    byte[] d = data == null ? new byte[0] : data;
    int g = Math.min(gtridLength, d.length);
    int b = Math.min(bqualLength, d.length - g);
    return part(d, 0, g) + "," + part(d, g, g + b) + "," + formatId;
  }

  private static String part(byte[] d, int from, int to) {
    boolean printable = true;
    for (int i = from; i < to; i++) {
      printable &= d[i] >= 0x20 && d[i] < 0x7f && d[i] != '\'' && d[i] != '\\';
    }
    if (printable) {
      return "'" + new String(d, from, to - from, StandardCharsets.US_ASCII) + "'";
    }
    return "X'" + HexFormat.of().formatHex(d, from, to) + "'";
  }

  private static void endReadTransaction(Connection conn) throws SQLException {
    if (!conn.getAutoCommit()) {
      conn.rollback();
    }
  }
}
