package com.oltpbenchmark.api;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.catalog.AbstractCatalog;
import com.oltpbenchmark.jdbc.TerminalHosts;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.SQLUtil;
import com.oltpbenchmark.util.ScriptRunner;
import com.oltpbenchmark.util.ThreadUtil;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Entry class of a benchmark: makes its loader and workers and knows its resources. */
public abstract class BenchmarkModule {
  private static final Logger LOG = LoggerFactory.getLogger(BenchmarkModule.class);

  protected final WorkloadConfiguration workConf;
  protected ClassLoader classLoader;
  protected final StatementDialects dialects;

  private final Set<Class<? extends Procedure>> supplementalProcedures = new LinkedHashSet<>();
  private final ThreadLocal<Random> rng;
  private AbstractCatalog catalog;
  private String afterLoadScriptPath;

  public BenchmarkModule(WorkloadConfiguration workConf) {
    this.workConf = workConf;
    this.dialects = new StatementDialects(workConf);
    this.rng =
        ThreadLocal.withInitial(
            () ->
                workConf.getRandomSeed() != -1
                    ? new Random(workConf.getRandomSeed())
                    : new Random());
    setClassLoader();
  }

  protected void setClassLoader() {
    this.classLoader = Thread.currentThread().getContextClassLoader();
    if (this.classLoader == null) {
      this.classLoader = getClass().getClassLoader();
    }
  }

  protected abstract List<Worker<? extends BenchmarkModule>> makeWorkersImpl() throws IOException;

  protected abstract Loader<? extends BenchmarkModule> makeLoaderImpl();

  protected abstract Package getProcedurePackageImpl();

  public final Connection makeConnection() throws SQLException {
    return makeConnection(0);
  }

  /**
   * Runtime extension: the connection of terminal {@code terminal}. With {@code
   * spreadTerminalsOverHosts} it goes to host {@code terminal mod n} of the multi-host URL, or to
   * the next reachable one when that host is down.
   */
  public final Connection makeConnection(int terminal) throws SQLException {
    if (!workConf.getSpreadTerminalsOverHosts()) {
      return connect(workConf.getUrl());
    }
    SQLException first = null;
    for (String url : TerminalHosts.parse(workConf.getUrl()).urlsFor(terminal)) {
      try {
        return connect(url);
      } catch (SQLException ex) {
        if (first == null) {
          first = ex;
        } else {
          first.addSuppressed(ex);
        }
      }
    }
    throw first;
  }

  private Connection connect(String url) throws SQLException {
    String user = workConf.getUsername();
    if (user == null || user.isEmpty()) {
      return DriverManager.getConnection(url);
    }
    return DriverManager.getConnection(url, user, workConf.getPassword());
  }

  public final void setAfterLoadScriptPath(String scriptPath) throws FileNotFoundException {
    if (scriptPath == null || scriptPath.trim().isEmpty()) {
      this.afterLoadScriptPath = null;
      return;
    }
    String p = scriptPath.trim();
    if (new File(p).exists()) {
      this.afterLoadScriptPath = p;
      return;
    }
    try (InputStream in = getClass().getResourceAsStream(p)) {
      if (in != null) {
        this.afterLoadScriptPath = p;
        return;
      }
    } catch (IOException ignore) {
      // treated as missing below
    }
    throw new FileNotFoundException(
        "afterload script not found (neither a file nor a classpath resource): " + p);
  }

  public String getAfterLoadScriptPath() {
    return afterLoadScriptPath;
  }

  /** A per-thread Random, seeded with randomSeed when one is configured. */
  public Random rng() {
    return rng.get();
  }

  protected static <T> String convertBenchmarkClassToBenchmarkName(Class<T> clazz) {
    String name = clazz.getSimpleName().toLowerCase(Locale.ROOT);
    if (!name.equals("chbenchmark") && name.endsWith("benchmark")) {
      name = name.replace("benchmark", "");
    }
    return name;
  }

  /**
   * The classpath DDL for {@code db_type}: ddl-&lt;type&gt;.sql (MariaDB uses MySQL's), else
   * ddl-generic.sql; null when neither exists.
   */
  public String getDatabaseDDLPath(DatabaseType db_type) {
    List<String> names = new ArrayList<>();
    if (db_type != null) {
      DatabaseType t = db_type == DatabaseType.MARIADB ? DatabaseType.MYSQL : db_type;
      names.add("ddl-" + t.name().toLowerCase(Locale.ROOT) + ".sql");
    }
    names.add("ddl-generic.sql");
    for (String n : names) {
      String path = "/benchmarks/" + getBenchmarkName() + "/" + n;
      try (InputStream in = getClass().getResourceAsStream(path)) {
        if (in != null) {
          return path;
        }
      } catch (IOException ignore) {
        // try the next candidate
      }
    }
    return null;
  }

  public final List<Worker<? extends BenchmarkModule>> makeWorkers() throws IOException {
    return makeWorkersImpl();
  }

  public final void refreshCatalog() throws SQLException {
    if (catalog != null) {
      try {
        catalog.close();
      } catch (SQLException e) {
        LOG.warn("closing the previous catalog failed: {}", e.getMessage());
      }
    }
    try (Connection conn = makeConnection()) {
      catalog = SQLUtil.getCatalog(this, workConf.getDatabaseType(), conn);
    }
  }

  public final void createDatabase() throws SQLException, IOException {
    try (Connection conn = makeConnection()) {
      createDatabase(workConf.getDatabaseType(), conn);
    }
  }

