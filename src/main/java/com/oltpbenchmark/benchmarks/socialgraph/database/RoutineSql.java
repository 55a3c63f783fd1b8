package com.oltpbenchmark.benchmarks.socialgraph.database;

import java.util.HexFormat;

/**
 * The SQL of the server routines where they are written and tested ({@link
 * DatabaseFamily#routines}): the routine file, how a routine is called, and the pieces of a write
 * group's query that differ: how the transaction opens, how an observed version travels between its
 * statements (MariaDB/MySQL user variables; PostgreSQL settings local to the transaction, empty for
 * no such row), the lock-count call's OUT argument and how bytes are written.
 */
public enum RoutineSql {
  POSTGRES("postgres.sql", "SELECT ", "BEGIN", "") {
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
    public void appendBytes(StringBuilder sql, byte[] bytes) {
      // decode() reads the same whatever standard_conforming_strings says
      HEX.formatHex(sql.append("decode('"), bytes).append("', 'hex')");
    }
  },
  MYSQL("mysql.sql", "CALL ", "START TRANSACTION", ", @sg_count") {
    @Override
    public String observe(int op, String versionQuery) {
      return "SET @sg_observed_" + op + " = (" + versionQuery + ")";
    }

    @Override
    public String observed(int op, long otherwise) {
      return "IFNULL(@sg_observed_" + op + ", " + otherwise + ")";
    }

    @Override
    public void appendBytes(StringBuilder sql, byte[] bytes) {
      HEX.formatHex(sql.append("X'"), bytes).append('\'');
    }
  };

  /** The routines' file under {@code benchmarks/socialgraph/routines/}. */
  public final String file;

  /** What opens a write group's transaction. */
  public final String begin;

  /** The lock-count call's OUT argument (with its leading comma), empty where there is none. */
  public final String lockCountOut;

  /** What precedes a routine's name in its call: a function is selected, a procedure called. */
  private final String callVerb;

  private static final HexFormat HEX = HexFormat.of();

  /** Suffix of every routine name; bump it whenever a routine's body changes. */
  public static final int VERSION = 5;

  RoutineSql(String file, String callVerb, String begin, String lockCountOut) {
    this.file = file;
    this.callVerb = callVerb;
    this.begin = begin;
    this.lockCountOut = lockCountOut;
  }

  /** The statement that keeps op {@code op}'s observed version, read by {@code versionQuery}. */
  public abstract String observe(int op, String versionQuery);

  /** The observed version of op {@code op}, or {@code otherwise} if there was no row. */
  public abstract String observed(int op, long otherwise);

  /**
   * Appends a byte-string literal of {@code bytes} (lower-case hex) to {@code sql}: a write group's
   * query carries each payload this way, so it is written into the query as it is built.
   */
  public abstract void appendBytes(StringBuilder sql, byte[] bytes);

  /** The call of routine {@code name} (its versioned name) with {@code args}. */
  public String call(String name, String args) {
    return appendCallOf(new StringBuilder(), name).append(args).append(')').toString();
  }

  /**
   * Appends the start of a call of routine {@code name} up to its opening parenthesis; the caller
   * appends the arguments and the closing one. A write group's query is built this way, piece by
   * piece into one buffer, since it is built anew for every request.
   */
  public StringBuilder appendCallOf(StringBuilder sql, String name) {
    return sql.append(callVerb).append(name).append("_v").append(VERSION).append('(');
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
