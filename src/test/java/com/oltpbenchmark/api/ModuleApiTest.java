package com.oltpbenchmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.benchmarks.testbench.TinyBenchmark;
import com.oltpbenchmark.benchmarks.testbench.procedures.Noop;
import com.oltpbenchmark.benchmarks.testbench.procedures.NoopB;
import com.oltpbenchmark.benchmarks.testbench.procedures.ReadRow;
import com.oltpbenchmark.catalog.AbstractCatalog;
import com.oltpbenchmark.catalog.Table;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.SQLUtil;
import com.oltpbenchmark.util.ScriptRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The module-facing API behaves as upstream's: resources, dialects, statements, types. */
class ModuleApiTest {
  @TempDir Path dir;

  private static TinyBenchmark module(DatabaseType type, String benchName) {
    WorkloadConfiguration wc = new WorkloadConfiguration();
    wc.setBenchmarkName(benchName);
    wc.setDatabaseType(type);
    return new TinyBenchmark(wc);
  }

  @Test
  void ddlLookupPrefersTheDatabaseFileThenGeneric() {
    TinyBenchmark b = module(DatabaseType.SQLITE, "testbench");
    assertEquals(
        "/benchmarks/testbench/ddl-postgres.sql", b.getDatabaseDDLPath(DatabaseType.POSTGRES));
    assertEquals("/benchmarks/testbench/ddl-mysql.sql", b.getDatabaseDDLPath(DatabaseType.MYSQL));
    assertEquals(
        "/benchmarks/testbench/ddl-mysql.sql",
        b.getDatabaseDDLPath(DatabaseType.MARIADB),
        "MariaDB falls back to MySQL's DDL");
    assertEquals(
        "/benchmarks/testbench/ddl-generic.sql", b.getDatabaseDDLPath(DatabaseType.SQLITE));
    assertEquals("/benchmarks/testbench/ddl-generic.sql", b.getDatabaseDDLPath(null));
  }

  @Test
  void benchmarkNameDefaultsToTheClassName() {
    assertEquals("tiny", BenchmarkModule.convertBenchmarkClassToBenchmarkName(TinyBenchmark.class));
    assertEquals("tiny", module(DatabaseType.SQLITE, null).getBenchmarkName());
  }

  @Test
  void dialectOfTheDatabaseTypeOverridesStatements() {
    TinyBenchmark b = module(DatabaseType.SQLITE, "testbench");
    StatementDialects d = b.getStatementDialects();
    assertEquals(
        "/benchmarks/testbench/dialect-sqlite.xml", d.getSQLDialectPath(DatabaseType.SQLITE));
    assertNull(d.getSQLDialectPath(DatabaseType.MARIADB), "no fallback for dialects");
    ReadRow p = new ReadRow().initialize(DatabaseType.SQLITE);
    p.loadSQLDialect(d);
    assertEquals(
        "SELECT v FROM kv WHERE k = ? LIMIT 1",
        p.read.getSQL(),
        "only the <dialect type=\"SQLITE\"> applies");
    // a type without a dialect file keeps the Java SQL
    ReadRow plain = new ReadRow().initialize(DatabaseType.MARIADB);
    plain.loadSQLDialect(module(DatabaseType.MARIADB, "testbench").getStatementDialects());
    assertEquals("SELECT v FROM kv WHERE k = ?", plain.read.getSQL());
  }

  @Test
  void proceduresAreFreshPerCallWithDialectsApplied() {
    TinyBenchmark b = module(DatabaseType.SQLITE, "testbench");
    List<TransactionType> types = new ArrayList<>();
    types.add(TransactionType.INVALID);
    types.add(b.initTransactionType("ReadRow", 1, 0, 0));
    types.add(b.initTransactionType("Noop", 2, 0, 0));
    b.getWorkloadConfiguration().setTransTypes(new TransactionTypes(types));
    Map<TransactionType, Procedure> a = b.getProcedures();
    Map<TransactionType, Procedure> c = b.getProcedures();
    TransactionType read = b.getWorkloadConfiguration().getTransTypes().getType("readrow");
    assertTrue(a.get(read) != c.get(read), "one procedure instance per worker");
    assertEquals("SELECT v FROM kv WHERE k = ? LIMIT 1", ((ReadRow) a.get(read)).read.getSQL());
  }

  @Test
  void invalidDialectFilesAreRejected() {
    RuntimeException schema =
        assertThrows(RuntimeException.class, () -> module(DatabaseType.H2, "testbench"));
    assertTrue(schema.getMessage().contains("dialect-h2.xml"), schema.getMessage());
    assertTrue(schema.getMessage().contains("type"), "names the missing attribute");
    TinyBenchmark db2 = module(DatabaseType.DB2, "testbench");
    ReadRow p = new ReadRow().initialize(DatabaseType.DB2);
    RuntimeException unknown =
        assertThrows(RuntimeException.class, () -> p.loadSQLDialect(db2.getStatementDialects()));
    assertTrue(unknown.getMessage().contains("noSuchField"), unknown.getMessage());
  }

