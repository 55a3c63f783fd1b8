package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.api.StatementDialects;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.TransactionTypes;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.AddLink;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode;
import com.oltpbenchmark.catalog.AbstractCatalog;
import com.oltpbenchmark.catalog.Column;
import com.oltpbenchmark.catalog.Table;
import com.oltpbenchmark.types.DatabaseType;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The module entry class the way upstream BenchBase's unit-test harness exercises it: DDL lookup
 * per database, the schema on in-memory HSQLDB in MySQL mode (the harness's database; its catalog
 * is derived from the DDL text before the schema exists), transaction types from the procedure
 * package, workers per terminal, and dialect files that name only real statements and keep shared
 * SQL identical across procedures.
 */
class SocialGraphBenchmarkTest {

  static final List<Class<? extends Procedure>> PROCEDURES = SocialGraphWorker.LINKBENCH_PROCEDURES;

  private static int hsqldbCounter;

  private static WorkloadConfiguration hsqldbConf(int terminals) {
    WorkloadConfiguration conf = new WorkloadConfiguration();
    conf.setBenchmarkName("socialgraph");
    conf.setDatabaseType(DatabaseType.HSQLDB);
    conf.setDriverClass("org.hsqldb.jdbc.JDBCDriver");
    conf.setUrl("jdbc:hsqldb:mem:sg_bench" + (hsqldbCounter++) + ";sql.syntax_mys=true");
    conf.setUsername("SA");
    conf.setPassword("");
    conf.setTerminals(terminals);
    conf.setScaleFactor(0.01);
    conf.setBatchSize(128);
    conf.init();
    return conf;
  }

  private static WorkloadConfiguration confFor(DatabaseType type) {
    WorkloadConfiguration conf = new WorkloadConfiguration();
    conf.setBenchmarkName("socialgraph");
    conf.setDatabaseType(type);
    return conf;
  }

  private static List<TransactionType> transactionTypes(BenchmarkModule b, List<String> names) {
    List<TransactionType> types = new ArrayList<>();
    int id = 1;
    for (String name : names) {
      types.add(b.initTransactionType(name, id++, 0, 0));
    }
    return types;
  }

  private static List<String> allProcedureNames() {
    List<String> names = new ArrayList<>();
    for (Class<? extends Procedure> c : PROCEDURES) {
      names.add(c.getSimpleName());
    }
    for (Class<? extends Procedure> c : SocialGraphWorker.TAOBENCH_PROCEDURES) {
      names.add(c.getSimpleName());
    }
    return names;
  }

  @Test
  void eachDatabaseGetsItsOwnDdlAndMariaDbSharesMySql() {
    SocialGraphBenchmark b = new SocialGraphBenchmark(confFor(DatabaseType.POSTGRES));
    assertEquals("socialgraph", b.getBenchmarkName());
    Map<DatabaseType, String> expected =
        Map.of(
            DatabaseType.POSTGRES, "ddl-postgres.sql",
            DatabaseType.MYSQL, "ddl-mysql.sql",
            DatabaseType.MARIADB, "ddl-mysql.sql",
            DatabaseType.MYROCKS, "ddl-myrocks.sql",
            DatabaseType.SQLITE, "ddl-sqlite.sql",
            DatabaseType.COCKROACHDB, "ddl-cockroachdb.sql",
            DatabaseType.HSQLDB, "ddl-generic.sql");
    for (Map.Entry<DatabaseType, String> e : expected.entrySet()) {
      String path = b.getDatabaseDDLPath(e.getKey());
      assertEquals("/benchmarks/socialgraph/" + e.getValue(), path, e.getKey().name());
      assertNotNull(getClass().getResourceAsStream(path), path);
    }
  }

