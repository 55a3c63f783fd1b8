package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.TransactionTypes;
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

/** The socialgraph module on a test database, configured the way DBWorkload does it. */
public final class ModuleFixture {

  private ModuleFixture() {}

  /** A one-terminal socialgraph configuration on {@code db}, not yet initialised. */
  public static WorkloadConfiguration configuration(TestDatabase db) {
    return configuration(db.type, db.driver, db.url, db.username, db.password);
  }

  /**
   * As {@link #configuration(TestDatabase)}, serializable and with the run's random seed set, as
   * the TAOBench request tests run.
   */
  public static WorkloadConfiguration serializableConfiguration(TestDatabase db, int randomSeed) {
    WorkloadConfiguration conf = configuration(db);
    conf.setRandomSeed(randomSeed);
    conf.setIsolationMode("TRANSACTION_SERIALIZABLE");
    return conf;
  }

  /** A one-terminal socialgraph configuration on that database, not yet initialised. */
  public static WorkloadConfiguration configuration(
      String type, String driver, String url, String user, String password) {
    WorkloadConfiguration conf = new WorkloadConfiguration();
    conf.setBenchmarkName("socialgraph");
    conf.setDatabaseType(DatabaseType.get(type));
    conf.setDriverClass(driver);
    conf.setUrl(url);
    conf.setUsername(user);
    conf.setPassword(password);
    conf.setTerminals(1);
    return conf;
  }

  /**
   * Initialises {@code conf}, builds the benchmark and registers the named transaction types as
   * DBWorkload does: INVALID at position 0, then the types from id 1 in the given order.
   */
  public static SocialGraphBenchmark benchmark(WorkloadConfiguration conf, List<String> types) {
    conf.init();
    SocialGraphBenchmark benchmark = new SocialGraphBenchmark(conf);
    List<TransactionType> registered = new ArrayList<>();
    registered.add(TransactionType.INVALID);
    for (String name : types) {
      registered.add(benchmark.initTransactionType(name, registered.size(), 0, 0));
    }
    conf.setTransTypes(new TransactionTypes(registered));
    return benchmark;
  }

  /** A fresh set of the benchmark's procedure instances by class, as one worker gets them. */
  public static Map<Class<?>, Procedure> procedures(SocialGraphBenchmark benchmark) {
    Map<Class<?>, Procedure> byClass = new HashMap<>();
    for (Procedure p : benchmark.getProcedures().values()) {
      byClass.put(p.getClass(), p);
    }
    return byClass;
  }

  /**
   * Asserts the central invariant on the whole database: every count row equals the number of
   * visible links of its (id1, link_type), and every (id1, link_type) with visible links has a
   * count row. Commits the reads when auto-commit is off. Returns the number of count rows.
   */
  public static int assertCountsMatchVisibleLinks(Connection conn) throws SQLException {
    Map<List<Long>, Long> visible = new HashMap<>();
    Map<List<Long>, Long> counted = new HashMap<>();
    try (Statement st = conn.createStatement()) {
      try (ResultSet rs =
          st.executeQuery(
              "SELECT id1, link_type, COUNT(*) FROM linktable"
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
    counted.forEach(
        (key, c) -> {
          long v = visible.getOrDefault(key, 0L);
          if (v != c) {
            mismatches.put(key, "count " + c + " but " + v + " visible links");
          }
        });
    visible.forEach(
        (key, v) -> {
          if (!counted.containsKey(key)) {
            mismatches.put(key, "no count row but " + v + " visible links");
          }
        });
    assertEquals(
        Map.of(), mismatches, "(id1, link_type) whose count differs from its visible links");
    return counted.size();
  }
}
