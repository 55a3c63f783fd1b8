package com.oltpbenchmark.api;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.catalog.Table;
import com.oltpbenchmark.types.DatabaseType;
import java.io.File;
import java.io.InputStream;
import java.net.URL;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.Test;

/**
 * Upstream-style checks of a module's entry class: its DDL and dialect files exist and parse, its
 * schema builds on HSQLDB, its transaction names resolve, and its dialects name real statements.
 */
public abstract class AbstractTestBenchmarkModule<T extends BenchmarkModule>
    extends AbstractTestCase<T> {

  public AbstractTestBenchmarkModule() {
    super(false, false);
  }

  @Override
  public java.util.List<String> ignorableTables() {
    return null;
  }

  @Test
  public void testGetDatabaseDDLPath() throws Exception {
    String ddl = benchmark.getDatabaseDDLPath(DatabaseType.HSQLDB);
    assertNotNull("no HSQLDB DDL", ddl);
    try (InputStream in = getClass().getResourceAsStream(ddl)) {
      assertNotNull("DDL resource " + ddl + " does not open", in);
    }
  }

  @Test
  public void testCreateDatabase() throws Exception {
    benchmark.createDatabase();
    benchmark.refreshCatalog();
    Collection<Table> tables = benchmark.getCatalog().getTables();
    assertFalse("no tables after createDatabase", tables.isEmpty());
    for (Table table : tables) {
      assertFalse(table.getName() + " has no columns", table.getColumns().isEmpty());
    }
  }

  @Test
  public void testGetTransactionType() {
    int id = 1;
    for (Class<? extends Procedure> procedure : procedures()) {
      TransactionType type = benchmark.initTransactionType(procedure.getSimpleName(), id++, 0, 0);
      assertNotNull(procedure.getSimpleName(), type);
      assertEquals(procedure, type.getProcedureClass());
    }
  }

  @Test
  public void testGetSQLDialectPath() throws Exception {
    for (DatabaseType type : DatabaseType.values()) {
      String path = benchmark.getStatementDialects().getSQLDialectPath(type);
      if (path != null) {
        URL url = getClass().getResource(path);
        assertNotNull(path, url);
        assertTrue(path, new File(url.toURI()).exists());
      }
    }
  }

  @Test
  public void testLoadSQLDialect() {
    for (DatabaseType type : DatabaseType.values()) {
      StatementDialects dialects = dialectsFor(type);
      for (String procedure : dialects.getProcedureNames()) {
        for (String statement : dialects.getStatementNames(procedure)) {
          String sql = dialects.getSQL(procedure, statement);
          assertNotNull(type + " " + procedure + "." + statement, sql);
          assertFalse(type + " " + procedure + "." + statement, sql.isBlank());
        }
      }
    }
  }

  @Test
  public void testDumpSQLDialect() {
    for (DatabaseType type : DatabaseType.values()) {
      StatementDialects dialects = dialectsFor(type);
      if (dialects.getSQLDialectPath(type) == null) {
        continue;
      }
      Collection<Procedure> procedures = benchmark.getProcedures().values();
      String dump = dialects.export(type, procedures);
      assertNotNull(type.name(), dump);
      assertFalse(type.name(), dump.isEmpty());
      Set<String> configured = new HashSet<>();
      for (Procedure p : procedures) {
        configured.add(p.getProcedureName());
      }
      for (String procedure : dialects.getProcedureNames()) {
        if (!configured.contains(procedure)) {
          continue;
        }
        assertTrue(type + ": " + procedure, dump.contains(procedure));
        for (String statement : dialects.getStatementNames(procedure)) {
          assertTrue(type + ": " + procedure + "." + statement, dump.contains(statement));
        }
      }
    }
  }

  @Test
  public void testSetSQLDialect() throws Exception {
    for (DatabaseType type : DatabaseType.values()) {
      StatementDialects dialects = dialectsFor(type);
      if (dialects.getSQLDialectPath(type) == null) {
        continue;
      }
      Set<String> listed = new HashSet<>(dialects.getProcedureNames());
      for (Map.Entry<TransactionType, Procedure> e : benchmark.getProcedures().entrySet()) {
        Class<? extends Procedure> cls = e.getKey().getProcedureClass();
        if (!listed.contains(cls.getSimpleName())) {
          continue;
        }
        Procedure fresh = cls.getDeclaredConstructor().newInstance();
        fresh.initialize(type);
        fresh.loadSQLDialect(dialects);
        Map<String, SQLStmt> statements = fresh.getStatements();
        for (String statement : dialects.getStatementNames(cls.getSimpleName())) {
          SQLStmt stmt = statements.get(statement);
          assertNotNull(type + ": " + cls.getSimpleName() + " has no statement " + statement, stmt);
          assertEquals(
              type + ": " + cls.getSimpleName() + "." + statement,
              dialects.getSQL(cls.getSimpleName(), statement),
              stmt.getOriginalSQL());
        }
      }
    }
  }

  /** The dialects of one database type, without changing the module's own configuration. */
  private StatementDialects dialectsFor(DatabaseType type) {
    WorkloadConfiguration conf = new WorkloadConfiguration();
    conf.setBenchmarkName(workConf.getBenchmarkName());
    conf.setDatabaseType(type);
    return new StatementDialects(conf);
  }
}
