package com.oltpbenchmark.benchmarks.socialgraph.database;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.types.DatabaseType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One family per database type, and what each family knows. */
class DatabaseFamilyTest {

  @Test
  void myRocksAndMariadbAreMysqlsFamily() {
    // MyRocks is MySQL's SQL with another engine (two lookups used to disagree on it)
    assertEquals(DatabaseFamily.MYSQL, DatabaseFamily.of(DatabaseType.MYROCKS));
    assertEquals(DatabaseFamily.MYSQL, DatabaseFamily.of(DatabaseType.MARIADB));
    assertEquals(DatabaseFamily.OTHER, DatabaseFamily.of(null));
    assertEquals(DatabaseFamily.OTHER, DatabaseFamily.of(DatabaseType.HSQLDB));
  }

  @Test
  void routinesAndHintsAreWrittenForPostgresAndMysqlOnly() {
    for (DatabaseFamily f : DatabaseFamily.values()) {
      boolean written = f == DatabaseFamily.POSTGRES || f == DatabaseFamily.MYSQL;
      assertEquals(written, f.routines() != null, "routines of " + f);
      assertEquals(written, f.readsInOneStatement(), "one-statement reads of " + f);
      assertEquals(f == DatabaseFamily.MYSQL, !f.rangeIndexHint().isEmpty(), "hint of " + f);
    }
    assertEquals(RoutineSql.POSTGRES, DatabaseFamily.POSTGRES.routines());
    assertEquals(RoutineSql.MYSQL, DatabaseFamily.MYSQL.routines());
  }

  @Test
  void onlyPostgresCopiesAndDefersIndexesAndOnlyOtherLeavesNodeIdsAlone() {
    for (DatabaseFamily f : DatabaseFamily.values()) {
      assertEquals(f == DatabaseFamily.POSTGRES, f.copiesRowsInBulk(), "copy of " + f);
      assertEquals(
          f == DatabaseFamily.POSTGRES, f.buildsSecondaryIndexesAfterLoad(), "indexes of " + f);
      assertEquals(f == DatabaseFamily.OTHER, f.nodeIdStatements(7).isEmpty(), "ids of " + f);
    }
    assertEquals(
        List.of("ALTER TABLE nodetable AUTO_INCREMENT = 7"),
        DatabaseFamily.MYSQL.nodeIdStatements(7));
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
