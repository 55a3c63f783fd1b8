package com.oltpbenchmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** How a failed attempt is labelled under summary.json's "Error SQLStates". */
class WorkerErrorLabelTest {
  private static final SQLException DEADLOCK =
      new SQLException("Deadlock found when trying to get lock", "40001", 1213);

  @Test
  void aDeadlockAtCommitIsACertificationConflict() {
    assertEquals("40001 certification", Worker.errorLabel(DEADLOCK, true));
  }

  @Test
  void aDeadlockDuringAStatementIsALocalLockConflict() {
    assertEquals("40001", Worker.errorLabel(DEADLOCK, false));
  }

  @Test
  void otherFailuresAtCommitKeepTheirState() {
    assertEquals(
        "40001", Worker.errorLabel(new SQLException("could not serialize", "40001", 0), true));
    assertEquals("null", Worker.errorLabel(new SQLException("gone"), true));
  }
}
