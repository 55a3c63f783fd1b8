package com.oltpbenchmark.benchmarks.socialgraph.database;

/**
 * The SQL of the server routines where they are written and tested ({@link
 * DatabaseFamily#routines}): the routine file, how a routine is called, and the pieces of a write
 * group's query that differ: how the transaction opens, how an observed version travels between its
 * statements (MariaDB/MySQL user variables; PostgreSQL settings local to the transaction, empty for
 * no such row), the lock-count call's OUT argument and how bytes are written.
 */
public enum RoutineSql {
  POSTGRES("postgres.sql", "SELECT %s(%s)", "BEGIN", "") {
    @Override
    public String observe(int op, String versionQuery) {
      return "SELECT set_config('sg.observed_"
          + op
          + "', COALESCE(("
          + versionQuery
          + ")::text, ''), true)";
    }

    @Override
    public String observed(int op, long otherwise) {
      return "COALESCE(NULLIF(current_setting('sg.observed_"
          + op
          + "'), '')::bigint, "
          + otherwise
          + ")";
    }

    @Override
    public String bytes(String hex) {
      // decode() reads the same whatever standard_conforming_strings says
      return "decode('" + hex + "', 'hex')";
    }
  },
  MYSQL("mysql.sql", "CALL %s(%s)", "START TRANSACTION", ", @sg_count") {
    @Override
    public String observe(int op, String versionQuery) {
      return "SET @sg_observed_" + op + " = (" + versionQuery + ")";
    }

    @Override
    public String observed(int op, long otherwise) {
      return "IFNULL(@sg_observed_" + op + ", " + otherwise + ")";
    }

    @Override
    public String bytes(String hex) {
      return "X'" + hex + "'";
    }
  };

  /** The routines' file under {@code benchmarks/socialgraph/routines/}. */
  public final String file;

  /** What opens a write group's transaction. */
  public final String begin;

  /** The lock-count call's OUT argument (with its leading comma), empty where there is none. */
  public final String lockCountOut;

  private final String callFormat;

  /** Suffix of every routine name; bump it whenever a routine's body changes. */
  public static final int VERSION = 5;

  RoutineSql(String file, String callFormat, String begin, String lockCountOut) {
    this.file = file;
    this.callFormat = callFormat;
    this.begin = begin;
    this.lockCountOut = lockCountOut;
  }

  /** The statement that keeps op {@code op}'s observed version, read by {@code versionQuery}. */
  public abstract String observe(int op, String versionQuery);

  /** The observed version of op {@code op}, or {@code otherwise} if there was no row. */
  public abstract String observed(int op, long otherwise);

  /** A byte-string literal of {@code hex}. */
  public abstract String bytes(String hex);

  /** The call of routine {@code name} (its versioned name) with {@code args}. */
  public String call(String name, String args) {
    return String.format(callFormat, name + "_v" + VERSION, args);
  }

  /** The query that finds a routine of this name in the current schema (one parameter). */
  public String existsSql() {
    return this == POSTGRES
        ? "SELECT 1 FROM pg_proc WHERE proname = ? AND pronamespace ="
            + " (SELECT oid FROM pg_namespace WHERE nspname = current_schema())"
        : "SELECT 1 FROM information_schema.ROUTINES"
            + " WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME = ?";
  }
}
