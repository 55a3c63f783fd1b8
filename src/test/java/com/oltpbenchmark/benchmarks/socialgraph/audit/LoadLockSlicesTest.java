package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.config.DriverShare;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The load lock of a load in slices: slices load side by side, one slice is not loaded twice at
 * once, and a slice is refused while a whole create or load runs (and, on PostgreSQL with its
 * shared locks, the other way round).
 */
class LoadLockSlicesTest {

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres", "mariadb"})
  void slicesShareTheDatabaseButNotASlice(String kind) throws Exception {
    TestDatabase db =
        switch (kind) {
          case "sqlite" -> TestDatabase.sqlite(dir, "sg_lock_slices");
          case "postgres" -> TestDatabase.postgres("sg_lock_slices");
          default -> TestDatabase.mariadb("sg_lock_slices");
        };
    DriverShare one = new DriverShare(1, 2);
    DriverShare two = new DriverShare(2, 2);
    try (LoadLock first = LoadLock.acquire(db.connect(), db.url, one);
        LoadLock second = LoadLock.acquire(db.connect(), db.url, two)) {
      IllegalStateException again =
          assertThrows(
              IllegalStateException.class, () -> LoadLock.acquire(db.connect(), db.url, one));
      assertTrue(again.getMessage().contains("another load of slice 1/2"), again.getMessage());
      if (kind.equals("postgres")) {
        // elsewhere a whole load only finds the slices' own locks, which it does not look for
        assertThrows(IllegalStateException.class, () -> LoadLock.acquire(db.connect(), db.url));
      }
    }
    try (LoadLock whole = LoadLock.acquire(db.connect(), db.url)) {
      IllegalStateException during =
          assertThrows(
              IllegalStateException.class, () -> LoadLock.acquire(db.connect(), db.url, two));
      assertTrue(
          during.getMessage().contains("a create or load of the whole graph"), during.getMessage());
    }
    LoadLock.acquire(db.connect(), db.url, one).close();
  }

  /**
   * The lock is the configured type's family's: a type whose family knows no lock takes none, even
   * on a SQLite file, whose detected family would lock it.
   */
  @Test
  void theConfiguredFamilyDecidesTheLock() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "sg_lock_family");
    try (LoadLock sqlite = LoadLock.acquire(db.connect(), db.url, DatabaseType.SQLITE, one());
        LoadLock none = LoadLock.acquire(db.connect(), db.url, DatabaseType.HSQLDB, one())) {
      assertNotNull(none, "no lock to take, so none is refused");
      assertThrows(
          IllegalStateException.class,
          () -> LoadLock.acquire(db.connect(), db.url, DatabaseType.SQLITE, one()));
      assertThrows(
          IllegalStateException.class, () -> LoadLock.acquire(db.connect(), db.url, one()));
    }
  }

  private static DriverShare one() {
    return new DriverShare(1, 2);
  }
}
