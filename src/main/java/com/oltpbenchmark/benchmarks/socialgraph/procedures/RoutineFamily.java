package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;

/**
 * The databases whose routines are written and tested, how each calls them, and the pieces of a
 * write group's query ({@link WriteGroupQuery}) that differ: how the transaction opens, how an
 * observed version travels between its statements (MariaDB/MySQL user variables; PostgreSQL
 * settings local to the transaction, empty for no such row), the lock-count call's OUT argument and
 * how bytes are written.
 */
enum RoutineFamily {
  POSTGRES("postgres.sql", "SELECT %s(%s)", "BEGIN", "") {
    @Override
    String observe(int op, String versionQuery) {
      return "SELECT set_config('sg.observed_"
          + op
          + "', COALESCE(("
          + versionQuery
          + ")::text, ''), true)";
    }

    @Override
    String observed(int op, long otherwise) {
      return "COALESCE(NULLIF(current_setting('sg.observed_"
          + op
          + "'), '')::bigint, "
          + otherwise
          + ")";
    }

    @Override
    String bytes(String hex) {
      // decode() reads the same whatever standard_conforming_strings says
      return "decode('" + hex + "', 'hex')";
    }
  },
  MYSQL("mysql.sql", "CALL %s(%s)", "START TRANSACTION", ", @sg_count") {
    @Override
    String observe(int op, String versionQuery) {
      return "SET @sg_observed_" + op + " = (" + versionQuery + ")";
    }

    @Override
    String observed(int op, long otherwise) {
      return "IFNULL(@sg_observed_" + op + ", " + otherwise + ")";
    }

    @Override
    String bytes(String hex) {
      return "X'" + hex + "'";
    }
  };

  final String file;
  final String callFormat;
  final String begin;
  final String lockCountOut;

  RoutineFamily(String file, String callFormat, String begin, String lockCountOut) {
    this.file = file;
    this.callFormat = callFormat;
    this.begin = begin;
    this.lockCountOut = lockCountOut;
  }

  /** The statement that keeps op {@code op}'s observed version, read by {@code versionQuery}. */
  abstract String observe(int op, String versionQuery);

  /** The observed version of op {@code op}, or {@code otherwise} if there was no row. */
  abstract String observed(int op, long otherwise);

  /** A byte-string literal of {@code hex}. */
  abstract String bytes(String hex);

  /** The call of routine {@code name} (its versioned name) with {@code args}. */
  String call(String name, String args) {
    return String.format(callFormat, name + "_v" + ServerWriteRoutines.VERSION, args);
  }

  /** The routines' family of a database family, or null where none are written. */
  static RoutineFamily of(DatabaseFamily family) {
    return switch (family) {
      case POSTGRES -> POSTGRES;
      case MYSQL -> MYSQL;
      default -> null;
    };
  }

  /** The query that finds a routine of this name in the current schema (one parameter). */
  String existsSql() {
    return this == POSTGRES
        ? "SELECT 1 FROM pg_proc WHERE proname = ? AND pronamespace ="
            + " (SELECT oid FROM pg_namespace WHERE nspname = current_schema())"
        : "SELECT 1 FROM information_schema.ROUTINES"
            + " WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME = ?";
  }
}
