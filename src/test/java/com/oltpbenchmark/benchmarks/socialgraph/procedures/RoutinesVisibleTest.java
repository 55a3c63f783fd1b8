package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A worker's connection waits for the server routines before its first call: a Galera node applies
 * another node's CREATE PROCEDURE after that node returned. Here a second session plays the lagging
 * node: the routines appear on the database while the worker's connection, in its own transaction,
 * is waiting.
 */
class RoutinesVisibleTest {

  private static ServerWriteRoutines mariaDbRoutines() {
    return ServerWriteRoutines.forDatabase(DatabaseType.MARIADB).orElseThrow();
  }

  @Test
  void aWorkerWaitsUntilRoutinesCreatedElsewhereAppear() throws Exception {
    TestDatabase db = TestDatabase.mariadb("sg_routines_visible");
    ServerWriteRoutines routines = mariaDbRoutines();
    try (Connection worker = db.connect();
        Connection creator = db.connect()) {
      worker.setAutoCommit(false);
      creator.setAutoCommit(true);
      long start = System.nanoTime();
      CompletableFuture<Void> waiting =
          CompletableFuture.runAsync(
              () -> {
                try {
                  routines.awaitVisible(worker, 30_000);
                } catch (SQLException e) {
                  throw new IllegalStateException(e);
                }
              });
      Thread.sleep(300);
      assertTrue(!waiting.isDone(), "returned before the routines existed");
      routines.install(creator);
      waiting.get(20, TimeUnit.SECONDS);
      assertTrue(System.nanoTime() - start >= 300_000_000L, "waited for the routines");
    }
  }

  @Test
  void routinesThatNeverAppearEndTheWaitWithTheirName() throws Exception {
    TestDatabase db = TestDatabase.mariadb("sg_routines_missing");
    try (Connection worker = db.connect()) {
      worker.setAutoCommit(false);
      SQLException e =
          assertThrows(SQLException.class, () -> mariaDbRoutines().awaitVisible(worker, 200));
      assertTrue(e.getMessage().contains("sg_write_link_v"), e.getMessage());
      assertTrue(e.getMessage().contains("not visible"), e.getMessage());
    }
  }
}