  /**
   * MyRocks runs MariaDB's statements, routines and dialect, so its DDL may differ from MySQL's
   * only in storage: the engine, the charset clause and the column family of each index.
   */
  @Test
  void myRocksDdlIsTheMySqlSchemaInRocksDbStorage() throws Exception {
    String mysql = schemaOf("/benchmarks/socialgraph/ddl-mysql.sql");
    String myrocks = schemaOf("/benchmarks/socialgraph/ddl-myrocks.sql");
    assertEquals(mysql, myrocks);
    String text = resource("/benchmarks/socialgraph/ddl-myrocks.sql");
    assertEquals(4, text.split("ENGINE=ROCKSDB", -1).length - 1, "every table is RocksDB");
    assertTrue(
        text.contains(
            "KEY id1_type (id1, link_type, visibility, time, id2, version, data)"
                + " COMMENT 'rev:cf_link_id1_type'"),
        "the newest-first scan index is in a reverse-ordered column family");
    SocialGraphBenchmark b = new SocialGraphBenchmark(confFor(DatabaseType.MYROCKS));
    String scan = b.getStatementDialects().getSQL("GetLinkList", "selectLinkRange");
    assertNotNull(scan, "MyRocks has MariaDB's dialect");
    assertTrue(scan.contains("FORCE INDEX (id1_type)"), scan);
  }

  /** The DDL without comments, storage clauses and column-family comments, one space apart. */
  private String schemaOf(String path) throws Exception {
    return resource(path)
        .replaceAll("(?m)--.*$", "")
        .replaceAll("\\)\\s*ENGINE=\\w+[^;]*;", ");")
        .replaceAll("\\)\\s*;", ");")
        .replaceAll("\\s+COMMENT\\s+'[^']*'", "")
        .replaceAll("\\s+", " ")
        .strip();
  }

