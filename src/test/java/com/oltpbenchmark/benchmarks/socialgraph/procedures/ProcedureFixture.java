package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.TransactionTypes;
import com.oltpbenchmark.benchmarks.socialgraph.SocialGraphBenchmark;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The socialgraph module on one test database: schema created through {@code
 * createDatabase()}, and the LinkBench procedures instantiated the way the runtime does (one
 * instance per procedure, SQL dialect of the database applied).
 */
final class ProcedureFixture {

  static final List<Class<? extends Procedure>> LINKBENCH_PROCEDURES = List.of(
      GetNode.class, AddNode.class, UpdateNode.class, DeleteNode.class, GetLink.class,
      GetLinkList.class, CountLink.class, AddLink.class, UpdateLink.class, DeleteLink.class);

  final WorkloadConfiguration conf;
  final SocialGraphBenchmark benchmark;

  ProcedureFixture(TestDatabase db, String isolation) throws Exception {
    this(db.type, db.driver, db.url, db.username, db.password, isolation);
  }

  ProcedureFixture(String type, String driver, String url, String user, String password,
      String isolation) throws Exception {
    conf = new WorkloadConfiguration();
    conf.setBenchmarkName("socialgraph");
    conf.setDatabaseType(DatabaseType.get(type));
    conf.setDriverClass(driver);
    conf.setUrl(url);
    conf.setUsername(user);
    conf.setPassword(password);
    conf.setTerminals(1);
    conf.setIsolationMode(isolation);
    conf.init();
    benchmark = new SocialGraphBenchmark(conf);
    List<TransactionType> types = new ArrayList<>();
    int id = 1;
    for (Class<? extends Procedure> p : LINKBENCH_PROCEDURES) {
      types.add(benchmark.initTransactionType(p.getSimpleName(), id++, 0, 0));
    }
    conf.setTransTypes(new TransactionTypes(types));
    benchmark.createDatabase();
  }

  /** A fresh set of procedure instances, as one worker gets them. */
  Procedures procedures() {
    Map<Class<?>, Procedure> byClass = new HashMap<>();
    for (Procedure p : benchmark.getProcedures().values()) {
      byClass.put(p.getClass(), p);
    }
    return new Procedures(byClass);
  }

  /** A connection set up like a worker's: auto-commit off, the configured isolation. */
  Connection connect() throws SQLException {
    Connection c = benchmark.makeConnection();
    c.setAutoCommit(false);
    c.setTransactionIsolation(conf.getIsolationMode());
    return c;
  }

  /** The procedures of one worker. */
  static final class Procedures {
    final GetNode getNode;
    final AddNode addNode;
    final UpdateNode updateNode;
    final DeleteNode deleteNode;
    final GetLink getLink;
    final GetLinkList getLinkList;
    final CountLink countLink;
    final AddLink addLink;
    final UpdateLink updateLink;
    final DeleteLink deleteLink;

    private Procedures(Map<Class<?>, Procedure> p) {
      getNode = (GetNode) p.get(GetNode.class);
      addNode = (AddNode) p.get(AddNode.class);
      updateNode = (UpdateNode) p.get(UpdateNode.class);
      deleteNode = (DeleteNode) p.get(DeleteNode.class);
      getLink = (GetLink) p.get(GetLink.class);
      getLinkList = (GetLinkList) p.get(GetLinkList.class);
      countLink = (CountLink) p.get(CountLink.class);
      addLink = (AddLink) p.get(AddLink.class);
      updateLink = (UpdateLink) p.get(UpdateLink.class);
      deleteLink = (DeleteLink) p.get(DeleteLink.class);
    }
  }

  /**
   * Asserts the central invariant on the whole database: every count row equals the number of
   * visible links of its (id1, link_type), and every (id1, link_type) with visible links has a
   * count row. Returns the number of (id1, link_type) pairs checked.
   */
  static int assertCountsMatchVisibleLinks(Connection conn) throws SQLException {
    Map<List<Long>, Long> visible = new HashMap<>();
    Map<List<Long>, Long> counted = new HashMap<>();
    try (Statement st = conn.createStatement()) {
      try (ResultSet rs = st.executeQuery("SELECT id1, link_type, COUNT(*) FROM linktable"
          + " WHERE visibility = 1 GROUP BY id1, link_type")) {
        while (rs.next()) {
          visible.put(List.of(rs.getLong(1), rs.getLong(2)), rs.getLong(3));
        }
      }
      try (ResultSet rs = st.executeQuery("SELECT id, link_type, count FROM counttable")) {
        while (rs.next()) {
          counted.put(List.of(rs.getLong(1), rs.getLong(2)), rs.getLong(3));
        }
      }
    }
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
    Map<List<Long>, String> mismatches = new HashMap<>();
    for (Map.Entry<List<Long>, Long> e : counted.entrySet()) {
      long v = visible.getOrDefault(e.getKey(), 0L);
      if (v != e.getValue()) {
        mismatches.put(e.getKey(), "count " + e.getValue() + " but " + v + " visible links");
      }
    }
    for (Map.Entry<List<Long>, Long> e : visible.entrySet()) {
      if (!counted.containsKey(e.getKey())) {
        mismatches.put(e.getKey(), "no count row but " + e.getValue() + " visible links");
      }
    }
    assertEquals(Map.of(), mismatches, "(id1, link_type) whose count differs from its visible links");
    return counted.size();
  }
}
