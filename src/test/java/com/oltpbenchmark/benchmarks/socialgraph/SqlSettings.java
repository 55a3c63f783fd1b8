package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.benchmarks.socialgraph.procedures.ServerWriteRoutines;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.util.List;

/**
 * The database, driver and run settings docs/sql.md lists requests for: one per database family the
 * module writes SQL for, and per choice that changes what a request sends there (the driver, {@code
 * <serverWrites>}, the isolation level).
 */
record SqlSettings(
    String name,
    String description,
    DatabaseType type,
    String driverName,
    String url,
    String product,
    int isolation,
    boolean serverWrites) {

  private static final int RC = Connection.TRANSACTION_READ_COMMITTED;
  private static final int RR = Connection.TRANSACTION_REPEATABLE_READ;
  private static final int SERIALIZABLE = Connection.TRANSACTION_SERIALIZABLE;

  private static final String PGJDBC = "PostgreSQL JDBC Driver";
  private static final String MARIADB_J = "MariaDB Connector/J";

  static final SqlSettings POSTGRES =
      new SqlSettings(
          "PostgreSQL",
          "pgjdbc, READ COMMITTED as in the sample, `<serverWrites>` at its default (`auto`)",
          DatabaseType.POSTGRES,
          PGJDBC,
          "jdbc:postgresql://127.0.0.1:5432/benchbase",
          "PostgreSQL",
          RC,
          true);

  static final SqlSettings MARIADB =
      new SqlSettings(
          "MariaDB",
          "MariaDB, MyRocks, Galera and Spider with MariaDB Connector/J and"
              + " `allowMultiQueries=true` as the samples set it, REPEATABLE READ",
          DatabaseType.MARIADB,
          MARIADB_J,
          "jdbc:mariadb://127.0.0.1:3306/benchbase?allowMultiQueries=true",
          "MariaDB",
          RR,
          true);

  /** The settings whose requests are listed, in the order the docs list them. */
  static final List<SqlSettings> LISTED =
      List.of(
          POSTGRES,
          MARIADB,
          new SqlSettings(
              "MySQL Connector/J",
              "MySQL with MySQL Connector/J",
              DatabaseType.MYSQL,
              "MySQL Connector/J",
              "jdbc:mysql://127.0.0.1:3306/benchbase",
              "MySQL",
              RR,
              true),
          POSTGRES.withoutServerWrites("PostgreSQL, no server writes"),
          MARIADB.withoutServerWrites("MariaDB, no server writes"),
          new SqlSettings(
              "SQLite",
              "the embedded SQLite, SERIALIZABLE",
              DatabaseType.SQLITE,
              "SQLite JDBC",
              "jdbc:sqlite:benchbase.db",
              "SQLite",
              SERIALIZABLE,
              false),
          new SqlSettings(
              "CockroachDB",
              "CockroachDB with pgjdbc: written from its documentation, not run here",
              DatabaseType.COCKROACHDB,
              PGJDBC,
              "jdbc:postgresql://127.0.0.1:26257/benchbase",
              "PostgreSQL",
              SERIALIZABLE,
              false),
          new SqlSettings(
              "other",
              "any other `<type>`: the procedures' portable MySQL-form SQL (e.g. HSQLDB)",
              DatabaseType.HSQLDB,
              "HSQL Database Engine Driver",
              "jdbc:hsqldb:mem:benchbase",
              "HSQL Database Engine",
              SERIALIZABLE,
              false));

  /** The settings of the delivery table: the listed ones and the driver choices around them. */
  static final List<SqlSettings> DELIVERY =
      List.of(
          POSTGRES,
          LISTED.get(3),
          MARIADB,
          new SqlSettings(
              "MariaDB without multi-queries",
              "MariaDB Connector/J without `allowMultiQueries=true`",
              DatabaseType.MARIADB,
              MARIADB_J,
              "jdbc:mariadb://127.0.0.1:3306/benchbase",
              "MariaDB",
              RR,
              true),
          new SqlSettings(
              "MariaDB at SERIALIZABLE",
              "InnoDB locks a plain SELECT at SERIALIZABLE only outside autocommit, which is kept",
              DatabaseType.MARIADB,
              MARIADB_J,
              MARIADB.url(),
              "MariaDB",
              SERIALIZABLE,
              true),
          LISTED.get(4),
          LISTED.get(2),
          LISTED.get(5),
          LISTED.get(6),
          LISTED.get(7));

  private SqlSettings withoutServerWrites(String name) {
    return new SqlSettings(
        name,
        "as " + this.name + ", with `<serverWrites>false</serverWrites>`: every write step by step",
        type,
        driverName,
        url,
        product,
        isolation,
        false);
  }

  /** The run's server routines under these settings, or null. */
  ServerWriteRoutines routines() {
    return serverWrites ? ServerWriteRoutines.forDatabase(type).orElse(null) : null;
  }
}
