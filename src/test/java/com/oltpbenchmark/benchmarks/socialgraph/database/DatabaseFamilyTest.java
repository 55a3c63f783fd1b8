package com.oltpbenchmark.benchmarks.socialgraph.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.types.DatabaseType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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

  @Test
  void everyTypeBelongsToTheFamilyOfItsSqlFiles() {
    Map<DatabaseType, DatabaseFamily> expected = new EnumMap<>(DatabaseType.class);
    for (DatabaseType t : DatabaseType.values()) {
      expected.put(t, DatabaseFamily.OTHER);
    }
    expected.put(DatabaseType.POSTGRES, DatabaseFamily.POSTGRES);
    expected.put(DatabaseType.COCKROACHDB, DatabaseFamily.COCKROACHDB);
    expected.put(DatabaseType.MYSQL, DatabaseFamily.MYSQL);
    expected.put(DatabaseType.MARIADB, DatabaseFamily.MYSQL);
    expected.put(DatabaseType.MYROCKS, DatabaseFamily.MYSQL);
    expected.put(DatabaseType.SQLITE, DatabaseFamily.SQLITE);
    for (DatabaseType t : DatabaseType.values()) {
      assertEquals(expected.get(t), DatabaseFamily.of(t), t.name());
      DatabaseFamily f = DatabaseFamily.of(t);
      assertEquals(f != DatabaseFamily.OTHER, f.types().contains(t), t + " listed by " + f);
    }
  }

  @Test
  void sqliteCodesAreLockConflictsOnlyOnSqliteAndServerCodesEverywhereElse() {
    SQLException busy = new SQLException("busy", null, 5);
    SQLException busySnapshot = new SQLException("busy snapshot", null, 517);
    SQLException locked = new SQLException("locked", null, 6);
    SQLException lockTimeout = new SQLException("lock timeout", "55P03", 0);
    SQLException deadlock = new SQLException("deadlock", "HY000", 1213);
    SQLException lockWait = new SQLException("lock wait", "HY000", 1205);
    SQLException constraint = new SQLException("constraint", null, 19);
    for (DatabaseFamily f : DatabaseFamily.values()) {
      boolean sqlite = f == DatabaseFamily.SQLITE;
      for (SQLException e : List.of(busy, busySnapshot, locked)) {
        assertEquals(sqlite, f.isLockConflict(e), f + ": " + e.getErrorCode());
      }
      for (SQLException e : List.of(lockTimeout, deadlock, lockWait)) {
        assertEquals(!sqlite, f.isLockConflict(e), f + ": " + e.getMessage());
      }
      assertFalse(f.isLockConflict(constraint), f.name());
    }
  }

  @Test
  void eachFamilySaysHowItsLoadIsLockedAndWhereItsInDoubtTransactionsAre() {
    Map<DatabaseFamily, LoadLockKind> locks =
        Map.of(
            DatabaseFamily.POSTGRES, LoadLockKind.ADVISORY,
            // as before the family was asked: pgjdbc names CockroachDB "PostgreSQL"
            DatabaseFamily.COCKROACHDB, LoadLockKind.ADVISORY,
            DatabaseFamily.MYSQL, LoadLockKind.NAMED,
            DatabaseFamily.SQLITE, LoadLockKind.FILE,
            DatabaseFamily.OTHER, LoadLockKind.NONE);
    Map<DatabaseFamily, PreparedTransactionList> prepared =
        Map.of(
            DatabaseFamily.POSTGRES, PreparedTransactionList.PG_PREPARED_XACTS,
            DatabaseFamily.COCKROACHDB, PreparedTransactionList.NOT_KNOWN,
            DatabaseFamily.MYSQL, PreparedTransactionList.XA_RECOVER,
            DatabaseFamily.SQLITE, PreparedTransactionList.NONE_EXIST,
            DatabaseFamily.OTHER, PreparedTransactionList.NOT_KNOWN);
    for (DatabaseFamily f : DatabaseFamily.values()) {
      assertEquals(locks.get(f), f.loadLock(), f.name());
      assertEquals(prepared.get(f), f.preparedTransactions(), f.name());
      assertEquals(f == DatabaseFamily.MYSQL, f.namesTableEngines(), f.name());
    }
  }

  @Test
  void onlyMyRocksAsksForAnEngineTheServerMayLack() {
    for (DatabaseType t : DatabaseType.values()) {
      DatabaseFamily f = DatabaseFamily.of(t);
      if (t == DatabaseType.MYROCKS) {
        assertEquals("ROCKSDB", f.storageEngine(t));
        assertEquals("scripts/myrocks-server.sh start", f.storageEngineServer(t));
      } else {
        assertNull(f.storageEngine(t), t.name());
        assertNull(f.storageEngineServer(t), t.name());
      }
    }
  }

  /**
   * What differs per database is asked of the family: no module class outside this package names a
   * database type or tells servers apart by their product name, so a type added to a family changes
   * its SQL files and the family's constant only.
   */
  @Test
  void noModuleClassOutsideTheFamilyBranchesOnTheDatabase() throws IOException {
    Path module = Path.of("src/main/java/com/oltpbenchmark/benchmarks/socialgraph");
    Pattern perDatabase =
        Pattern.compile(
            "DatabaseType\\.[A-Z]|\\.contains\\(\"(?:mysql|mariadb|postgres|sqlite|cockroach)");
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(module)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        if (file.startsWith(module.resolve("database"))) {
          continue;
        }
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
          if (perDatabase.matcher(lines.get(i)).find()) {
            found.add(module.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).trim());
          }
        }
      }
    }
    assertTrue(found.isEmpty(), "ask DatabaseFamily instead: " + found);
  }
}