  private String resource(String path) throws Exception {
    try (var in = getClass().getResourceAsStream(path)) {
      assertNotNull(in, path);
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  @Test
  void schemaRunsTwiceOnHsqldbAndItsCatalogHasTheFourTables() throws Exception {
    WorkloadConfiguration conf = hsqldbConf(1);
    SocialGraphBenchmark b = new SocialGraphBenchmark(conf);
    // upstream's harness builds the catalog before the schema exists (it parses the DDL)
    b.refreshCatalog();
    assertCatalog(b.getCatalog());
    b.createDatabase();
    b.createDatabase(); // the DDL drops what it creates
    b.refreshCatalog();
    assertCatalog(b.getCatalog());
  }

  private static void assertCatalog(AbstractCatalog catalog) {
    Map<String, List<String>> expected =
        Map.of(
            "nodetable", List.of("id", "type", "version", "time", "data"),
            "linktable",
                List.of("id1", "id2", "link_type", "visibility", "data", "time", "version"),
            "counttable", List.of("id", "link_type", "count", "time", "version"),
            "graphmarker", List.of("id", "maxid1", "graph"));
    assertEquals(4, catalog.getTables().size(), "tables: " + catalog.getTables());
    for (Map.Entry<String, List<String>> e : expected.entrySet()) {
      Table t = catalog.getTable(e.getKey());
      assertNotNull(t, e.getKey());
      List<String> columns = new ArrayList<>();
      for (Column c : t.getColumns()) {
        columns.add(c.getName().toLowerCase());
      }
      assertEquals(e.getValue(), columns, e.getKey());
    }
  }

  @Test
  void everyLinkBenchTransactionNameResolvesToItsProcedure() {
    SocialGraphBenchmark b = new SocialGraphBenchmark(hsqldbConf(1));
    int id = 1;
    for (Class<? extends Procedure> c : PROCEDURES) {
      TransactionType t = b.initTransactionType(c.getSimpleName(), id++, 0, 0);
      assertEquals(c, t.getProcedureClass());
    }
  }

  @Test
  void oneWorkerPerTerminal() throws Exception {
    WorkloadConfiguration conf = hsqldbConf(3);
    SocialGraphBenchmark b = new SocialGraphBenchmark(conf);
    conf.setTransTypes(new TransactionTypes(transactionTypes(b, List.of("GetNode", "AddLink"))));
    b.createDatabase();
    List<Worker<? extends BenchmarkModule>> workers = b.makeWorkers();
    try {
      assertEquals(3, workers.size());
      for (Worker<? extends BenchmarkModule> w : workers) {
        assertEquals(SocialGraphWorker.class, w.getClass());
        assertEquals(AddLink.class, w.getProcedure(AddLink.class).getClass());
      }
    } finally {
      for (Worker<? extends BenchmarkModule> w : workers) {
        w.tearDown();
      }
    }
  }

  /**
   * Every dialect file loads, names only statements its procedures have, and overrides a shared
   * statement (same field name and same default SQL in several procedures) identically in every
   * procedure that has it, so e.g. TAOBench's writes cannot drift from LinkBench's on one database.
   */
  @Test
  void dialectsNameRealStatementsAndTreatSharedStatementsAlike() throws Exception {
    List<String> names = allProcedureNames();
    int dialectFiles = 0;
    for (DatabaseType type : DatabaseType.values()) {
      WorkloadConfiguration conf = confFor(type);
      SocialGraphBenchmark b = new SocialGraphBenchmark(conf);
      StatementDialects dialects = b.getStatementDialects();
      String path = dialects.getSQLDialectPath(type);
      if (path == null) {
        continue;
      }
      dialectFiles++;
      try (InputStream in = getClass().getResourceAsStream(path)) {
        assertNotNull(in, path);
      }
      conf.setTransTypes(new TransactionTypes(transactionTypes(b, names)));
      // throws on a dialect statement that no procedure field has
      Map<TransactionType, Procedure> procs = b.getProcedures();
      Map<String, String> sqlByDefault = new HashMap<>();
      for (String name : names) {
        Procedure fresh =
            (Procedure)
                Class.forName(GetNode.class.getPackageName() + "." + name)
                    .getConstructor()
                    .newInstance();
        for (Field f : fresh.getClass().getDeclaredFields()) {
          if (!Modifier.isPublic(f.getModifiers())
              || Modifier.isStatic(f.getModifiers())
              || f.getType() != SQLStmt.class) {
            continue;
          }
          String defaultSql = ((SQLStmt) f.get(fresh)).getSQL();
          String override = dialects.getSQL(name, f.getName());
          String effective = override == null ? defaultSql : override.trim();
          String key = f.getName() + "\n" + defaultSql;
          String seen = sqlByDefault.putIfAbsent(key, effective);
          if (seen != null) {
            assertEquals(
                seen,
                effective,
                type
                    + ": statement "
                    + f.getName()
                    + " of "
                    + name
                    + " must get the same "
                    + type
                    + " SQL as the other procedures sharing it");
          }
        }
      }
      assertEquals(names.size(), procs.size(), type + ": one procedure per transaction type");
    }
    assertEquals(
        6,
        dialectFiles,
        "dialect files for postgres, sqlite, cockroachdb, mariadb, mysql, myrocks");
  }

  @Test
  void postgresDialectReplacesTheMySqlUpserts() {
    WorkloadConfiguration conf = confFor(DatabaseType.POSTGRES);
    SocialGraphBenchmark b = new SocialGraphBenchmark(conf);
    conf.setTransTypes(new TransactionTypes(transactionTypes(b, List.of("AddLink"))));
    AddLink addLink = null;
    for (Procedure p : b.getProcedures().values()) {
      if (p instanceof AddLink a) {
        addLink = a;
      }
    }
    assertNotNull(addLink);
    assertTrue(
        addLink.addToCount.getSQL().contains("ON CONFLICT (id, link_type) DO UPDATE"),
        addLink.addToCount.getSQL());
    assertTrue(
        addLink.insertLinkIfAbsent.getSQL().endsWith("ON CONFLICT DO NOTHING"),
        addLink.insertLinkIfAbsent.getSQL());
  }
}
