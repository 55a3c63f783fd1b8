package com.oltpbenchmark.api;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.catalog.AbstractCatalog;
import com.oltpbenchmark.types.DatabaseType;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.rules.TestName;

/**
 * This runtime's version of upstream BenchBase's module test harness (JUnit 4, package
 * com.oltpbenchmark.api, same members), so that a module's upstream-style tests run unchanged here
 * and inside an upstream tree. Each test gets a fresh HSQLDB database in MySQL syntax mode, a bare
 * configuration (scale factor 0.01, one terminal, no XML config, no retries) and, depending on the
 * subclass, the module's schema and its loaded data.
 *
 * <p>Difference from upstream: the database is HSQLDB in-process memory ({@code jdbc:hsqldb:mem:}),
 * not an HSQLDB server on a local port, so parallel builds never compete for ports.
 */
public abstract class AbstractTestCase<T extends BenchmarkModule> {

  protected static final double DB_SCALE_FACTOR = 0.01;

  private static final AtomicInteger DATABASES = new AtomicInteger();

  protected WorkloadConfiguration workConf;
  protected T benchmark;
  protected AbstractCatalog catalog;
  protected Connection conn;

  protected final boolean createDatabase;
  protected final boolean loadDatabase;
  protected final String ddlOverridePath;
  protected final String sessionSetupFile;

  @Rule public TestName name = new TestName();

  private String url;

  public AbstractTestCase(boolean createDatabase, boolean loadDatabase) {
    this(createDatabase, loadDatabase, null, null);
  }

  public AbstractTestCase(boolean createDatabase, boolean loadDatabase, String ddlOverridePath) {
    this(createDatabase, loadDatabase, ddlOverridePath, null);
  }

  public AbstractTestCase(
      boolean createDatabase,
      boolean loadDatabase,
      String ddlOverridePath,
      String sessionSetupFile) {
    this.createDatabase = createDatabase;
    this.loadDatabase = loadDatabase;
    this.ddlOverridePath = ddlOverridePath;
    this.sessionSetupFile = sessionSetupFile;
  }

  public abstract List<Class<? extends Procedure>> procedures();

  public abstract Class<T> benchmarkClass();

  /** Tables that may stay empty after the load. */
  public abstract List<String> ignorableTables();

  @Before
  public final void setUp() throws Exception {
    url =
        "jdbc:hsqldb:mem:benchbase"
            + DATABASES.incrementAndGet()
            + "_"
            + name.getMethodName()
            + ";sql.syntax_mys=true";

    workConf = new WorkloadConfiguration();
    workConf.setTransTypes(proceduresToTransactionTypes(procedures()));
    workConf.setDatabaseType(DatabaseType.HSQLDB);
    workConf.setDriverClass("org.hsqldb.jdbc.JDBCDriver");
    workConf.setUrl(url);
    workConf.setScaleFactor(DB_SCALE_FACTOR);
    workConf.setTerminals(1);
    workConf.setBatchSize(128);
    workConf.setBenchmarkName(
        BenchmarkModule.convertBenchmarkClassToBenchmarkName(benchmarkClass()));
    workConf.setDDLPath(ddlOverridePath);
    workConf.setSessionSetupFile(sessionSetupFile);
    workConf.setMaxRetries(0);
    workConf.setRandomSeed(-1);
    workConf.setLoaderThreads(Runtime.getRuntime().availableProcessors());
    workConf.setIsolationMode("TRANSACTION_SERIALIZABLE");
    workConf.init();
    customWorkloadConfiguration(workConf);

    benchmark = benchmarkClass().getConstructor(WorkloadConfiguration.class).newInstance(workConf);
    assertNotNull("procedures()", procedures());
    assertFalse("procedures() is empty", procedures().isEmpty());

    conn = benchmark.makeConnection();
    assertNotNull(conn);
    benchmark.refreshCatalog();
    catalog = benchmark.getCatalog();
    assertNotNull("catalog", catalog);

    if (createDatabase) {
      createDatabase();
    }
    if (loadDatabase) {
      loadDatabase();
    }
    postCreateDatabaseSetup();
  }

  @After
  public final void tearDown() throws Exception {
    if (conn != null) {
      conn.close();
    }
    cleanupServer();
  }

  /** Transaction types 0, 1, 2, ... in list order, as upstream's harness numbers them. */
  protected TransactionTypes proceduresToTransactionTypes(
      List<Class<? extends Procedure>> procedures) {
    List<TransactionType> types = new ArrayList<>();
    int id = 0;
    for (Class<? extends Procedure> procedure : procedures) {
      types.add(new TransactionType(procedure, id++, false, 0, 0));
    }
    return new TransactionTypes(types);
  }

  protected void createDatabase() {
    try {
      benchmark.createDatabase();
    } catch (Exception e) {
      throw failure("createDatabase", e);
    }
  }

  protected void loadDatabase() {
    try {
      benchmark.loadDatabase();
    } catch (Exception e) {
      throw failure("loadDatabase", e);
    }
  }

  /** Hook: adjust the configuration before the module is built. */
  protected void customWorkloadConfiguration(WorkloadConfiguration workConf) {}

  /** Hook: runs after the schema (and data) exist. */
  protected void postCreateDatabaseSetup() throws IOException {}

  /** Drops the in-memory database, so each test starts empty. */
  protected void cleanupServer() {
    try (Connection c = java.sql.DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.execute("SHUTDOWN");
    } catch (SQLException e) {
      throw failure("shutting down " + url, e);
    }
  }

  private static AssertionError failure(String what, Exception e) {
    return new AssertionError(what + " failed: " + e, e);
  }
}
