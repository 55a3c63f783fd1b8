package com.oltpbenchmark;

import com.oltpbenchmark.api.TransactionTypes;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.SecretMask;
import com.oltpbenchmark.util.ThreadUtil;
import java.io.File;
import java.io.FileNotFoundException;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.configuration2.XMLConfiguration;

/** Run parameters of one benchmark. A plain mutable bean; modules only read it. */
public class WorkloadConfiguration {
  /** The java.sql.Connection isolation constants by their names. */
  private static final Map<String, Integer> ISOLATION_LEVELS = isolationLevels();

  private final List<Phase> phases = new ArrayList<>();
  private String benchmarkName;
  private DatabaseType databaseType;
  private String url;
  private String username;
  private String password;
  private String driverClass;
  private int batchSize;
  private String sessionSetupFile;
  private int maxRetries;
  private int randomSeed = -1;
  private int driverProcess = 1;
  private double scaleFactor = 1.0;
  private double selectivity = -1.0;
  private int terminals;
  private int loaderThreads = ThreadUtil.availableProcessors();
  private XMLConfiguration xmlConfig;
  private WorkloadState workloadState;
  private TransactionTypes transTypes;
  private int isolationMode = Connection.TRANSACTION_SERIALIZABLE;
  private String dataDir;
  private String ddlPath;
  private boolean advancedMonitoringEnabled;
  private boolean newConnectionPerTxn;
  private boolean reconnectOnConnectionFailure;
  private boolean spreadTerminalsOverHosts;

  public String getBenchmarkName() {
    return benchmarkName;
  }

  public void setBenchmarkName(String benchmarkName) {
    this.benchmarkName = benchmarkName;
  }

  public WorkloadState getWorkloadState() {
    return workloadState;
  }

  public DatabaseType getDatabaseType() {
    return databaseType;
  }

  public void setDatabaseType(DatabaseType databaseType) {
    this.databaseType = databaseType;
  }

  public String getUrl() {
    return url;
  }

  /** Also makes the URL's credentials known to the console masking. */
  public void setUrl(String url) {
    this.url = url;
    SecretMask.register(null, url);
  }

  public String getUsername() {
    return username;
  }

  public void setUsername(String username) {
    this.username = username;
  }

  public String getPassword() {
    return password;
  }

  /** Also makes the password known to the console masking. */
  public void setPassword(String password) {
    this.password = password;
    SecretMask.register(password, null);
  }

  public String getDriverClass() {
    return driverClass;
  }

  public void setDriverClass(String driverClass) {
    this.driverClass = driverClass;
  }

  public int getBatchSize() {
    return batchSize;
  }

  public void setBatchSize(int batchSize) {
    this.batchSize = batchSize;
  }

  public String getSessionSetupFile() {
    return sessionSetupFile;
  }

  public void setSessionSetupFile(String sessionSetupFile) throws FileNotFoundException {
    this.sessionSetupFile = checkedPath(sessionSetupFile, "sessionsetupfile");
  }

  public int getMaxRetries() {
    return maxRetries;
  }

  public void setMaxRetries(int maxRetries) {
    this.maxRetries = maxRetries;
  }

  public int getRandomSeed() {
    return randomSeed;
  }

  /** k of {@code --driver k/N} (runtime extension; 1 when this process drives alone). */
  public int getDriverProcess() {
    return driverProcess;
  }

  public void setDriverProcess(int k) {
    this.driverProcess = k;
  }

  public void setRandomSeed(int randomSeed) {
    this.randomSeed = randomSeed;
  }

  public double getScaleFactor() {
    return scaleFactor;
  }

  public void setScaleFactor(double scaleFactor) {
    this.scaleFactor = scaleFactor;
  }

  public double getSelectivity() {
    return selectivity;
  }

  public void setSelectivity(double selectivity) {
    this.selectivity = selectivity;
  }

  public int getTerminals() {
    return terminals;
  }

  public void setTerminals(int terminals) {
    this.terminals = terminals;
  }

  public int getLoaderThreads() {
    return loaderThreads;
  }

  public void setLoaderThreads(int loaderThreads) {
    this.loaderThreads = loaderThreads;
  }

  public XMLConfiguration getXmlConfig() {
    return xmlConfig;
  }

  public void setXmlConfig(XMLConfiguration xmlConfig) {
    this.xmlConfig = xmlConfig;
  }

  public TransactionTypes getTransTypes() {
    return transTypes;
  }

  public void setTransTypes(TransactionTypes transTypes) {
    this.transTypes = transTypes;
  }

  public int getIsolationMode() {
    return isolationMode;
  }

  public String getIsolationString() {
    for (Map.Entry<String, Integer> e : ISOLATION_LEVELS.entrySet()) {
      if (e.getValue() == isolationMode) {
        return e.getKey();
      }
    }
    return "TRANSACTION_SERIALIZABLE";
  }