  public final void createDatabase(DatabaseType dbType, Connection conn)
      throws SQLException, IOException {
    ScriptRunner runner = new ScriptRunner(conn, true, true);
    if (workConf.getDDLPath() != null) {
      String ddl = workConf.getDDLPath();
      LOG.warn("Overriding the default DDL script with {}", ddl);
      runner.runExternalScript(ddl);
      return;
    }
    String ddl = getDatabaseDDLPath(dbType);
    if (ddl == null) {
      throw new IOException(
          "no DDL for benchmark "
              + getBenchmarkName()
              + " and database type "
              + dbType
              + ": expected /benchmarks/"
              + getBenchmarkName()
              + "/ddl-"
              + (dbType == null ? "<type>" : dbType.name().toLowerCase(Locale.ROOT))
              + ".sql or ddl-generic.sql on the classpath");
    }
    LOG.debug("Executing DDL {}", ddl);
    runner.runScript(ddl);
  }

  public final void runScript(String scriptPath) throws SQLException, IOException {
    try (Connection conn = makeConnection()) {
      ScriptRunner runner = new ScriptRunner(conn, true, true);
      if (new File(scriptPath).exists()) {
        runner.runExternalScript(scriptPath);
      } else {
        runner.runScript(scriptPath);
      }
    }
  }

  public final Loader<? extends BenchmarkModule> loadDatabase()
      throws IOException, SQLException, InterruptedException {
    Loader<? extends BenchmarkModule> loader = makeLoaderImpl();
    if (loader != null) {
      List<LoaderThread> threads = loader.createLoaderThreads();
      if (threads == null) {
        throw new IllegalStateException(
            loader.getClass().getName() + ".createLoaderThreads() returned null");
      }
      ThreadUtil.runLoaderThreads(threads, workConf.getLoaderThreads());
      if (afterLoadScriptPath != null) {
        LOG.info("Running the after-load script {}", afterLoadScriptPath);
        runScript(afterLoadScriptPath);
      }
    }
    return loader;
  }

  public final void clearDatabase() throws SQLException {
    try (Connection conn = makeConnection()) {
      Loader<? extends BenchmarkModule> loader = makeLoaderImpl();
      if (loader != null) {
        conn.setAutoCommit(false);
        loader.unload(conn, getCatalog());
        conn.commit();
      }
    }
  }

  public final String getBenchmarkName() {
    String name = workConf.getBenchmarkName();
    return name != null ? name : convertBenchmarkClassToBenchmarkName(getClass());
  }

  public final AbstractCatalog getCatalog() {
    if (catalog == null) {
      throw new RuntimeException(
          "Trying to access the catalog of " + getBenchmarkName() + " before refreshCatalog()");
    }
    return catalog;
  }

  public final StatementDialects getStatementDialects() {
    return dialects;
  }

  @Override
  public final String toString() {
    return getBenchmarkName();
  }

  public final TransactionType initTransactionType(
      String procName, int id, long preExecutionWait, long postExecutionWait) {
    if (id == TransactionType.INVALID_ID) {
      throw new RuntimeException(
          String.format(
              "Procedure %s.%s cannot use the reserved id '%d' for %s",
              getBenchmarkName(), procName, id, TransactionType.INVALID.getClass().getName()));
    }
    String fullName = getProcedurePackageImpl().getName() + "." + procName;
    Class<? extends Procedure> procClass;
    try {
      Class<?> c = Class.forName(fullName, true, classLoader);
      procClass = c.asSubclass(Procedure.class);
    } catch (ClassNotFoundException | ClassCastException ex) {
      throw new RuntimeException(
          "Transaction type '"
              + procName
              + "' of benchmark "
              + getBenchmarkName()
              + " is not a Procedure class "
              + fullName,
          ex);
    }
    return new TransactionType(procClass, id, false, preExecutionWait, postExecutionWait);
  }

  public final WorkloadConfiguration getWorkloadConfiguration() {
    return workConf;
  }

  /** A fresh, initialised instance of every configured procedure (one set per worker). */
  public Map<TransactionType, Procedure> getProcedures() {
    Map<TransactionType, Procedure> procs = new HashMap<>();
    TransactionTypes types = workConf.getTransTypes();
    if (types == null) {
      return procs;
    }
    for (Class<? extends Procedure> c : supplementalProcedures) {
      if (types.getType(c) == null) {
        types.add(new TransactionType(c, c.hashCode(), true, 0, 0));
      }
    }
    for (TransactionType type : types) {
      Class<? extends Procedure> c = type.getProcedureClass();
      try {
        Procedure proc = c.getConstructor().newInstance();
        proc.initialize(workConf.getDatabaseType());
        procs.put(type, proc);
        proc.loadSQLDialect(dialects);
        if (workConf.getAdvancedMonitoringEnabled()) {
          proc.enabledAdvancedMonitoring();
        }
      } catch (ReflectiveOperationException ex) {
        throw new RuntimeException(
            "cannot instantiate procedure "
                + c.getName()
                + " (it needs to be public with a public no-argument constructor)",
            ex);
      }
    }
    if (procs.isEmpty()) {
      LOG.warn("No procedures defined for {}", this);
    }
    return procs;
  }

  public final void registerSupplementalProcedure(Class<? extends Procedure> procClass) {
    supplementalProcedures.add(procClass);
  }
}
