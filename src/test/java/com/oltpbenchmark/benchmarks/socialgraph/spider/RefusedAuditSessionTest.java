package com.oltpbenchmark.benchmarks.socialgraph.spider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.audit.SocialGraphAuditor;
import com.oltpbenchmark.testutil.SpiderCluster;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;

/**
 * A restarted Spider head gives a new session the xid of a transaction left in doubt, and then
 * refuses every statement of that session on a Spider table with XAER_DUPID (error 1440, SQLState
 * XAE08). The audit's session stands in here for such a session (a wrapper that answers XAE08 on
 * the socialgraph tables): the audit must not call the tables missing, and must still list the
 * in-doubt transactions, asked over a fresh session.
 */
class RefusedAuditSessionTest {

  private static final String XID = "'sg_refused','b1',4343";

  @Test
  void theInDoubtCheckStillRunsFromAFreshSessionAndListsTheTransaction() throws Exception {
    SpiderCluster cluster = SpiderCluster.database("sg_spider_refused");
    int b = cluster.backends();
    List<String> backends = backends(cluster);
    try (Connection conn = cluster.backend(b);
        Statement s = conn.createStatement()) {
      s.execute("CREATE TABLE held (id INT PRIMARY KEY) ENGINE=InnoDB");
      s.execute("XA START " + XID);
      s.execute("INSERT INTO held VALUES (1)");
      s.execute("XA END " + XID);
      s.execute("XA PREPARE " + XID);
    }
    AtomicInteger opened = new AtomicInteger();
    try (Connection head = cluster.head()) {
      JSONObject doc =
          SocialGraphAuditor.audit(
              refusingTables(head),
              null,
              null,
              backends,
              "root",
              "",
              () -> {
                opened.incrementAndGet();
                return cluster.head();
              });
      assertEquals(1, opened.get(), "one fresh connection for the in-doubt check");
      assertEquals("FAIL", doc.getString("verdict"), doc.toString(2));
      assertEquals(1, doc.getLong("violations"), doc.toString(2));
      JSONObject inDoubt = check(doc, "noInDoubtTransactions");
      assertEquals(1 + b, inDoubt.getLong("examined"), "the head and every backend were asked");
      JSONObject example = inDoubt.getJSONArray("examples").getJSONObject(0);
      assertEquals(cluster.backendUrl(b), example.getString("key"));
      assertEquals(XID, example.getString("found"));
      JSONObject tables = check(doc, "tableChecks");
      assertEquals("not checked", tables.getString("status"));
      assertTrue(
          tables.getString("skipped").contains("XAER_DUPID")
              && tables.getString("skipped").contains("[SQLState XAE08]"),
          tables.toString());
      String verdict = SocialGraphAuditor.verdictLine(doc);
      assertTrue(
          verdict.startsWith("socialgraph audit: FAIL (1 violations: noInDoubtTransactions 1"));
      assertTrue(verdict.contains("not checked: tableChecks, the database refused"), verdict);
      assertFalse(verdict.contains("lacks socialgraph table"), verdict);
    } finally {
      try (Connection conn = cluster.backend(b);
          Statement s = conn.createStatement()) {
        s.execute("XA ROLLBACK " + XID);
      }
    }
  }

  @Test
  void withNothingInDoubtTheRefusalIsTheAuditsErrorWithTheServersMessage() throws Exception {
    SpiderCluster cluster = SpiderCluster.database("sg_spider_refused2");
    AtomicInteger opened = new AtomicInteger();
    try (Connection head = cluster.head()) {
      SQLException e =
          assertThrows(
              SQLException.class,
              () ->
                  SocialGraphAuditor.audit(
                      refusingTables(head),
                      null,
                      null,
                      backends(cluster),
                      "root",
                      "",
                      () -> {
                        opened.incrementAndGet();
                        return cluster.head();
                      }));
      assertEquals(1, opened.get(), "the in-doubt check ran over a fresh connection");
      assertEquals("XAE08", e.getSQLState());
      assertEquals(1440, e.getErrorCode());
      String m = e.getMessage();
      assertTrue(m.startsWith("cannot read socialgraph table nodetable: XAER_DUPID"), m);
      assertTrue(m.contains("resolve them"), m);
      assertTrue(
          m.endsWith("; the in-doubt transaction check, from a fresh connection, found none"), m);
      assertFalse(m.contains("lacks socialgraph table"), m);
    }
  }

  private static List<String> backends(SpiderCluster cluster) {
    List<String> urls = new java.util.ArrayList<>();
    for (int b = 1; b <= cluster.backends(); b++) {
      urls.add(cluster.backendUrl(b));
    }
    return urls;
  }

  /**
   * {@code conn}, except that every statement naming a socialgraph table fails as Spider fails a
   * session whose xid collides with an in-doubt one.
   */
  static Connection refusingTables(Connection conn) {
    return (Connection)
        Proxy.newProxyInstance(
            RefusedAuditSessionTest.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (p, m, a) -> {
              if (m.getName().equals("createStatement") && (a == null || a.length == 0)) {
                return refusingStatement(conn.createStatement());
              }
              if (m.getName().startsWith("prepare") && refused((String) a[0])) {
                throw xaDuplicate();
              }
              return invoke(m, conn, a);
            });
  }

  private static Statement refusingStatement(Statement st) {
    return (Statement)
        Proxy.newProxyInstance(
            RefusedAuditSessionTest.class.getClassLoader(),
            new Class<?>[] {Statement.class},
            (p, m, a) -> {
              if (m.getName().startsWith("execute") && a != null && refused((String) a[0])) {
                throw xaDuplicate();
              }
              return invoke(m, st, a);
            });
  }

  private static boolean refused(String sql) {
    return sql.matches("(?is).*\\b(nodetable|linktable|counttable|graphmarker)\\b.*");
  }

  private static SQLException xaDuplicate() {
    return new SQLException("XAER_DUPID: The XID already exists", "XAE08", 1440);
  }

  private static Object invoke(java.lang.reflect.Method m, Object target, Object[] a)
      throws Throwable {
    try {
      return m.invoke(target, a);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static JSONObject check(JSONObject doc, String name) {
    JSONArray checks = doc.getJSONArray("checks");
    for (int i = 0; i < checks.length(); i++) {
      if (checks.getJSONObject(i).getString("name").equals(name)) {
        return checks.getJSONObject(i);
      }
    }
    throw new AssertionError("no check " + name + " in " + doc.toString(2));
  }
}
