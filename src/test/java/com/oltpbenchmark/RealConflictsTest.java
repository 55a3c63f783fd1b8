package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.TransactionStatus;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junitpioneer.jupiter.RetryingTest;

/**
 * Real conflicts from real servers: concurrent read-then-update of one row under SERIALIZABLE fails
 * with the server's own SQLState (PostgreSQL 40001, MariaDB deadlock 1213), which the runtime
 * retries; every success is exactly one increment.
 */
class RealConflictsTest {
  @TempDir Path dir;

  private void contend(TestDatabase db, String expectedState) throws Exception {
    String body =
        "<terminals>4</terminals><retries>20</retries>"
            + "<isolation>TRANSACTION_SERIALIZABLE</isolation><testbench><rows>1</rows></testbench>"
            + "<works><work><time>2</time><rate>unlimited</rate><weights>100</weights></work>"
            + "</works>"
            + EngineHarness.types("ReadThenUpdate");
    EngineHarness.Run r =
        EngineHarness.run(EngineHarness.write(dir, "conflicts.xml", EngineHarness.xml(db, body)));
    long success = r.count(TransactionStatus.SUCCESS);
    long retried = r.count(TransactionStatus.RETRY);
    assertTrue(success > 10, "successes " + success);
    assertTrue(retried > 0, "conflicts were retried: " + retried);
    assertEquals(0, r.count(TransactionStatus.ERROR), "conflicts are never counted as errors");
    Map<String, Long> states = new HashMap<>();
    for (Worker<? extends BenchmarkModule> w : r.workers) {
      w.getErrorStates().values().forEach(m -> m.forEach((k, v) -> states.merge(k, v, Long::sum)));
    }
    assertTrue(states.containsKey(expectedState), "SQLStates seen: " + states);
    assertEquals(
        success,
        db.firstLong("SELECT v FROM kv WHERE k = 0"),
        "each committed transaction incremented once");
  }

  @RetryingTest(3)
  void postgresSerializationFailuresAreRetried() throws Exception {
    contend(TestDatabase.postgres("bb_r1_conflicts"), "40001");
  }

  @Test
  void mariadbDeadlocksAreRetried() throws Exception {
    contend(TestDatabase.mariadb("bb_r1_conflicts"), "40001");
  }
}
