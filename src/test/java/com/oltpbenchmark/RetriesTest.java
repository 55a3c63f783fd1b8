package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.types.State;
import com.oltpbenchmark.types.TransactionStatus;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** doWork's retry rules and status, abort-message and SQLState counting. */
class RetriesTest {
  @TempDir Path dir;

  /** One serial latency run of a single type: two doWork calls (cold, then measured). */
  private EngineHarness.Run runTwice(String type, int retries, String testbench) throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_r1_retries");
    String body =
        "<terminals>1</terminals><loaderThreads>1</loaderThreads>"
            + "<retries>"
            + retries
            + "</retries><testbench>"
            + testbench
            + "</testbench>"
            + "<works><work><serial>true</serial><rate>unlimited</rate><weights>100</weights>"
            + "</work></works>"
            + EngineHarness.types(type);
    return EngineHarness.run(EngineHarness.write(dir, "retries.xml", EngineHarness.xml(db, body)));
  }

  private static Map<String, Long> errorStates(EngineHarness.Run r) {
    Map<String, Long> out = new HashMap<>();
    for (Worker<? extends BenchmarkModule> w : r.workers) {
      for (Map<String, Long> m : w.getErrorStates().values()) {
        m.forEach((k, v) -> out.merge(k, v, Long::sum));
      }
    }
    return out;
  }

  @ParameterizedTest(name = "SQLState {0}, vendor code {1}")
  @CsvSource({"40001, 0", "40P01, 0", "40001, 1213", "HY000, 1205", "41000, 1205"})
  void serializationFailuresAndDeadlocksAreRetried(String state, int code) throws Exception {
    EngineHarness.Run r =
        runTwice(
            "RetryTwice",
            3,
            "<retryState>"
                + state
                + "</retryState><retryCode>"
                + code
                + "</retryCode>"
                + "<failures>2</failures>");
    assertEquals(4, r.count(TransactionStatus.RETRY), "two failed attempts per transaction");
    assertEquals(2, r.count(TransactionStatus.SUCCESS), "the third attempt succeeds");
    assertEquals(0, r.count(TransactionStatus.ERROR));
    assertEquals(Map.of(state, 4L), errorStates(r));
    assertEquals(State.EXIT, r.outcome.finalState);
  }

  @Test
  void givesUpWhenRetriesAreExhausted() throws Exception {
    EngineHarness.Run r = runTwice("RetryTwice", 2, "<failures>100</failures>");
    assertEquals(4, r.count(TransactionStatus.RETRY), "two attempts per transaction, both fail");
    assertEquals(0, r.count(TransactionStatus.SUCCESS));
    assertEquals(1, r.collector.getMeasuredRequests(), "the measured call still gives a sample");
  }

  @Test
  void otherSqlErrorsAreNotRetried() throws Exception {
    EngineHarness.Run r =
        runTwice(
            "RetryTwice",
            3,
            "<retryState>23505</retryState><retryCode>0</retryCode><failures>100</failures>");
    assertEquals(2, r.count(TransactionStatus.ERROR));
    assertEquals(0, r.count(TransactionStatus.RETRY));
    assertEquals(Map.of("23505", 2L), errorStates(r));
    assertEquals(State.EXIT, r.outcome.finalState, "an SQL error does not end the run");
  }

  @Test
  void userAbortsAreCountedWithTheirMessageAndNotRetried() throws Exception {
    EngineHarness.Run r = runTwice("Abort", 3, "");
    assertEquals(2, r.count(TransactionStatus.USER_ABORTED));
    assertEquals(0, r.count(TransactionStatus.RETRY));
    Map<TransactionType, Map<String, Long>> messages = r.workers.get(0).getAbortMessages();
    assertEquals(1, messages.size());
    assertEquals(Map.of("precondition UNIQUE failed", 2L), messages.values().iterator().next());
  }

  @Test
  void retryClassification() {
    assertTrue(Worker.isRetryable(new SQLException("x", "40001", 0), DatabaseType.POSTGRES));
    assertTrue(Worker.isRetryable(new SQLException("x", "40P01", 0), DatabaseType.POSTGRES));
    assertTrue(Worker.isRetryable(new SQLException("x", "40001", 1213), DatabaseType.MYSQL));
    assertTrue(Worker.isRetryable(new SQLException("x", "HY000", 1205), DatabaseType.MARIADB));
    assertTrue(Worker.isRetryable(new SQLRecoverableException("x", "08000"), DatabaseType.MYSQL));
    assertTrue(Worker.isRetryable(new SQLException("busy", null, 5), DatabaseType.SQLITE));
    assertFalse(Worker.isRetryable(new SQLException("x", "23505", 0), DatabaseType.POSTGRES));
    assertFalse(Worker.isRetryable(new SQLException("x", "42P01", 0), DatabaseType.POSTGRES));
    assertFalse(Worker.isRetryable(new SQLException("x", "23000", 1062), DatabaseType.MYSQL));
  }
}
