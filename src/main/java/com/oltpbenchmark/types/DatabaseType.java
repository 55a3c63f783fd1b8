package com.oltpbenchmark.types;

/**
 * DBMS kinds, in upstream's declaration order (ordinals matter to ordinal-based code). The lower
 * case constant name is the suffix of ddl-&lt;type&gt;.sql and dialect-&lt;type&gt;.xml.
 */
public enum DatabaseType {
  AMAZONRDS(true, false, false, false),
  CASSANDRA(true, true, false, false),
  COCKROACHDB(false, false, true, false),
  DB2(true, false, false, false),
  H2(true, false, false, false),
  HSQLDB(false, false, false, false),
  POSTGRES(false, false, true, true),
  MARIADB(true, false, false, false),
  MONETDB(false, false, false, false),
  MYROCKS(true, false, false, false),
  MYSQL(true, false, false, false),
  NOISEPAGE(false, false, false, false),
  NUODB(true, false, false, false),
  ORACLE(true, false, false, false),
  SINGLESTORE(true, false, false, false),
  SPANNER(false, true, false, false),
  SQLAZURE(true, true, true, false),
  SQLITE(true, false, false, false),
  SQLSERVER(true, true, true, true),
  TIMESTEN(true, false, false, false),
  PHOENIX(true, true, false, false);

  private final boolean escapeNames;
  private final boolean includeColNames;
  private final boolean loadNeedsUpdateColumnSequence;
  private final boolean needsMonitoringPrefix;

  DatabaseType(
      boolean escapeNames,
      boolean includeColNames,
      boolean loadNeedsUpdateColumnSequence,
      boolean needsMonitoringPrefix) {
    this.escapeNames = escapeNames;
    this.includeColNames = includeColNames;
    this.loadNeedsUpdateColumnSequence = loadNeedsUpdateColumnSequence;
    this.needsMonitoringPrefix = needsMonitoringPrefix;
  }

  /** Whether table and column names are wrapped in the driver's identifier quote. */
  public boolean shouldEscapeNames() {
    return escapeNames;
  }

  /** Whether generated INSERT statements list the column names. */
  public boolean shouldIncludeColumnNames() {
    return includeColNames;
  }

  public boolean shouldUpdateColumnSequenceAfterLoad() {
    return loadNeedsUpdateColumnSequence;
  }

  public boolean shouldCreateMonitoringPrefix() {
    return needsMonitoringPrefix;
  }

  /** Case-insensitive lookup; null when the name is unknown. */
  public static DatabaseType get(String name) {
    return EnumLookup.byName(DatabaseType.class, name);
  }
}