  @Test
  void dialectExportListsOriginalSql() {
    TinyBenchmark b = module(DatabaseType.POSTGRES, "testbench");
    String xml =
        b.getStatementDialects()
            .export(
                DatabaseType.POSTGRES,
                List.of(new ReadRow().initialize(DatabaseType.POSTGRES), new Noop()));
    assertTrue(xml.contains("<dialect type=\"POSTGRES\">"), xml);
    assertTrue(xml.contains("<procedure name=\"ReadRow\">"), xml);
    assertTrue(xml.contains("<statement name=\"read\">SELECT v FROM kv WHERE k = ?</statement>"));
    assertTrue(!xml.contains("Noop"), "procedures without statements are left out");
  }

  @Test
  void sqlStmtExpandsMarkers() {
    SQLStmt s = new SQLStmt("SELECT * FROM t WHERE a IN (??) AND b IN (??)", 3, 1);
    assertEquals("SELECT * FROM t WHERE a IN (?, ?, ?) AND b IN (?)", s.getSQL());
    s.setSQL("  SELECT ?? FROM x  ");
    assertEquals("  SELECT ?, ?, ? FROM x  ", s.getSQL());
    assertEquals("SELECT ?? FROM x", s.getOriginalSQL());
  }

  @Test
  void transactionTypesArePositional() {
    TinyBenchmark b = module(DatabaseType.SQLITE, "testbench");
    List<TransactionType> types = new ArrayList<>();
    types.add(b.initTransactionType("NoopB", 7, 0, 0));
    types.add(TransactionType.INVALID);
    types.add(b.initTransactionType("Noop", 3, 0, 0));
    TransactionTypes tt = new TransactionTypes(types);
    assertSame(TransactionType.INVALID, tt.getType(0));
    assertEquals(Noop.class, tt.getType(1).getProcedureClass());
    assertEquals(NoopB.class, tt.getType(2).getProcedureClass());
    assertEquals(7, tt.getType(NoopB.class).getId());
    assertEquals(
        "com.oltpbenchmark.benchmarks.testbench.procedures.Noop/03", tt.getType("NOOP").toString());
    assertThrows(RuntimeException.class, () -> b.initTransactionType("Noop", 0, 0, 0));
  }

  @Test
  void hsqldbCatalogComesFromTheDdl() throws Exception {
    TinyBenchmark b = module(DatabaseType.HSQLDB, "testbench");
    b.getWorkloadConfiguration().setUrl("jdbc:hsqldb:mem:unused_r1");
    b.refreshCatalog();
    AbstractCatalog catalog = b.getCatalog();
    Table kv = catalog.getTable("KV");
    assertNotNull(kv);
    assertEquals("kv", kv.getName(), "the DDL's spelling is kept");
    assertEquals(2, kv.getColumnCount());
    assertEquals("INSERT INTO kv VALUES (?, ?)", SQLUtil.getInsertSQL(kv, DatabaseType.HSQLDB));
  }

  @Test
  void liveCatalogAndGeneratedSql() throws Exception {
    Path db = dir.resolve("catalog.db");
    WorkloadConfiguration wc = new WorkloadConfiguration();
    wc.setBenchmarkName("testbench");
    wc.setDatabaseType(DatabaseType.SQLITE);
    wc.setUrl("jdbc:sqlite:" + db);
    TinyBenchmark b = new TinyBenchmark(wc);
    b.createDatabase();
    b.refreshCatalog();
    Table kv = b.getCatalog().getTable("KV");
    assertEquals(List.of("k", "v"), List.of(kv.getColumn(0).getName(), kv.getColumn(1).getName()));
    assertEquals("INSERT INTO \"kv\" VALUES (?, ?)", SQLUtil.getInsertSQL(kv, DatabaseType.SQLITE));
    assertEquals("SELECT COUNT(*) FROM \"kv\"", SQLUtil.getCountSQL(DatabaseType.SQLITE, kv));
    assertThrows(IllegalArgumentException.class, () -> b.getCatalog().getTable("nope"));
  }

  @Test
  void scriptRunnerSyntax() throws Exception {
    Path script = dir.resolve("script.sql");
    Files.writeString(
        script,
        String.join(
            "\n",
            "-- a comment line",
            "// another comment",
            "",
            "CREATE TABLE t (",
            "  a INT, -- trailing comment",
            "  b INT",
            ");",
            "INSERT INTO t VALUES (1, 2); -- comment after the end",
            "INSERT INTO t VALUES (3, 4);"));
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("s.db"))) {
      new ScriptRunner(c, true, true).runExternalScript(script.toString());
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT SUM(a + b) FROM t")) {
        rs.next();
        assertEquals(10, rs.getInt(1));
      }
      Files.writeString(script, "CREATE TABLE u (x INT);\nSELECT nonsense FROM nowhere;\n");
      Exception e =
          assertThrows(
              Exception.class,
              () -> new ScriptRunner(c, true, true).runExternalScript(script.toString()));
      assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    }
  }
}
