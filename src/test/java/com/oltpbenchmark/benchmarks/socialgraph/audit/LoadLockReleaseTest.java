package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A closed load lock is free at once, not only once the server has noticed the disconnect (a
 * PostgreSQL backend exits a moment after its client left): a create or load that follows the
 * previous one straight away must not be refused as concurrent.
 */
class LoadLockReleaseTest {

  private static final int ROUNDS = 30;

  @ParameterizedTest
  @ValueSource(strings = {"postgres", "mariadb"})
  void aClosedLockIsFreeAtOnce(String kind) throws Exception {
    TestDatabase db =
        kind.equals("postgres")
            ? TestDatabase.postgres("sg_lock_release")
            : TestDatabase.mariadb("sg_lock_release");
    String held =
        kind.equals("postgres")
            ? "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND database ="
                + " (SELECT oid FROM pg_database WHERE datname = current_database())"
                + " AND ((classid::bigint << 32) | objid::bigint) = "
                + LoadLock.PG_KEY
            : "SELECT 1 - IS_FREE_LOCK(CONCAT('" + LoadLock.MYSQL_PREFIX + "', DATABASE()))";
    try (Connection observer = db.connect();
        Statement st = observer.createStatement()) {
      for (int i = 0; i < ROUNDS; i++) {
        LoadLock.acquire(db.connect(), db.url).close();
        try (ResultSet rs = st.executeQuery(held)) {
          rs.next();
          assertTrue(rs.getLong(1) == 0, "round " + i + ": the lock is still held after close");
        }
      }
    }
  }
}