  /** Accepts the five java.sql.Connection constant names; anything else keeps the old value. */
  public void setIsolationMode(String mode) {
    Integer level = isolationLevel(mode);
    if (level != null) {
      this.isolationMode = level;
    }
  }

  /** The java.sql.Connection level for an isolation name, or null when the name is unknown. */
  public static Integer isolationLevel(String mode) {
    return mode == null ? null : ISOLATION_LEVELS.get(mode.trim());
  }

  /** The names {@code <isolation>} accepts. */
  public static Set<String> isolationNames() {
    return ISOLATION_LEVELS.keySet();
  }

  private static Map<String, Integer> isolationLevels() {
    Map<String, Integer> m = new LinkedHashMap<>();
    m.put("TRANSACTION_SERIALIZABLE", Connection.TRANSACTION_SERIALIZABLE);
    m.put("TRANSACTION_REPEATABLE_READ", Connection.TRANSACTION_REPEATABLE_READ);
    m.put("TRANSACTION_READ_COMMITTED", Connection.TRANSACTION_READ_COMMITTED);
    m.put("TRANSACTION_READ_UNCOMMITTED", Connection.TRANSACTION_READ_UNCOMMITTED);
    m.put("TRANSACTION_NONE", Connection.TRANSACTION_NONE);
    return Collections.unmodifiableMap(m);
  }

  public String getDataDir() {
    return dataDir;
  }

  public void setDataDir(String dataDir) {
    this.dataDir = dataDir;
  }

  public String getDDLPath() {
    return ddlPath;
  }

  public void setDDLPath(String ddlPath) throws FileNotFoundException {
    this.ddlPath = checkedPath(ddlPath, "ddlpath");
  }

  public boolean getNewConnectionPerTxn() {
    return newConnectionPerTxn;
  }

  public void setNewConnectionPerTxn(boolean newConnectionPerTxn) {
    this.newConnectionPerTxn = newConnectionPerTxn;
  }

  public boolean getReconnectOnConnectionFailure() {
    return reconnectOnConnectionFailure;
  }

  public void setReconnectOnConnectionFailure(boolean reconnectOnConnectionFailure) {
    this.reconnectOnConnectionFailure = reconnectOnConnectionFailure;
  }

  /** Runtime-only: terminal i connects to host i mod n of a multi-host URL. */
  public boolean getSpreadTerminalsOverHosts() {
    return spreadTerminalsOverHosts;
  }

  public void setSpreadTerminalsOverHosts(boolean spreadTerminalsOverHosts) {
    this.spreadTerminalsOverHosts = spreadTerminalsOverHosts;
  }

  public boolean getAdvancedMonitoringEnabled() {
    return advancedMonitoringEnabled;
  }

  /** Upstream quirk kept: calling this always enables advanced monitoring. */
  public void setAdvancedMonitoringEnabled(boolean advancedMonitoringEnabled) {
    this.advancedMonitoringEnabled = true;
  }

  public void addPhase(
      int id,
      int time,
      int warmup,
      double rate,
      List<Double> weights,
      boolean rateLimited,
      boolean disabled,
      boolean serial,
      boolean timed,
      int active_terminals,
      Phase.Arrival arrival) {
    phases.add(
        new Phase(
            benchmarkName,
            id,
            time,
            warmup,
            rate,
            weights,
            rateLimited,
            disabled,
            serial,
            timed,
            active_terminals,
            arrival));
  }

  public List<Phase> getPhases() {
    return Collections.unmodifiableList(phases);
  }

  public int getNumberOfPhases() {
    return phases.size();
  }

  /** Creates this workload's state object, attached to the run-wide benchmark state. */
  public void initializeState(BenchmarkState benchmarkState) {
    this.workloadState =
        new WorkloadState(benchmarkState, phases, terminals, randomSeed, driverProcess);
  }

  /** Loads the JDBC driver class, if one is configured. */
  public void init() {
    if (driverClass == null || driverClass.isEmpty()) {
      return;
    }
    try {
      Class.forName(driverClass);
    } catch (ClassNotFoundException ex) {
      throw new RuntimeException("Failed to initialize JDBC driver '" + driverClass + "'", ex);
    }
  }

  private static String checkedPath(String path, String name) throws FileNotFoundException {
    if (path == null || path.trim().isEmpty()) {
      return null;
    }
    String p = path.trim();
    if (!new File(p).exists()) {
      throw new FileNotFoundException(name + " not found:" + p);
    }
    return p;
  }

  @Override
  public String toString() {
    return "WorkloadConfiguration{benchmark="
        + benchmarkName
        + ", type="
        + databaseType
        + ", url="
        + com.oltpbenchmark.util.CredentialScrubber.safeUrl(url)
        + ", username="
        + username
        + ", isolation="
        + getIsolationString()
        + ", scaleFactor="
        + scaleFactor
        + ", terminals="
        + terminals
        + ", batchSize="
        + batchSize
        + ", loaderThreads="
        + loaderThreads
        + ", phases="
        + phases.size()
        + "}";
  }
}
