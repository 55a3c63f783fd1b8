package com.oltpbenchmark.benchmarks.socialgraph.database;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.benchmarks.socialgraph.loader.LoadStrategy;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.SqlDialect;
import com.oltpbenchmark.types.DatabaseType;
import org.junit.jupiter.api.Test;

/** One family per database type, and the loader and the SQL dialect agree on it. */
class DatabaseFamilyTest {

  @Test
  void loaderStrategyAndDialectFollowTheOneFamily() {
    for (DatabaseType type : DatabaseType.values()) {
      DatabaseFamily family = DatabaseFamily.of(type);
      String expected = family == DatabaseFamily.OTHER ? "OTHER" : family.name();
      assertEquals(expected, LoadStrategy.of(type).name(), "loader of " + type);
      assertEquals(
          family == DatabaseFamily.OTHER ? "GENERIC" : family.name(),
          SqlDialect.of(type).name(),
          "dialect of " + type);
    }
    // MyRocks is MySQL's SQL with another engine (the two lookups used to disagree on it)
    assertEquals(DatabaseFamily.MYSQL, DatabaseFamily.of(DatabaseType.MYROCKS));
    assertEquals(DatabaseFamily.MYSQL, DatabaseFamily.of(DatabaseType.MARIADB));
    assertEquals(DatabaseFamily.OTHER, DatabaseFamily.of(null));
  }

  @Test
  void driversAreToldApartByName() {
    assertEquals(JdbcDriver.POSTGRESQL, JdbcDriver.byName("PostgreSQL JDBC Driver"));
    assertEquals(JdbcDriver.MARIADB, JdbcDriver.byName("MariaDB Connector/J"));
    assertEquals(JdbcDriver.MYSQL, JdbcDriver.byName("MySQL Connector/J"));
    assertEquals(JdbcDriver.OTHER, JdbcDriver.byName("SQLite JDBC"));
    assertEquals(JdbcDriver.OTHER, JdbcDriver.byName(null));
  }
}
